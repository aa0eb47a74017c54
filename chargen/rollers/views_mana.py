"""The roll-and-keep sheet's pages (seed 004): the sheet, odds, roll and contest."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from chargen.core.etags import revalidated
from chargen.core.form_fields import draw_from
from chargen.core.form_problem import why_invalid
from chargen.core.http import HtmxHttpRequest
from chargen.core.log_pages import log_page
from chargen.core.provenance import cached_dice_provenance
from chargen.core.row_cache import rendered_rows
from chargen.rollers import services
from chargen.rollers.access import (
    mana_character_for_owner,
    mana_character_for_reader,
)
from chargen.rollers.etags import mana_etag
from chargen.rollers.forms_mana_rolls import (
    ContestChoices,
    ContestForm,
    DifficultyMode,
    ManaRollChoices,
    ManaRollForm,
    OpponentMode,
)
from chargen.rollers.forms_table import TableForm
from chargen.rollers.models import (
    ManaCharacter,
    ManaRollKind,
)
from chargen.rollers.remembered_choices import SheetRow, as_drawn, opponent_drawn
from chargen.rollers.views_common import (
    ONE_ROLL_ONLY,
    chosen_values,
    page_template,
    replayed_notice,
    roll_error_field,
    save_roll,
    sequence_field,
    shared_sheet,
)
from rules.errors import DiceError, RulesError
from rules.roll_and_keep import Difficulty

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
        return None, why_invalid(
            form, "Choose an attribute and what it rolls against to see the odds."
        )
    try:
        return services.mana_odds(_pool(sheet, form), _difficulty(form)), ""
    except RulesError as error:
        return None, str(error)


def _contest_odds(
    sheet: services.ManaSheet, form: ContestChoices
) -> tuple[services.ContestOdds | None, str]:
    if not form.is_valid():
        return None, why_invalid(form, "Choose both sides to see the odds.")
    try:
        return services.contest_odds(_pool(sheet, form), _opponent(form), _difficulty(form)), ""
    except RulesError as error:
        return None, str(error)


def _prefixed(form_class: type[forms.Form], choices: dict[str, Any]) -> dict[str, Any]:
    """Choices as the form would receive them posted (with its prefix, if it has one)."""
    if form_class.prefix is None:
        return choices
    return {f"{form_class.prefix}-{name}": value for name, value in choices.items()}


def mana_sheet_context(
    request: HtmxHttpRequest, character: ManaCharacter, **given: Any
) -> dict[str, Any]:
    # The roll log is listed a page at a time (chargen/core/log_pages.py); the forms read
    # its newest rows, which are the first page's rows when that is the page shown.
    page = log_page(request, character.rolls.order_by("-sequence"))
    shown = list(page)
    log = (
        shown
        if page.number == 1
        else list(character.rolls.order_by("-sequence")[: services.LOG_ROWS_SHOWN])
    )
    sequence = services.sequence_after(log[0] if log else None)
    attributes = list(character.attributes.all())
    colours = list(character.colours.all())
    specialities = list(character.specialities.select_related("attribute"))
    sheet = services.mana_sheet(character, colours=colours, attributes=attributes)
    # Each form is drawn with its last roll's choices: the next roll is often the same task.
    # They name the sheet's rows by name (or, kept before, by id): remembered_choices.py.
    sheet_rows: dict[str, Sequence[SheetRow]] = {
        "attribute": attributes,
        "specialities": specialities,
    }
    remembered: dict[str, Any] = {
        kind: as_drawn(
            next((entry.details.get("choices", {}) for entry in log if entry.kind == kind), {}),
            sheet_rows,
        )
        for kind in (ManaRollKind.ROLL, ManaRollKind.CONTEST)
    }
    remembered[ManaRollKind.CONTEST] = opponent_drawn(
        remembered[ManaRollKind.CONTEST], character.owner_id
    )
    defaults = {
        "attribute": attributes[0].pk if attributes else None,
        "difficulty_mode": DifficultyMode.NAMED,
        "difficulty": Difficulty.STANDARD.name,
        "opponent_mode": OpponentMode.NPC,
    }
    roll_choices = {
        **defaults,
        **as_drawn(given.get("roll_choices") or remembered[ManaRollKind.ROLL], sheet_rows),
    }
    contest_choices = {
        **defaults,
        **as_drawn(given.get("contest_choices") or remembered[ManaRollKind.CONTEST], sheet_rows),
    }
    roll_form = given.get("roll_form") or ManaRollForm(
        initial={"sequence": sequence, **roll_choices}, character=character
    )
    contest_form = given.get("contest_form") or ContestForm(
        initial={"sequence": sequence, **contest_choices}, character=character
    )
    # Drawn from the rows loaded here, not a query per field (validation still queries).
    for form in (roll_form, contest_form):
        draw_from(form, "attribute", attributes)
        draw_from(form, "specialities", specialities)
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
        "specialities": specialities,
        "colours": colours,
        "roll_form": roll_form,
        "contest_form": contest_form,
        "odds": odds,
        "odds_error": odds_error,
        "contest_odds": contest,
        "contest_odds_error": contest_error,
        "latest": latest,
        "log": log,
        "dice_provenance": cached_dice_provenance(
            character, log[0] if log else None, log[1] if len(log) > 1 else None
        ),
        # Each row drawn once (chargen/core/row_cache.py): it shows nothing but the row.
        "log_page": page,
        "log_url": character.get_absolute_url(),
        "log_rows": rendered_rows(shown, template_name="rollers/_mana_log_row.html"),
        "notice": given.get("notice", ""),
        "error": given.get("error", ""),
        "table_form": given.get("table_form")
        or TableForm(initial={"campaign": character.campaign_id}, owner=request.user),
    }


def _mana_render(request: HtmxHttpRequest, context: dict[str, Any]) -> HttpResponse:
    return render(request, page_template(request, "mana_sheet", "sheet"), context)


def _mana_done(request: HtmxHttpRequest, character: ManaCharacter, notice: str) -> HttpResponse:
    if request.htmx:
        return _mana_render(request, mana_sheet_context(request, character, notice=notice))
    if notice:
        messages.info(request, notice)
    return redirect(character)


@login_required
@require_GET
@revalidated(mana_etag)
def mana_sheet(request: HtmxHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = mana_character_for_reader(request.user, character_id)
    if character.owner_id != request.user.pk:  # a player or GM at the table it is shown at
        page = log_page(request, character.rolls.order_by("-sequence"))
        rows = rendered_rows(list(page), template_name="rollers/_mana_log_row.html")
        return shared_sheet(request, character, page, rows)
    return render(request, "rollers/mana_sheet.html", mana_sheet_context(request, character))


@login_required
@require_GET
def mana_odds(request: HtmxHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    """Dice rolled and kept, and the chance of each degree and of a botch, before rolling."""
    character = mana_character_for_owner(request.user, character_id)
    form = ManaRollChoices(request.GET, character=character)
    odds, odds_error = _mana_odds(services.mana_sheet(character), form)
    if request.htmx:
        return render(
            request, "rollers/mana_sheet.html#odds", {"odds": odds, "odds_error": odds_error}
        )
    context = mana_sheet_context(
        request, character, roll_choices=chosen_values(form), odds=odds, odds_error=odds_error
    )
    return render(request, "rollers/mana_sheet.html", context)


@login_required
@require_GET
def contest_odds(request: HtmxHttpRequest, character_id: uuid.UUID) -> HttpResponse:
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
    context = mana_sheet_context(
        request,
        character,
        contest_choices=chosen_values(form),
        contest_odds=odds,
        contest_odds_error=odds_error,
    )
    return render(request, "rollers/mana_sheet.html", context)


def _mana_replayed(
    request: HtmxHttpRequest, character: ManaCharacter, kind: str
) -> HttpResponse | None:
    earlier = services.saved_entry(
        character, sequence=request.POST.get(sequence_field(kind), ""), kinds=(kind,)
    )
    if earlier is None:
        return None
    return _mana_done(request, character, replayed_notice(character, earlier))


@login_required
@require_POST
def mana_roll(request: HtmxHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = mana_character_for_owner(request.user, character_id)
    if (replayed := _mana_replayed(request, character, ManaRollKind.ROLL)) is not None:
        return replayed
    form = ManaRollForm(request.POST, character=character)
    if form.is_valid():
        answered = save_roll(
            form=form,
            save=lambda: services.mana_roll(
                character=character,
                sequence=form.cleaned_data["sequence"],
                pool=_pool(services.mana_sheet(character), form),
                difficulty=_difficulty(form),
                entered_faces=form.entered_faces(),
                choices=chosen_values(form, leave_out=ONE_ROLL_ONLY),
            ),
            error_field=roll_error_field,
            refused=lambda error: _mana_render(
                request, mana_sheet_context(request, character, error=error)
            ),
            done=lambda notice: _mana_done(request, character, notice),
        )
        if answered is not None:
            return answered
    return _mana_render(request, mana_sheet_context(request, character, roll_form=form))


@login_required
@require_POST
def mana_contest(request: HtmxHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = mana_character_for_owner(request.user, character_id)
    if (replayed := _mana_replayed(request, character, ManaRollKind.CONTEST)) is not None:
        return replayed
    form = ContestForm(request.POST, character=character)
    if form.is_valid():
        answered = save_roll(
            form=form,
            save=lambda: services.mana_contest(
                character=character,
                sequence=form.cleaned_data["sequence"],
                pool=_pool(services.mana_sheet(character), form),
                opponent=_opponent(form),
                difficulty=_difficulty(form),
                entered_faces=form.entered_faces(),
                opponent_faces=form.typed_opponent_faces(),
                choices=chosen_values(form, leave_out=ONE_ROLL_ONLY),
            ),
            error_field=_contest_error_field,
            refused=lambda error: _mana_render(
                request, mana_sheet_context(request, character, error=error)
            ),
            done=lambda notice: _mana_done(request, character, notice),
        )
        if answered is not None:
            return answered
    return _mana_render(request, mana_sheet_context(request, character, contest_form=form))


def _contest_error_field(error: RulesError) -> str | None:
    """Typed dice that do not fit go to the side they were typed for."""
    if isinstance(error, services.OpponentDiceError):
        return "opponent_faces"
    if isinstance(error, DiceError):
        return "faces"
    return None
