"""The ETags of a Drifting character's token sheet and its PDF (core/etags.py), read
through `character_for_viewer`, the sheet's own check, with its campaign.

The token sheet's forms list the campaign's other finished characters (to assist or
share with) and the assists they left waiting, both written with a row of some
character's log: so its ETag names every finished character of the campaign, their log
versions and rows (one query); a character outside any campaign instead offers its
owner's campaigns to be brought into (one query). A character still in the wizard gets
no ETag: its page also reads the lifepaths open to it, which are not all pinned.

The campaign's party PDF is read through `campaign_for_member`, its own check, and prints
what `party_characters` lists to that viewer: its version is the campaign's row and each
listed character's log version and row (one query), and the campaign's current lifepath
version when a sheet is pinned to none.
"""

from __future__ import annotations

import uuid

from django.http import HttpRequest

from chargen.campaigns.access import campaign_for_member
from chargen.core.etags import page_etag, subject_state
from chargen.core.paper import paper_for
from chargen.drifting.access import character_for_viewer
from chargen.drifting.models import Character, CreationStep
from chargen.drifting.pinned import current_lifepath_version
from chargen.drifting.selectors import party_characters
from chargen.drifting.services_bring import campaigns_to_bring_into


def sheet_etag(request: HttpRequest, character_id: uuid.UUID) -> str | None:
    character = character_for_viewer(request.user, character_id)
    if not character.is_finished:
        return None
    companions: list[object] = []
    if character.campaign_id is None:
        # Its owner's campaigns to bring it into (a bring request's ask and answer touch
        # the character's row: services_bring.py).
        campaigns = campaigns_to_bring_into(character).values_list("pk", "updated")
        companions = [[str(pk), updated] for pk, updated in campaigns]
    else:
        rows = Character.objects.filter(
            campaign_id=character.campaign_id, step=CreationStep.FINISHED
        ).exclude(pk=character.pk)
        companions = [
            [str(pk), version, updated]
            for pk, version, updated in rows.order_by("pk").values_list(
                "pk", "log_version", "updated"
            )
        ]
    return page_etag(request, subject_state(character), companions)


def sheet_pdf_etag(request: HttpRequest, character_id: uuid.UUID) -> str | None:
    character = character_for_viewer(request.user, character_id)
    if not character.is_finished:
        return None  # the view answers 404
    return page_etag(request, subject_state(character), paper_for(request))


def party_pdf_etag(request: HttpRequest, campaign_id: uuid.UUID) -> str | None:
    campaign = campaign_for_member(request.user, campaign_id)
    rows = party_characters(campaign, request.user).values_list(
        "pk", "log_version", "updated", "rule_version_id"
    )
    listed = [[str(pk), version, updated, pinned] for pk, version, updated, pinned in rows]
    # A sheet pinned to no lifepath version prints the campaign's current lifepaths (the
    # view reads that version too, so a 304 records nothing a 200 would not).
    unpinned = any(pinned is None for *_, pinned in listed)
    current = current_lifepath_version(campaign) if unpinned else None
    return page_etag(
        request, [str(campaign.pk), campaign.updated], listed, current, paper_for(request)
    )
