"""The ETags of an Infinity Drive character's sheet, print page and PDF (core/etags.py).

Read through `character_for_viewer`, the sheet's own check, with its campaign and race in
the same query: the race adds its GM's decision (a proposed race approved or rejected
changes the sheet, not the character's row), a character outside any campaign the
campaigns its owner may bring it into, the PDF its viewer's paper.
"""

from __future__ import annotations

import uuid

from django.http import HttpRequest

from chargen.core.etags import page_etag, subject_state
from chargen.core.paper import paper_for
from chargen.infinity_drive.access import character_for_viewer
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
