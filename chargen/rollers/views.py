"""Roller pages: the unique-dice pool sheet (seed 001) and the roll-and-keep sheet (seed 004).

Each view: who may do this (an access helper, 404 for anyone but the owner), parse
the form, call one service, render. Every POST works as a plain form (redirect after
success, so Reload never re-posts) and as an htmx swap of the same named partial the
full page renders. GETs only read: the odds views compute, they never roll.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Model, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from chargen.rollers import services
from chargen.rollers.access import (
    mana_character_for_owner,
    mana_characters_for_owner,
    unique_character_for_owner,
    unique_characters_for_owner,
)
from chargen.rollers.forms import (
    ContestChoices,
    ContestForm,
    CrisisForm,
    DifficultyMode,
    ManaRollChoices,
    ManaRollForm,
    NameForm,
    OpponentMode,
    SheetForms,
    UniquePoolFields,
    UniquePushForm,
    UniqueRollForm,
    mana_sheet_forms,
    unique_sheet_forms,
)
from chargen.rollers.models import (
    ManaCharacter,
    ManaRollKind,
    UniqueCharacter,
    UniqueRollKind,
)
from rules.dice import DiceError
from rules.errors import RulesError
from rules.roll_and_keep import Difficulty

ALREADY_SAVED = "Already saved (a repeated click or a reload): this is the roll that was made."


def _template(request: HttpRequest, page: str, partial: str) -> str:
    """The full page for a plain request, its named partial for an htmx swap."""
    return f"rollers/{page}.html#{partial}" if request.htmx else f"rollers/{page}.html"


def _roll_error_field(error: RulesError) -> str | None:
    """Typed dice that do not fit go to the faces field; anything else to the whole form."""
    return "faces" if isinstance(error, DiceError) else None


def _save_roll(
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
    return done("" if saved.created else ALREADY_SAVED)


def _sequence_field(kind: str) -> str:
    """The posted name of a roll form's sequence (push and contest forms are prefixed)."""
    prefix = {UniqueRollKind.PUSH: UniquePushForm.prefix, ManaRollKind.CONTEST: ContestForm.prefix}
    return f"{prefix[kind]}-sequence" if kind in prefix else "sequence"


def _chosen(form: forms.Form, *, leave_out: tuple[str, ...] = ()) -> dict[str, Any]:
    """A valid form's choices as plain values (rows by id), to draw a form with them
    chosen again or to keep with a roll. Empty for an invalid form."""
    if not form.is_valid():
        return {}
    chosen: dict[str, Any] = {}
    for name, value in form.cleaned_data.items():
        if name not in form.fields or name in leave_out:
            continue
        if isinstance(value, Model):
            value = value.pk
        elif isinstance(value, QuerySet | list | tuple):
            value = [getattr(item, "pk", item) for item in value]
        chosen[name] = value
    return chosen


# The parts of a roll form that belong to one roll only, never carried to the next.
ONE_ROLL_ONLY = ("sequence", "physical", "faces", "opponent_faces")


# --- The list of sheets --------------------------------------------------------------------------


def _list_context(request: HttpRequest, **given: Any) -> dict[str, Any]:
    return {
        "unique_characters": unique_characters_for_owner(request.user),
        "mana_characters": mana_characters_for_owner(request.user),
        "unique_form": given.get("unique_form") or NameForm(prefix="unique"),
        "mana_form": given.get("mana_form") or NameForm(prefix="mana"),
    }


@login_required
@require_GET
def roller_list(request: HttpRequest) -> HttpResponse:
    return render(request, "rollers/list.html", _list_context(request))


def _created(request: HttpRequest, url: str) -> HttpResponse:
    if request.htmx:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = url
        return response
    return redirect(url)


@login_required
@require_POST
def unique_create(request: HttpRequest) -> HttpResponse:
    form = NameForm(request.POST, prefix="unique")
    if not form.is_valid():
        return render(
            request,
            _template(request, "list", "unique_new"),
            _list_context(request, unique_form=form),
        )
    try:
        character = services.unique_character_create(
            owner=request.user, name=form.cleaned_data["name"]
        )
    except services.SheetCapReached as refusal:
        form.add_error(None, str(refusal))
        return render(
            request,
            _template(request, "list", "unique_new"),
            _list_context(request, unique_form=form),
        )
    return _created(request, _edit_url("rollers:unique_edit", character))


@login_required
@require_POST
def mana_create(request: HttpRequest) -> HttpResponse:
    form = NameForm(request.POST, prefix="mana")
    if not form.is_valid():
        return render(
            request, _template(request, "list", "mana_new"), _list_context(request, mana_form=form)
        )
    try:
        character = services.mana_character_create(
            owner=request.user, name=form.cleaned_data["name"]
        )
    except services.SheetCapReached as refusal:
        form.add_error(None, str(refusal))
        return render(
            request, _template(request, "list", "mana_new"), _list_context(request, mana_form=form)
        )
    return _created(request, _edit_url("rollers:mana_edit", character))


def _edit_url(name: str, character: UniqueCharacter | ManaCharacter) -> str:
    return reverse(name, kwargs={"character_id": character.id})


# --- Editing a sheet -----------------------------------------------------------------------------


def _edit(
    request: HttpRequest,
    character: UniqueCharacter | ManaCharacter,
    *,
    page: str,
    build: Any,
) -> HttpResponse:
    """Show the sheet's editor; on POST save the form and formsets together."""
    notice = ""
    sheet_forms: SheetForms = build(character, request.POST if request.method == "POST" else None)
    if request.method == "POST" and sheet_forms.is_valid():
        services.sheet_save(forms=sheet_forms.all)
        if not request.htmx:
            messages.success(request, f"Saved {character.name}'s sheet.")
            return redirect(character)
        character.refresh_from_db()
        sheet_forms = build(character, None)
        notice = "Saved."
    context = {"character": character, "sheet_forms": sheet_forms, "notice": notice}
    return render(request, _template(request, page, "editor"), context)


@login_required
@require_http_methods(["GET", "POST"])
def unique_edit(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = unique_character_for_owner(request.user, character_id)
    return _edit(request, character, page="unique_edit", build=unique_sheet_forms)


@login_required
@require_http_methods(["GET", "POST"])
def mana_edit(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = mana_character_for_owner(request.user, character_id)
    return _edit(request, character, page="mana_edit", build=mana_sheet_forms)


# --- Unique-dice pool: the sheet -----------------------------------------------------------------


def _unique_plan(form: forms.Form) -> services.UniquePlan:
    data = form.cleaned_data
    return services.unique_plan(
        attribute=data["attribute"],
        tool_quality=data["tool_quality"],
        specials=list(data.get("specials") or ()),
    )


def _unique_odds(form: UniquePoolFields) -> tuple[services.UniqueOdds | None, str]:
    """The odds for valid choices, or the reason there are none."""
    if not form.is_valid():
        return None, "Choose an attribute on this sheet to see the odds."
    try:
        return services.unique_odds(_unique_plan(form), form.cleaned_data.get("needed")), ""
    except RulesError as error:
        return None, str(error)


def _unique_context(
    request: HttpRequest, character: UniqueCharacter, **given: Any
) -> dict[str, Any]:
    sequence = services.next_sequence(character)
    attributes = list(character.attributes.all())
    track = services.crisis_track(character)
    pending = services.pending_crisis(character)
    state = services.push_state(character)
    needed = state.pool_roll.details.get("needed") if state else None
    # The form is drawn with the last roll's choices: the next roll is often the same task.
    choices = given.get("choices") or (state.pool_roll.details.get("choices", {}) if state else {})
    defaults = {"attribute": attributes[0].pk if attributes else None, "tool_quality": 0}
    roll_form = given.get("roll_form") or UniqueRollForm(
        initial={"sequence": sequence, **defaults, **choices}, character=character
    )
    if "odds" in given:
        odds, odds_error = given["odds"], given.get("odds_error", "")
    elif attributes:
        # After a refused roll the odds are those of the choices just posted, which the
        # redrawn form shows, not of the last roll saved.
        posted = given.get("roll_form")
        pool_data = posted.data if posted is not None else {**defaults, **choices}
        odds, odds_error = _unique_odds(UniquePoolFields(pool_data, character=character))
    else:
        odds, odds_error = None, "Add a universal attribute to the sheet to roll."
    return {
        "character": character,
        "attributes": attributes,
        "specials": list(character.specials.all()),
        "track": track,
        "physical_boxes": track.boxes("physical"),
        "mental_boxes": track.boxes("mental"),
        "crises": list(character.crises.select_related("push")),
        "pending": pending,
        "state": state,
        "can_push": state is not None and state.result.can_push and not track.out_of_play,
        "needed": needed,
        "reached": bool(needed and state and state.result.total >= needed),
        "roll_form": roll_form,
        "push_form": given.get("push_form") or UniquePushForm(initial={"sequence": sequence}),
        "crisis_form": given.get("crisis_form")
        or (CrisisForm(initial={"push_sequence": pending.sequence}) if pending else None),
        "odds": odds,
        "odds_error": odds_error,
        "log": list(
            character.rolls.select_related("crisis_record").order_by("-sequence")[
                : services.LOG_ROWS_SHOWN
            ]
        ),
        "notice": given.get("notice", ""),
        "error": given.get("error", ""),
    }


def _unique_render(request: HttpRequest, context: dict[str, Any]) -> HttpResponse:
    return render(request, _template(request, "unique_sheet", "sheet"), context)


def _unique_done(request: HttpRequest, character: UniqueCharacter, notice: str) -> HttpResponse:
    """After a change: the swapped sheet for htmx, a redirect (never a re-post) otherwise."""
    if request.htmx:
        return _unique_render(request, _unique_context(request, character, notice=notice))
    if notice:
        messages.info(request, notice)
    return redirect(character)


def _unique_replayed(
    request: HttpRequest, character: UniqueCharacter, kind: str
) -> HttpResponse | None:
    """A form already acted on (Back, reload, double-click) shows the saved roll again.

    Looked up before the form is validated: the sheet may have changed since, and the
    old form must not fail (or roll) because of it.
    """
    earlier = services.saved_entry(
        character, sequence=request.POST.get(_sequence_field(kind), ""), kinds=(kind,)
    )
    if earlier is None:
        return None
    return _unique_done(request, character, ALREADY_SAVED)


@login_required
@require_GET
def unique_sheet(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = unique_character_for_owner(request.user, character_id)
    return render(request, "rollers/unique_sheet.html", _unique_context(request, character))


@login_required
@require_GET
def unique_odds(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    """The pool, its explanation and its odds for the choices made, before rolling."""
    character = unique_character_for_owner(request.user, character_id)
    form = UniquePoolFields(request.GET, character=character)
    odds, odds_error = _unique_odds(form)
    if request.htmx:
        return render(
            request,
            "rollers/unique_sheet.html#odds",
            {"odds": odds, "odds_error": odds_error},
        )
    context = _unique_context(
        request, character, choices=_chosen(form), odds=odds, odds_error=odds_error
    )
    return render(request, "rollers/unique_sheet.html", context)


@login_required
@require_POST
def unique_roll(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = unique_character_for_owner(request.user, character_id)
    if (replayed := _unique_replayed(request, character, UniqueRollKind.ROLL)) is not None:
        return replayed
    form = UniqueRollForm(request.POST, character=character)
    if form.is_valid():
        plan = _unique_plan(form)
        answered = _save_roll(
            form=form,
            save=lambda: services.unique_roll(
                character=character,
                sequence=form.cleaned_data["sequence"],
                plan=plan,
                needed=form.cleaned_data.get("needed"),
                entered_faces=form.entered_faces(),
                choices=_chosen(form, leave_out=ONE_ROLL_ONLY),
            ),
            error_field=_roll_error_field,
            refused=lambda error: _unique_render(
                request, _unique_context(request, character, error=error)
            ),
            done=lambda notice: _unique_done(request, character, notice),
            # The roll form is hidden once the character is out of play.
            unplaced_above_forms=True,
        )
        if answered is not None:
            return answered
    return _unique_render(request, _unique_context(request, character, roll_form=form))


@login_required
@require_POST
def unique_push(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = unique_character_for_owner(request.user, character_id)
    if (replayed := _unique_replayed(request, character, UniqueRollKind.PUSH)) is not None:
        return replayed
    form = UniquePushForm(request.POST)
    if form.is_valid():
        answered = _save_roll(
            form=form,
            save=lambda: services.unique_push(
                character=character,
                sequence=form.cleaned_data["sequence"],
                entered_face=form.entered_face(),
            ),
            error_field=_roll_error_field,
            refused=lambda error: _unique_render(
                request, _unique_context(request, character, error=error)
            ),
            done=lambda notice: _unique_done(request, character, notice),
            unplaced_above_forms=True,
        )
        if answered is not None:
            return answered
    return _unique_render(request, _unique_context(request, character, push_form=form))


@login_required
@require_POST
def unique_crisis(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = unique_character_for_owner(request.user, character_id)
    form = CrisisForm(request.POST)
    if form.is_valid():
        try:
            crisis, created = services.unique_crisis_record(
                character=character,
                push_sequence=form.cleaned_data["push_sequence"],
                kind=form.cleaned_data["kind"],
                description=form.cleaned_data["description"],
            )
        except RulesError as error:
            form.add_error(None, str(error))
        else:
            notice = (
                f"Crossed off a {crisis.get_kind_display().lower()} crisis box."
                if created
                else "That crisis was already recorded."
            )
            return _unique_done(request, character, notice)
    return _unique_render(request, _unique_context(request, character, crisis_form=form))


# --- Roll and keep: the sheet --------------------------------------------------------------------


def _difficulty(form: forms.Form) -> services.DifficultyChoice:
    data = form.cleaned_data
    if data.get("difficulty_mode") == DifficultyMode.INDIRECT:
        return services.passive_difficulty(
            attribute_score=data["passive_attribute"],
            specialities=data.get("passive_specialities") or 0,
        )
    return services.named_difficulty(data["difficulty"])


def _pool(sheet: services.ManaSheet, form: forms.Form) -> Any:
    return services.mana_pool(
        sheet,
        attribute=form.cleaned_data["attribute"],
        specialities=list(form.cleaned_data.get("specialities") or ()),
    )


def _opponent(form: forms.Form) -> services.Opponent:
    data = form.cleaned_data
    if data["opponent_mode"] == OpponentMode.SHEET:
        attribute = data["opponent_attribute"]
        return services.opponent_from_sheet(
            attribute.character,
            attribute=attribute,
            specialities=list(data.get("opponent_specialities") or ()),
        )
    return services.opponent_npc(
        name=data.get("npc_name") or "", rolled=data["npc_dice"], kept=data["npc_keep"]
    )


def _mana_odds(
    sheet: services.ManaSheet, form: ManaRollChoices
) -> tuple[services.ManaOdds | None, str]:
    if not form.is_valid():
        return None, "Choose an attribute and what it rolls against to see the odds."
    try:
        return services.mana_odds(_pool(sheet, form), _difficulty(form)), ""
    except RulesError as error:
        return None, str(error)


def _contest_odds(
    sheet: services.ManaSheet, form: ContestChoices
) -> tuple[services.ContestOdds | None, str]:
    if not form.is_valid():
        return None, "Choose both sides to see the odds."
    try:
        return services.contest_odds(_pool(sheet, form), _opponent(form), _difficulty(form)), ""
    except RulesError as error:
        return None, str(error)


def _prefixed(form_class: type[forms.Form], choices: dict[str, Any]) -> dict[str, Any]:
    """Choices as the form would receive them posted (with its prefix, if it has one)."""
    if form_class.prefix is None:
        return choices
    return {f"{form_class.prefix}-{name}": value for name, value in choices.items()}


def _mana_context(request: HttpRequest, character: ManaCharacter, **given: Any) -> dict[str, Any]:
    sequence = services.next_sequence(character)
    sheet = services.mana_sheet(character)
    attributes = list(character.attributes.all())
    log = list(character.rolls.order_by("-sequence")[: services.LOG_ROWS_SHOWN])
    # Each form is drawn with its last roll's choices: the next roll is often the same task.
    remembered = {
        kind: next((entry.details.get("choices", {}) for entry in log if entry.kind == kind), {})
        for kind in (ManaRollKind.ROLL, ManaRollKind.CONTEST)
    }
    defaults = {
        "attribute": attributes[0].pk if attributes else None,
        "difficulty_mode": DifficultyMode.NAMED,
        "difficulty": Difficulty.STANDARD.name,
        "opponent_mode": OpponentMode.NPC,
    }
    roll_choices = {**defaults, **(given.get("roll_choices") or remembered[ManaRollKind.ROLL])}
    contest_choices = {
        **defaults,
        **(given.get("contest_choices") or remembered[ManaRollKind.CONTEST]),
    }
    roll_form = given.get("roll_form") or ManaRollForm(
        initial={"sequence": sequence, **roll_choices}, character=character
    )
    contest_form = given.get("contest_form") or ContestForm(
        initial={"sequence": sequence, **contest_choices}, character=character
    )
    if "odds" in given:
        odds, odds_error = given["odds"], given.get("odds_error", "")
    else:
        # After a refused roll: the odds of the choices just posted, as the form shows them.
        posted = given.get("roll_form")
        odds, odds_error = _mana_odds(
            sheet,
            ManaRollChoices(
                posted.data if posted is not None else roll_choices, character=character
            ),
        )
    if "contest_odds" in given:
        contest, contest_error = given["contest_odds"], given.get("contest_odds_error", "")
    elif given.get("contest_form") is not None:
        contest, contest_error = _contest_odds(
            sheet, ContestChoices(given["contest_form"].data, character=character)
        )
    elif remembered[ManaRollKind.CONTEST]:
        contest, contest_error = _contest_odds(
            sheet,
            ContestChoices(_prefixed(ContestChoices, contest_choices), character=character),
        )
    else:
        contest, contest_error = None, ""
    latest = log[0] if log else None
    return {
        "character": character,
        "attributes": attributes,
        "specialities": list(character.specialities.select_related("attribute")),
        "colours": list(character.colours.all()),
        "roll_form": roll_form,
        "contest_form": contest_form,
        "odds": odds,
        "odds_error": odds_error,
        "contest_odds": contest,
        "contest_odds_error": contest_error,
        "latest": latest,
        "log": log,
        "notice": given.get("notice", ""),
        "error": given.get("error", ""),
    }


def _mana_render(request: HttpRequest, context: dict[str, Any]) -> HttpResponse:
    return render(request, _template(request, "mana_sheet", "sheet"), context)


def _mana_done(request: HttpRequest, character: ManaCharacter, notice: str) -> HttpResponse:
    if request.htmx:
        return _mana_render(request, _mana_context(request, character, notice=notice))
    if notice:
        messages.info(request, notice)
    return redirect(character)


@login_required
@require_GET
def mana_sheet(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = mana_character_for_owner(request.user, character_id)
    return render(request, "rollers/mana_sheet.html", _mana_context(request, character))


@login_required
@require_GET
def mana_odds(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    """Dice rolled and kept, and the chance of each degree and of a botch, before rolling."""
    character = mana_character_for_owner(request.user, character_id)
    form = ManaRollChoices(request.GET, character=character)
    odds, odds_error = _mana_odds(services.mana_sheet(character), form)
    if request.htmx:
        return render(
            request, "rollers/mana_sheet.html#odds", {"odds": odds, "odds_error": odds_error}
        )
    context = _mana_context(
        request, character, roll_choices=_chosen(form), odds=odds, odds_error=odds_error
    )
    return render(request, "rollers/mana_sheet.html", context)


@login_required
@require_GET
def contest_odds(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    """Both sides' pools and the chance each wins, before a directly opposed roll."""
    character = mana_character_for_owner(request.user, character_id)
    form = ContestChoices(request.GET, character=character)
    odds, odds_error = _contest_odds(services.mana_sheet(character), form)
    if request.htmx:
        return render(
            request,
            "rollers/mana_sheet.html#contest_odds",
            {"contest_odds": odds, "contest_odds_error": odds_error},
        )
    context = _mana_context(
        request,
        character,
        contest_choices=_chosen(form),
        contest_odds=odds,
        contest_odds_error=odds_error,
    )
    return render(request, "rollers/mana_sheet.html", context)


def _mana_replayed(
    request: HttpRequest, character: ManaCharacter, kind: str
) -> HttpResponse | None:
    earlier = services.saved_entry(
        character, sequence=request.POST.get(_sequence_field(kind), ""), kinds=(kind,)
    )
    if earlier is None:
        return None
    return _mana_done(request, character, ALREADY_SAVED)


@login_required
@require_POST
def mana_roll(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = mana_character_for_owner(request.user, character_id)
    if (replayed := _mana_replayed(request, character, ManaRollKind.ROLL)) is not None:
        return replayed
    form = ManaRollForm(request.POST, character=character)
    if form.is_valid():
        answered = _save_roll(
            form=form,
            save=lambda: services.mana_roll(
                character=character,
                sequence=form.cleaned_data["sequence"],
                pool=_pool(services.mana_sheet(character), form),
                difficulty=_difficulty(form),
                entered_faces=form.entered_faces(),
                choices=_chosen(form, leave_out=ONE_ROLL_ONLY),
            ),
            error_field=_roll_error_field,
            refused=lambda error: _mana_render(
                request, _mana_context(request, character, error=error)
            ),
            done=lambda notice: _mana_done(request, character, notice),
        )
        if answered is not None:
            return answered
    return _mana_render(request, _mana_context(request, character, roll_form=form))


@login_required
@require_POST
def mana_contest(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = mana_character_for_owner(request.user, character_id)
    if (replayed := _mana_replayed(request, character, ManaRollKind.CONTEST)) is not None:
        return replayed
    form = ContestForm(request.POST, character=character)
    if form.is_valid():
        answered = _save_roll(
            form=form,
            save=lambda: services.mana_contest(
                character=character,
                sequence=form.cleaned_data["sequence"],
                pool=_pool(services.mana_sheet(character), form),
                opponent=_opponent(form),
                difficulty=_difficulty(form),
                entered_faces=form.entered_faces(),
                opponent_faces=form.typed_opponent_faces(),
                choices=_chosen(form, leave_out=ONE_ROLL_ONLY),
            ),
            error_field=_contest_error_field,
            refused=lambda error: _mana_render(
                request, _mana_context(request, character, error=error)
            ),
            done=lambda notice: _mana_done(request, character, notice),
        )
        if answered is not None:
            return answered
    return _mana_render(request, _mana_context(request, character, contest_form=form))


def _contest_error_field(error: RulesError) -> str | None:
    """Typed dice that do not fit go to the side they were typed for."""
    if isinstance(error, services.OpponentDiceError):
        return "opponent_faces"
    if isinstance(error, DiceError):
        return "faces"
    return None
