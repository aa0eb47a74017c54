"""The ETags of the roller sheets and their PDFs (core/etags.py), read through the sheet
pages' own checks (a sheet is its owner's alone).

A roll-and-keep sheet's contest form lists the owner's other sheets' attributes and
specialities, so its ETag names every one of the owner's sheets (one query); an edit of
a sheet's rows saves the sheet too (`updated`), and a crisis crossed off touches it.
"""

from __future__ import annotations

import uuid

from django.http import HttpRequest

from chargen.campaigns.access import campaigns_for_user
from chargen.core.etags import page_etag, subject_state
from chargen.core.paper import paper_for
from chargen.rollers.access import (
    mana_character_for_owner,
    mana_character_for_reader,
    unique_character_for_owner,
    unique_character_for_reader,
)
from chargen.rollers.models import ManaCharacter, UniqueCharacter


def unique_etag(request: HttpRequest, character_id: uuid.UUID) -> str | None:
    # Read by the players of the table it is shown at too; the owner's page also lists
    # the campaigns they may show it at.
    character = unique_character_for_reader(request.user, character_id)
    return page_etag(request, subject_state(character), _campaigns_state(request, character))


def unique_pdf_etag(request: HttpRequest, character_id: uuid.UUID) -> str | None:
    character = unique_character_for_owner(request.user, character_id)
    return page_etag(request, subject_state(character), paper_for(request))


def mana_etag(request: HttpRequest, character_id: uuid.UUID) -> str | None:
    character = mana_character_for_reader(request.user, character_id)
    others = ManaCharacter.objects.filter(owner_id=character.owner_id).exclude(pk=character.pk)
    opponents = [
        [str(pk), updated] for pk, updated in others.order_by("pk").values_list("pk", "updated")
    ]
    return page_etag(
        request, subject_state(character), opponents, _campaigns_state(request, character)
    )


def mana_pdf_etag(request: HttpRequest, character_id: uuid.UUID) -> str | None:
    character = mana_character_for_owner(request.user, character_id)
    return page_etag(request, subject_state(character), paper_for(request))


def _campaigns_state(request: HttpRequest, character: UniqueCharacter | ManaCharacter) -> object:
    """The table choice: the sheet's campaign, and the owner's campaigns by name (one
    query, only on the owner's page)."""
    if character.owner_id != request.user.pk:
        return [str(character.campaign_id)]
    names = campaigns_for_user(request.user).order_by("pk").values_list("pk", "name")
    return [str(character.campaign_id), [[str(pk), name] for pk, name in names]]
