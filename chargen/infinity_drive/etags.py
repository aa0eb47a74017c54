"""The ETags of an Infinity Drive character's sheet, print page and PDF, and of the
party's print page and PDF (core/etags.py).

A sheet is read through `character_for_viewer`, the sheet's own check, with its campaign
and race in the same query: the race adds its GM's decision (a proposed race approved or
rejected changes the sheet, not the character's row), a character outside any campaign
the campaigns its owner may bring it into, the PDF its viewer's paper.

The party's pages are read through `campaign_for_member`, their own check: their version
is the campaign's row and each approved character's sheet state (its log version, its
row, its race's decision), in one query however many characters. A character approved,
sent back or deleted changes the list; a roll, a note or an undo changes its log version.
"""

from __future__ import annotations

import uuid

from django.http import HttpRequest

from chargen.campaigns.access import campaign_for_member
from chargen.campaigns.models import Campaign
from chargen.content.pinned import current_content_version
from chargen.core.etags import page_etag, subject_state
from chargen.core.paper import paper_for
from chargen.infinity_drive.access import character_for_viewer
from chargen.infinity_drive.gm.party import approved_characters
from chargen.infinity_drive.models import Character, CharacterStatus
from chargen.infinity_drive.services_bring import campaigns_to_bring_into


def _state(character: Character) -> list[object]:
    race = character.race
    decided = None if race is None else [str(race.pk), race.status, race.decided_at]
    return [*subject_state(character), decided, bring_choices(character)]


def bring_choices(character: Character) -> list[object]:
    """A finished character outside any campaign offers its owner's campaigns to be
    brought into (one query): joining one, or its change, changes the sheet."""
    if character.campaign_id is not None or character.status != CharacterStatus.FINISHED:
        return []
    campaigns = campaigns_to_bring_into(character).values_list("pk", "updated")
    return [[str(pk), updated] for pk, updated in campaigns]


def sheet_etag(request: HttpRequest, character_id: uuid.UUID) -> str | None:
    return page_etag(request, _state(character_for_viewer(request.user, character_id)))


def sheet_pdf_etag(request: HttpRequest, character_id: uuid.UUID) -> str | None:
    character = character_for_viewer(request.user, character_id)
    return page_etag(request, _state(character), paper_for(request))


def party_state(campaign: Campaign) -> list[object]:
    """The state the party's sheets are drawn from: the campaign's row and each approved
    character's sheet state, with its owner's name and pinned content; the campaign's
    current content version when a character has none pinned (one made before content was
    pinned prints the current content, as `party_sheets` reads it)."""
    characters = list(approved_characters(campaign))
    state: list[object] = [str(campaign.pk), campaign.updated]
    for character in characters:
        character.campaign = campaign  # already read: share it
        owner = character.owner.get_username()
        state.append([*_state(character), owner, character.content_version_id])
    if any(not character.content_version_id for character in characters):
        state.append(current_content_version(campaign))
    return state


def party_print_etag(request: HttpRequest, campaign_id: uuid.UUID) -> str | None:
    return page_etag(request, party_state(campaign_for_member(request.user, campaign_id)))


def party_pdf_etag(request: HttpRequest, campaign_id: uuid.UUID) -> str | None:
    state = party_state(campaign_for_member(request.user, campaign_id))
    return page_etag(request, state, paper_for(request))
