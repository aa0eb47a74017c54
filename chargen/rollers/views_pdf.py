"""The roller sheets as PDF files: the unique-dice pool and the roll-and-keep (mana) sheet.

Found through the sheet pages' own checks (`unique_character_for_owner`,
`mana_character_for_owner`): a roller sheet is its owner's alone, so anyone else gets
the same 404 as the sheet page gives.
"""

from __future__ import annotations

import uuid

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from chargen.core.etags import revalidated
from chargen.core.pdf import pdf_filename, pdf_response
from chargen.rollers import services
from chargen.rollers.access import mana_character_for_owner, unique_character_for_owner
from chargen.rollers.etags import mana_pdf_etag, unique_pdf_etag


@login_required
@require_safe
@revalidated(unique_pdf_etag)
def unique_pdf(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = unique_character_for_owner(request.user, character_id)
    track = services.crisis_track(character)
    context = {
        "character": character,
        "attributes": list(character.attributes.all()),
        "specials": list(character.specials.all()),
        "track": track,
        "physical_boxes": track.boxes("physical"),
        "mental_boxes": track.boxes("mental"),
        "crises": list(character.crises.select_related("push")),
    }
    filename = pdf_filename(character.name, "sheet")
    return pdf_response(request, "rollers/unique_pdf.html", context, filename)


@login_required
@require_safe
@revalidated(mana_pdf_etag)
def mana_pdf(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = mana_character_for_owner(request.user, character_id)
    context = {
        "character": character,
        "attributes": list(character.attributes.all()),
        "specialities": list(character.specialities.select_related("attribute")),
        "colours": list(character.colours.all()),
    }
    filename = pdf_filename(character.name, "sheet")
    return pdf_response(request, "rollers/mana_pdf.html", context, filename)
