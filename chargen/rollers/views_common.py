"""What both roller sheets' views share: templates, refused-roll placement, the one-time key."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.core.paginator import Page
from django.db.models import QuerySet
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.safestring import SafeString

from chargen.core.http import HtmxHttpRequest
from chargen.core.log import ROLL_ALREADY_SAVED
from chargen.rollers import services
from chargen.rollers.forms import (
    UniquePushForm,
)
from chargen.rollers.forms_mana_rolls import (
    ContestForm,
)
from chargen.rollers.models import (
    ManaCharacter,
    ManaRollEntry,
    ManaRollKind,
    UniqueCharacter,
    UniqueRollEntry,
    UniqueRollKind,
)
from chargen.rollers.remembered_choices import kept
from rules.errors import DiceError, RulesError

# Another tab or device has used the sheet since this form's roll: the latest roll shown
# is not that one, so the notice must not say it is.
LEFT_BEHIND = (
    "Nothing was rolled: this form's roll (#{sequence}) was already saved, and the sheet "
    "has changed since. Here it is as it is now."
)


def already_saved_notice(sequence: int, *, newest: bool) -> str:
    """What a form already used is told: its roll is the latest shown, or it is not."""
    return ROLL_ALREADY_SAVED if newest else LEFT_BEHIND.format(sequence=sequence)


def replayed_notice(
    character: UniqueCharacter | ManaCharacter, earlier: UniqueRollEntry | ManaRollEntry
) -> str:
    """`already_saved_notice` for a row found before the form was read (Back, a reload)."""
    newest = services.next_sequence(character) == earlier.sequence + 1
    return already_saved_notice(earlier.sequence, newest=newest)


def page_template(request: HtmxHttpRequest, page: str, partial: str) -> str:
    """The full page for a plain request, its named partial for an htmx swap."""
    return f"rollers/{page}.html#{partial}" if request.htmx else f"rollers/{page}.html"


def roll_error_field(error: RulesError) -> str | None:
    """Typed dice that do not fit go to the faces field; anything else to the whole form."""
    return "faces" if isinstance(error, DiceError) else None


def save_roll(
    *,
    form: forms.Form,
    save: Callable[[], Any],
    error_field: Callable[[RulesError], str | None],
    refused: Callable[[str], HttpResponse],
    done: Callable[[str], HttpResponse],
    unplaced_above_forms: bool = False,
) -> HttpResponse | None:
    """Run a service that saves a roll before it is shown; None means: show `form` again.

    A refusal about one field shows at that field. A stale form is said above the
    forms (they are redrawn for the sheet as it now is); so is any other refusal when
    `unplaced_above_forms` (the form itself may be hidden), else it heads the form.
    """
    try:
        saved = save()
    except services.StaleForm as error:
        return refused(str(error))
    except RulesError as error:
        field = error_field(error)
        if field is None and unplaced_above_forms:
            return refused(str(error))
        form.add_error(field, str(error))
        return None
    if saved.created:
        return done("")
    return done(already_saved_notice(saved.entry.sequence, newest=saved.newest))


def sequence_field(kind: str) -> str:
    """The posted name of a roll form's sequence (push and contest forms are prefixed)."""
    prefix: dict[str, str | None] = {
        UniqueRollKind.PUSH: UniquePushForm.prefix,
        ManaRollKind.CONTEST: ContestForm.prefix,
    }
    return f"{prefix[kind]}-sequence" if kind in prefix else "sequence"


def chosen_values(form: forms.Form, *, leave_out: tuple[str, ...] = ()) -> dict[str, Any]:
    """A valid form's choices as plain values (the sheet's rows by name, others by id:
    remembered_choices.py), to draw a form with them chosen again or to keep with a
    roll. Empty for an invalid form."""
    if not form.is_valid():
        return {}
    chosen: dict[str, Any] = {}
    for name, value in form.cleaned_data.items():
        if name not in form.fields or name in leave_out:
            continue
        if isinstance(value, QuerySet | list | tuple):
            chosen[name] = [kept(name, item) for item in value]
        else:
            chosen[name] = kept(name, value)
    return chosen


# The parts of a roll form that belong to one roll only, never carried to the next.
ONE_ROLL_ONLY = ("sequence", "physical", "faces", "opponent_faces")


def shared_sheet(
    request: HtmxHttpRequest,
    character: UniqueCharacter | ManaCharacter,
    page: Page[Any],
    log_rows: list[SafeString],
) -> HttpResponse:
    """A sheet as the players and GM of the table it is shown at read it: no form, no
    control, only who owns it and what it rolled."""
    context = {
        "character": character,
        "log_page": page,
        "log_url": character.get_absolute_url(),
        "log_rows": log_rows,
        "system_label": "Unique-dice pool"
        if isinstance(character, UniqueCharacter)
        else "Roll and keep",
    }
    return render(request, "rollers/shared_sheet.html", context)
