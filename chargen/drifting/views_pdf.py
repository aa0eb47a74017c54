"""A finished Drifting character's token sheet as a PDF.

Found through `character_for_viewer`, the sheet page's own check (its owner, or its
campaign's GM); anyone else, and a character still in the wizard, gets a 404.
"""

from __future__ import annotations

import uuid

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from chargen.core.pdf import pdf_filename, pdf_response
from chargen.drifting import services
from chargen.drifting.access import character_for_viewer


@login_required
@require_safe
def sheet_pdf(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_viewer(request.user, character_id)
    if not character.is_finished:
        raise Http404("This character has no sheet yet.")
    context = {
        "character": character,
        "lifepaths": services.chosen_lifepaths(character),
        "token_rows": list(services.token_sheet(character).values()),
    }
    filename = pdf_filename(character.name, "drifter")
    return pdf_response(request, "drifting/pdf.html", context, filename)
