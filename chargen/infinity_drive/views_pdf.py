"""Infinity Drive's sheets as PDF files: one character, and the party's approved sheets.

Each PDF goes through the same permission check as the page it prints (the sheet's
`character_for_viewer`, the party print's `campaign_for_member`), so anyone else gets
the same 404 as the page would give; each has the ETag of the page it prints
(chargen/infinity_drive/etags.py), so a repeat download is a 304.
"""

from __future__ import annotations

import uuid

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from chargen.campaigns.access import campaign_for_member
from chargen.core.etags import revalidated
from chargen.core.pdf import pdf_filename, pdf_response
from chargen.infinity_drive.etags import party_pdf_etag, sheet_pdf_etag
from chargen.infinity_drive.gm.party import party_sheets
from chargen.infinity_drive.views_finish import sheet_page_context


@login_required
@require_safe
@revalidated(sheet_pdf_etag)
def sheet_pdf(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    context = sheet_page_context(request, character_id)
    name = str(getattr(context["character"], "name", ""))
    return pdf_response(request, "characters/pdf.html", context, pdf_filename(name, "character"))


@login_required
@require_safe
@revalidated(party_pdf_etag)
def party_pdf(request: HttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    campaign = campaign_for_member(request.user, campaign_id)
    context = {"campaign": campaign, "sheets": party_sheets(campaign)}
    filename = pdf_filename(f"{campaign.name} party", "party")
    return pdf_response(request, "characters/desk/party_pdf.html", context, filename)
