"""One roll's history note, saved on its own as the player types: a thin view over
services_notes.py (who may, parse, call the service, answer).

htmx gets a tiny status fragment for the field's live region ("Saved", or why not),
and, when the save moved the log's one-time key, an `HX-Trigger` naming the old and
the new key so the page's other forms follow (static/js/chargen.js). A plain form post
(no JavaScript) is sent back to the step it came from, or shown why nothing was saved.
"""

from __future__ import annotations

import json
import uuid

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_POST

from chargen.core.htmx import see_other
from chargen.infinity_drive.access import character_for_owner
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.services_history import MAX_NOTE_LENGTH
from chargen.infinity_drive.services_notes import NoteSaved, note_save
from rules.errors import RulesError

# The steps a note field is on; a plain post goes back to the one it names.
BACK_STEPS = frozenset({"career", "skills", "equipment", "history"})
MISSING_SEQUENCE = "This note is missing its step number; reload the page."
LOG_MOVED_EVENT = "chargen-log-moved"


def note_field_name(roll: int) -> str:
    """The note's field name, the same beside the roll and on the history step."""
    return f"note_{roll}"


def _sequence(request: HttpRequest) -> int:
    try:
        return int(request.POST.get("sequence", ""))
    except ValueError:
        raise StepRefused(MISSING_SEQUENCE) from None


@login_required
@require_POST
def history_note(request: HttpRequest, character_id: uuid.UUID, roll: int) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    text = request.POST.get(note_field_name(roll), "")
    back = request.POST.get("back", "")
    back = back if back in BACK_STEPS else "history"
    try:
        saved = note_save(
            character=character, expected_sequence=_sequence(request), roll=roll, text=text
        )
    except (StepRefused, RulesError) as error:
        message = error.message if isinstance(error, StepRefused) else str(error)
        return _refused(request, character_id, roll, text, back, message)
    if not getattr(request, "htmx", False):
        return see_other(reverse(f"characters:{back}", args=[character_id]))
    return _saved(request, saved)


def _saved(request: HttpRequest, saved: NoteSaved) -> HttpResponse:
    response = render(request, "characters/_note_status.html", {"saved": saved})
    if saved.moved_to != saved.moved_from:
        response["HX-Trigger"] = json.dumps(
            {LOG_MOVED_EVENT: {"from": saved.moved_from, "to": saved.moved_to}}
        )
    return response


def _refused(
    request: HttpRequest, character_id: uuid.UUID, roll: int, text: str, back: str, message: str
) -> HttpResponse:
    """Why nothing was saved, at the field. htmx swaps only 2xx answers, so it hears 200
    and the fragment; a plain post hears 400 and a page that keeps what was typed."""
    if getattr(request, "htmx", False):
        return render(request, "characters/_note_status.html", {"error": message})
    context = {
        "error": message,
        "text": text,
        "limit": MAX_NOTE_LENGTH,
        "back_url": reverse(f"characters:{back}", args=[character_id]),
        "roll": roll,
    }
    return render(request, "characters/note_refused.html", context, status=400)
