"""The unique-dice pool sheet's pages (seed 001): the sheet, odds, roll, push, crisis."""

from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.safestring import SafeString
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
    unique_character_for_owner,
    unique_character_for_reader,
)
from chargen.rollers.etags import unique_etag
from chargen.rollers.forms import (
    CrisisForm,
    UniquePoolFields,
    UniquePushForm,
    UniqueRollForm,
)
from chargen.rollers.forms_table import TableForm
from chargen.rollers.models import (
    UniqueCharacter,
    UniqueCrisis,
    UniqueRollEntry,
    UniqueRollKind,
)
from chargen.rollers.remembered_choices import as_drawn
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
from rules.errors import RulesError

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
        return None, why_invalid(form, "Choose an attribute on this sheet to see the odds.")
    try:
        return services.unique_odds(_unique_plan(form), form.cleaned_data.get("needed")), ""
    except RulesError as error:
        return None, str(error)


def unique_sheet_context(
    request: HtmxHttpRequest, character: UniqueCharacter, **given: Any
) -> dict[str, Any]:
    # The roll log is listed a page at a time (chargen/core/log_pages.py); the form reads
    # the newest row, the first page's first when that is the page shown.
    page = log_page(request, character.rolls.order_by("-sequence"))
    shown = list(page)
    log = (
        shown
        if page.number == 1
        else list(character.rolls.order_by("-sequence")[: services.LOG_ROWS_SHOWN])
    )
    sequence = services.sequence_after(log[0] if log else None)
    attributes = list(character.attributes.all())
    crises = list(character.crises.select_related("push"))
    track = services.crisis_track_of(crises)
    pending = services.pending_crisis(character)
    state = services.push_state(character)
    needed = state.pool_roll.details.get("needed") if state else None
    specials = list(character.specials.all())
    # The form is drawn with the last roll's choices: the next roll is often the same task.
    # They name the sheet's rows by name (or, kept before, by id): remembered_choices.py.
    kept = given.get("choices") or (state.pool_roll.details.get("choices", {}) if state else {})
    choices = as_drawn(kept, {"attribute": attributes, "specials": specials})
    defaults = {"attribute": attributes[0].pk if attributes else None, "tool_quality": 0}
    roll_form = given.get("roll_form") or UniqueRollForm(
        initial={"sequence": sequence, **defaults, **choices}, character=character
    )
    # Drawn from the rows loaded here, not a query per field (validation still queries).
    draw_from(roll_form, "attribute", attributes)
    draw_from(roll_form, "specials", specials)
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
        "specials": specials,
        "track": track,
        "physical_boxes": track.boxes("physical"),
        "mental_boxes": track.boxes("mental"),
        "crises": crises,
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
        "log": log,
        "dice_provenance": cached_dice_provenance(
            character, log[0] if log else None, log[1] if len(log) > 1 else None
        ),
        "log_page": page,
        "log_url": character.get_absolute_url(),
        "log_rows": _log_rows(shown, crises),
        "notice": given.get("notice", ""),
        "error": given.get("error", ""),
        "table_form": given.get("table_form")
        or TableForm(initial={"campaign": character.campaign_id}, owner=request.user),
    }


def _log_rows(log: list[UniqueRollEntry], crises: list[UniqueCrisis]) -> list[SafeString]:
    """The roll log's rows, each drawn once (chargen/core/row_cache.py); a push's row
    shows the crisis recorded for it, which comes after the row and so is in its key."""
    by_push = {crisis.push_id: crisis for crisis in crises}

    def facts(entry: UniqueRollEntry) -> dict[str, Any]:
        crisis = by_push.get(entry.pk)
        if crisis is None:
            return {"crisis": None}
        return {
            "crisis": {
                "kind": crisis.get_kind_display(),
                "description": crisis.description,
                # The saved summary asked for this crisis; the row now shows it instead.
                "summary": entry.summary.removesuffix(services.CRISIS_PROMPT),
            }
        }

    return rendered_rows(log, template_name="rollers/_unique_log_row.html", extra=facts)


def _unique_render(request: HtmxHttpRequest, context: dict[str, Any]) -> HttpResponse:
    return render(request, page_template(request, "unique_sheet", "sheet"), context)


def _unique_done(request: HtmxHttpRequest, character: UniqueCharacter, notice: str) -> HttpResponse:
    """After a change: the swapped sheet for htmx, a redirect (never a re-post) otherwise."""
    if request.htmx:
        return _unique_render(request, unique_sheet_context(request, character, notice=notice))
    if notice:
        messages.info(request, notice)
    return redirect(character)


def _unique_replayed(
    request: HtmxHttpRequest, character: UniqueCharacter, kind: str
) -> HttpResponse | None:
    """A form already acted on (Back, reload, double-click) shows the saved roll again.

    Looked up before the form is validated: the sheet may have changed since, and the
    old form must not fail (or roll) because of it.
    """
    earlier = services.saved_entry(
        character, sequence=request.POST.get(sequence_field(kind), ""), kinds=(kind,)
    )
    if earlier is None:
        return None
    return _unique_done(request, character, replayed_notice(character, earlier))


@login_required
@require_GET
@revalidated(unique_etag)
def unique_sheet(request: HtmxHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = unique_character_for_reader(request.user, character_id)
    if character.owner_id != request.user.pk:  # a player or GM at the table it is shown at
        page = log_page(request, character.rolls.order_by("-sequence"))
        crises = list(character.crises.select_related("push"))
        return shared_sheet(request, character, page, _log_rows(list(page), crises))
    return render(request, "rollers/unique_sheet.html", unique_sheet_context(request, character))


@login_required
@require_GET
def unique_odds(request: HtmxHttpRequest, character_id: uuid.UUID) -> HttpResponse:
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
    context = unique_sheet_context(
        request, character, choices=chosen_values(form), odds=odds, odds_error=odds_error
    )
    return render(request, "rollers/unique_sheet.html", context)


@login_required
@require_POST
def unique_roll(request: HtmxHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = unique_character_for_owner(request.user, character_id)
    if (replayed := _unique_replayed(request, character, UniqueRollKind.ROLL)) is not None:
        return replayed
    form = UniqueRollForm(request.POST, character=character)
    if form.is_valid():
        plan = _unique_plan(form)
        answered = save_roll(
            form=form,
            save=lambda: services.unique_roll(
                character=character,
                sequence=form.cleaned_data["sequence"],
                plan=plan,
                needed=form.cleaned_data.get("needed"),
                entered_faces=form.entered_faces(),
                choices=chosen_values(form, leave_out=ONE_ROLL_ONLY),
            ),
            error_field=roll_error_field,
            refused=lambda error: _unique_render(
                request, unique_sheet_context(request, character, error=error)
            ),
            done=lambda notice: _unique_done(request, character, notice),
            # The roll form is hidden once the character is out of play.
            unplaced_above_forms=True,
        )
        if answered is not None:
            return answered
    return _unique_render(request, unique_sheet_context(request, character, roll_form=form))


@login_required
@require_POST
def unique_push(request: HtmxHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = unique_character_for_owner(request.user, character_id)
    if (replayed := _unique_replayed(request, character, UniqueRollKind.PUSH)) is not None:
        return replayed
    form = UniquePushForm(request.POST)
    if form.is_valid():
        answered = save_roll(
            form=form,
            save=lambda: services.unique_push(
                character=character,
                sequence=form.cleaned_data["sequence"],
                entered_face=form.entered_face(),
            ),
            error_field=roll_error_field,
            refused=lambda error: _unique_render(
                request, unique_sheet_context(request, character, error=error)
            ),
            done=lambda notice: _unique_done(request, character, notice),
            unplaced_above_forms=True,
        )
        if answered is not None:
            return answered
    return _unique_render(request, unique_sheet_context(request, character, push_form=form))


@login_required
@require_POST
def unique_crisis(request: HtmxHttpRequest, character_id: uuid.UUID) -> HttpResponse:
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
    return _unique_render(request, unique_sheet_context(request, character, crisis_form=form))
