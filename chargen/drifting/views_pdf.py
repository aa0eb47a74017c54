"""Drifting's sheets as PDF files: one finished character, and a campaign's party.

A sheet is found through `character_for_viewer`, the sheet page's own check (its owner,
or its campaign's GM); anyone else, and a character still in the wizard, gets a 404.
The party PDF goes through the campaign page's own check and shows what that page
lists: every finished character to the GM, a player's own to a player. Both have the
ETag of what they print (chargen/drifting/etags.py): a repeat download is a 304.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from chargen.campaigns.access import campaign_for_member
from chargen.core.etags import revalidated
from chargen.core.pdf import pdf_filename, pdf_response
from chargen.drifting import services
from chargen.drifting.access import character_for_viewer
from chargen.drifting.etags import party_pdf_etag, sheet_pdf_etag
from chargen.drifting.models import Character
from chargen.drifting.pinned import current_lifepath_version
from chargen.drifting.selectors import party_characters


def _sheet(character: Character, *, current: str | None = None) -> dict[str, Any]:
    return {
        "character": character,
        "lifepaths": services.chosen_lifepaths(character, current=current),
        "token_rows": list(services.token_sheet(character).values()),
    }


@login_required
@require_safe
@revalidated(sheet_pdf_etag)
def sheet_pdf(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_viewer(request.user, character_id)
    if not character.is_finished:
        raise Http404("This character has no sheet yet.")
    filename = pdf_filename(character.name, "drifter")
    return pdf_response(request, "drifting/pdf.html", _sheet(character), filename)


@login_required
@require_safe
@revalidated(party_pdf_etag)
def party_pdf(request: HttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    """Each finished character on its own page (Drifting has no approval step)."""
    campaign = campaign_for_member(request.user, campaign_id)
    # Every sheet's tokens and chosen lifepaths in one query each, however many sheets,
    # and the campaign's current lifepaths (for a sheet pinned to none) read once.
    characters = (
        party_characters(campaign, request.user)
        .select_related("campaign")
        .prefetch_related("tokens", "lifepaths")
    )
    listed = list(characters.order_by("name"))
    # Only a sheet pinned to no version reads the current one (which records it the
    # first time: a GET must not, unless a sheet needs it, as before).
    unpinned = any(not character.rule_version_id for character in listed)
    current = current_lifepath_version(campaign) if unpinned else None
    sheets = [_sheet(c, current=current) for c in listed]
    context = {"campaign": campaign, "sheets": sheets}
    filename = pdf_filename(f"{campaign.name} party", "party")
    return pdf_response(request, "drifting/party_pdf.html", context, filename)
