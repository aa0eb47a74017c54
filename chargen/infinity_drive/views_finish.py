"""The creation wizard, steps 7–9, and the character sheet: thin views (who may do this,
parse, call a service, render). Logic lives in services_finish.py.
"""

from __future__ import annotations

import re
import uuid
from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from chargen.core.etags import revalidated
from chargen.core.form_fields import choice_field
from chargen.core.htmx import after_post, client_redirect, refused_status
from chargen.infinity_drive import services_finish as services
from chargen.infinity_drive.access import character_for_owner, character_for_viewer
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.etags import sheet_etag
from chargen.infinity_drive.models import Character
from chargen.infinity_drive.part_two import BACKGROUND_ROLL
from chargen.infinity_drive.part_two_write import STALE
from chargen.infinity_drive.rendering import render_step
from chargen.infinity_drive.services_notes import roll_note_context
from chargen.infinity_drive.views_list import gm_decision_for
from chargen.infinity_drive.wizard.stepper import step, stepper
from rules.errors import RulesError

BACKGROUND_ROLLS = frozenset({BACKGROUND_ROLL})
STEP_TEMPLATES: dict[str, str] = {
    "equipment": "characters/step_equipment.html",
    "history": "characters/step_history.html",
    "review": "characters/step_review.html",
}


# --- Forms ---------------------------------------------------------------------------


MISSING_SEQUENCE = "This form is missing its step number; reload the page."


class SequenceForm(forms.Form):
    """The sequence number every step form carries: where it expects to write in the log."""

    sequence = forms.IntegerField(min_value=1, widget=forms.HiddenInput)


class OptionForm(SequenceForm):
    option = forms.ChoiceField(choices=(), widget=forms.RadioSelect, label="Equipment option")

    def __init__(self, *args: Any, choices: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "option").choices = choices


class QuantityForm(SequenceForm):
    item = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    quantity = forms.IntegerField(min_value=0, max_value=services.MAX_QUANTITY)


class BackgroundRollForm(SequenceForm):
    faces = forms.CharField(required=False, max_length=60)


MAX_AGE_TEXT = 40
MAX_AGE_YEARS = 10_000
TOO_LONG = "Keep this to at most %(limit_value)d characters (it has %(show_value)d)."
NOTE_TOO_LONG = (
    f"Keep this note to at most {services.MAX_NOTE_LENGTH:,} characters (it has %(show_value)d)."
)
# "34", "-3", "+12", "1,200": an age written as a number of years.
AGE_IN_YEARS = re.compile(r"[+-]?[0-9][0-9,]*")


class DetailsForm(SequenceForm):
    """Step 8: age and appearance, then one note per roll (added in __init__)."""

    age = forms.CharField(
        max_length=MAX_AGE_TEXT,
        error_messages={"max_length": f"Keep the age to {MAX_AGE_TEXT} characters or fewer."},
        help_text=f"Years (0 to {MAX_AGE_YEARS:,}), or a few words such as “about forty”.",
    )
    appearance = forms.CharField(
        max_length=services.MAX_NOTE_LENGTH,
        error_messages={"max_length": TOO_LONG},
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    def __init__(self, *args: Any, items: tuple[services.HistoryItem, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.items = items
        for item in items:
            self.fields[self.note_name(item)] = forms.CharField(
                required=False,
                max_length=services.MAX_NOTE_LENGTH,
                error_messages={"max_length": NOTE_TOO_LONG},
                initial=item.written_note,  # the prompt is the placeholder, never text
                label=item.title,
                widget=forms.Textarea(attrs={"rows": 2}),
            )

    def clean_age(self) -> str:
        """A short text (aliens age oddly), but a plain number must be a believable age."""
        age = self.cleaned_data["age"].strip()
        if AGE_IN_YEARS.fullmatch(age) and not 0 <= int(age.replace(",", "")) <= MAX_AGE_YEARS:
            raise forms.ValidationError(
                f"An age in years is a number from 0 to {MAX_AGE_YEARS:,}, not {age}. "
                "For anything stranger, write it in a few words."
            )
        return age

    @staticmethod
    def note_name(item: services.HistoryItem) -> str:
        return f"note_{item.sequence}"

    def notes(self) -> dict[int, str]:
        return {
            item.sequence: self.cleaned_data.get(self.note_name(item), "") for item in self.items
        }

    def note_fields(self) -> list[tuple[services.HistoryItem, forms.BoundField]]:
        return [(item, self[self.note_name(item)]) for item in self.items]


# --- Rendering -----------------------------------------------------------------------


def _context(finish: services.Finish, slug: str, **extra: Any) -> dict[str, Any]:
    progress = finish.progress
    context: dict[str, Any] = {
        "character": finish.character,
        "progress": progress,
        "state": progress.state,
        "finish": finish,
        "stepper": stepper(progress, slug),
        "current_step": slug,
        "step": step(slug),
        "sheet": services.sheet_context(finish),
        "gm_decision": gm_decision_for(finish.character),
    }
    context.update(extra)
    return context


def _page(
    request: HttpRequest,
    finish: services.Finish,
    slug: str,
    *,
    status: int = 200,
    **extra: Any,
) -> HttpResponse:
    extra.setdefault(
        "option_form",
        OptionForm(
            choices=finish.option_choices,
            # The first option offered (the book's standard one) is chosen until the
            # player picks another: one click fewer, and nothing is locked until pressed.
            initial={
                "sequence": finish.next_sequence,
                "option": next(iter(finish.option_choices), ("", ""))[0],
            },
        ),
    )
    if slug == "history":
        extra.setdefault("details_form", _details_form(finish))
        extra.setdefault("note_limit", services.MAX_NOTE_LENGTH)
    if slug == "equipment":
        for key, value in roll_note_context(finish, BACKGROUND_ROLLS, "equipment").items():
            extra.setdefault(key, value)
    return render_step(
        request, STEP_TEMPLATES[slug], _context(finish, slug, **extra), status=status
    )


def _details_form(finish: services.Finish, data: Any = None) -> DetailsForm:
    initial = {"age": finish.age, "appearance": finish.appearance}
    return DetailsForm(data, initial=initial, items=finish.history)


def _refused(
    request: HttpRequest, character: Character, slug: str, error: Exception, **extra: Any
) -> HttpResponse:
    message = error.message if isinstance(error, StepRefused) else str(error)
    return _page(
        request,
        services.finish_load(character),
        slug,
        step_error=message,
        status=refused_status(request),
        **extra,
    )


def _done(request: HttpRequest, slug: str, character: Character) -> HttpResponse:
    """A successful POST: plain, 303 to the step page; htmx, that page's partial in this
    same response, read from the log after the write's transaction as a Reload would."""
    url = reverse(f"characters:{slug}", args=[character.id])
    return after_post(request, url, lambda: _page(request, services.finish_load(character), slug))


# --- Step 7: equipment ----------------------------------------------------------------


@login_required
@require_safe
def equipment(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    return _page(request, services.finish_load(character), "equipment")


@login_required
@require_POST
def equipment_option(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    form = OptionForm(request.POST, choices=services.finish_load(character).option_choices)
    if not form.is_valid():
        offered = bool(request.POST.get("option"))
        message = "This campaign does not offer that option." if offered else "Choose an option."
        if "sequence" in form.errors:
            message = MISSING_SEQUENCE
        return _refused(request, character, "equipment", StepRefused(message))
    try:
        services.equipment_choose_option(
            character=character,
            expected_sequence=form.cleaned_data["sequence"],
            option=form.cleaned_data["option"],
        )
    except (StepRefused, RulesError) as error:
        return _refused(request, character, "equipment", error)
    return _done(request, "equipment", character)


@login_required
@require_POST
def equipment_background(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    form = BackgroundRollForm(request.POST)
    if not form.is_valid():
        refusal = StepRefused(MISSING_SEQUENCE)
        return _refused(request, character, "equipment", refusal)
    try:
        services.equipment_roll_background(
            character=character,
            expected_sequence=form.cleaned_data["sequence"],
            faces_text=form.cleaned_data["faces"],
        )
    except (StepRefused, RulesError) as error:
        return _refused(
            request, character, "equipment", error, typed_faces=form.cleaned_data["faces"]
        )
    return _done(request, "equipment", character)


@login_required
@require_POST
def equipment_buy(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    form = QuantityForm(request.POST)
    if not form.is_valid():
        message = f"Give a quantity from 0 to {services.MAX_QUANTITY}."
        if "sequence" in form.errors:
            message = MISSING_SEQUENCE
        return _refused(request, character, "equipment", StepRefused(message))
    try:
        services.equipment_set_quantity(
            character=character,
            expected_sequence=form.cleaned_data["sequence"],
            item_id=form.cleaned_data["item"],
            quantity=form.cleaned_data["quantity"],
        )
    except (StepRefused, RulesError) as error:
        return _refused(request, character, "equipment", error)
    return _done(request, "equipment", character)


# --- Step 8: history and details -----------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def history(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    finish = services.finish_load(character)
    if request.method == "GET":
        return _page(request, finish, "history")
    form = _details_form(finish, request.POST)
    if not form.is_valid():
        missing = MISSING_SEQUENCE if "sequence" in form.errors else ""
        return _history_refused(request, character, form, missing)
    try:
        services.history_save(
            character=character,
            expected_sequence=form.cleaned_data["sequence"],
            notes=form.notes(),
            age=form.cleaned_data["age"],
            appearance=form.cleaned_data["appearance"],
        )
    except (StepRefused, RulesError) as error:
        return _history_refused(request, character, form, getattr(error, "message", str(error)))
    return _done(request, "review", character)


def _history_refused(
    request: HttpRequest, character: Character, form: DetailsForm, message: str
) -> HttpResponse:
    """The page again with what the player typed (nothing is lost), drawn from the log as
    it is now so that the form carries the sequence a second try needs."""
    if message == STALE:
        message += " What you typed is still in the form: check it and save again."
    extra: dict[str, Any] = {"details_form": form}
    if message:
        extra["step_error"] = message
    return _page(
        request,
        services.finish_load(character),
        "history",
        status=refused_status(request),
        **extra,
    )


# --- Step 9: review and finish --------------------------------------------------------


@login_required
@require_safe
def review(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    return _page(request, services.finish_load(character), "review")


@login_required
@require_POST
def finish(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    try:
        services.character_finish(character=character)
    except (StepRefused, RulesError) as error:
        return _refused(request, character, "review", error)
    # The sheet is a page of its own, not a wizard step: the whole window goes there.
    return client_redirect(request, reverse("characters:sheet", args=[character.id]))


# --- The sheet ------------------------------------------------------------------------


def sheet_page_context(request: HttpRequest, character_id: uuid.UUID) -> dict[str, object]:
    """The sheet's context for anyone who may see it (404 for anyone else)."""
    character = character_for_viewer(request.user, character_id)
    loaded = services.finish_load(character)
    is_owner = character.owner_id == request.user.pk
    return {
        "character": character,
        "finish": loaded,
        "state": loaded.progress.state,
        # Only the PDF draws the body here: the pages' sheet_body tag reads it from its
        # cache, and builds this itself when it must.
        "sheet": SimpleLazyObject(lambda: services.sheet_context(loaded)),
        "is_owner": is_owner,
        # The GM's note is for the player who makes the change (the GM has the desk).
        "gm_decision": gm_decision_for(character) if is_owner else None,
    }


def _sheet_page(request: HttpRequest, character_id: uuid.UUID, template: str) -> HttpResponse:
    return render(request, template, sheet_page_context(request, character_id))


@login_required
@require_safe
@revalidated(sheet_etag)
def sheet(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    return _sheet_page(request, character_id, "characters/sheet.html")


@login_required
@require_safe
@revalidated(sheet_etag)
def sheet_print(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    return _sheet_page(request, character_id, "characters/print.html")
