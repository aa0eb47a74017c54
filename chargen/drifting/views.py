"""Drifting pages: a character's page and its token sheet in play (the list and the
wizard are in views_creation.py, the campaign page in views_campaign.py).

Each view: who may do this (an access helper), parse the form, call one service,
render. Every POST works as a plain form (redirect after success) and as an htmx
swap of the same partial the full page renders.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.safestring import SafeString
from django.views.decorators.http import require_GET, require_POST

from chargen.core.etags import revalidated
from chargen.core.form_fields import draw_from
from chargen.core.http import AuthenticatedHttpRequest, HtmxHttpRequest
from chargen.core.log import next_sequence
from chargen.core.log_pages import log_page
from chargen.core.log_version import is_next_row, wrote_row
from chargen.core.provenance import cached_dice_provenance
from chargen.core.row_cache import rendered_rows
from chargen.drifting import services, services_table
from chargen.drifting.access import character_for_owner, character_for_viewer
from chargen.drifting.etags import sheet_etag
from chargen.drifting.forms import (
    AssistForm,
    GainForm,
    KeyedForm,
    LossForm,
    RollForm,
    UndoLossForm,
)
from chargen.drifting.models import Character, LogEntry, LogKind
from chargen.drifting.odds_box import odds_for, odds_rows
from chargen.drifting.services_table import LossPrefill
from chargen.drifting.token_cards import token_cards
from chargen.drifting.views_bring import bring_context
from chargen.drifting.views_creation import tokens_by_kind, wizard_context
from rules import drifting as rules
from rules.errors import DiceError, RulesError


def _roll_choices(form: RollForm) -> services.RollChoices:
    data = form.cleaned_data
    return services.RollChoices(
        applicable=tuple(data.get("applicable", ())),
        deplete=form.depletion_counts(),
        share_token=data.get("share_token") or None,
        share_with=data.get("share_with"),
        entered_faces=data.get("faces"),
        note=data.get("note") or "",
    )


def _field_for_roll_error(error: RulesError) -> str | None:
    message = str(error).lower()
    if isinstance(error, DiceError):
        return "faces"
    if isinstance(error, services.StaleForm):
        return None
    if "note" in message:
        return "note"
    if "share" in message:
        return "share_with" if "with" in message else "share_token"
    if "deplet" in message or "at most" in message:
        return "deplete"
    return "applicable"


def _sheet_context(
    request: HtmxHttpRequest, character: Character, *, clear: bool = False, **forms_given: Any
) -> dict[str, Any]:
    """The sheet's context; `clear` draws the roll form without the latest roll's ticks.

    An htmx answer (so a page with script) leaves the loss and assist forms folded and
    out unless one was refused: drawing them cost a third of a roll's answer, and the
    sheet asks for one when its section opens (`loss_form`, `assist_form`). A page
    without script always gets both."""
    folded = bool(request.htmx)
    sheet = services.token_sheet(character)
    # The log is listed a page at a time (chargen/core/log_pages.py); the forms read its
    # newest rows, which are the first page's rows when that is the page shown.
    page = log_page(request, character.log.order_by("-sequence"))
    shown = list(page)
    newest_page = page.number == 1
    log = shown if newest_page else services_table.newest(character)
    key = next_sequence(log[:1])  # the form's one-time key, from the newest row
    companions = services.campaign_companions(character) if character.campaign_id else None
    physical = services.physical_dice_allowed(character.campaign)
    step = services.loss_margin_step(character.campaign)
    table = services_table.at_the_table(log, sheet, step)
    undone = table.undone
    if not newest_page:
        undone |= services_table.undone_on_page(character, shown)
    ticks = () if clear else table.kept_ticks
    roll_form: RollForm = forms_given.get("roll_form") or RollForm(
        initial={"key": key, "applicable": list(ticks)},
        sheet=sheet,
        companions=companions,
        physical_dice=physical,
    )
    waiting = services.waiting_assists(character)
    plan_odds = odds_for(character, roll_form, sheet=sheet, waiting=waiting)
    # Both forms list the companions from one query (validation still queries); with
    # nobody else finished in the campaign there is nobody to assist.
    companion_rows = list(companions) if companions is not None else []
    assist_form = forms_given.get("assist_form") or (
        AssistForm(initial={"key": key}, sheet=sheet, companions=companions)
        if companion_rows and not folded
        else None
    )
    if companions is not None:
        if "share_with" in roll_form.fields:
            draw_from(roll_form, "share_with", companion_rows)
        if assist_form is not None:
            draw_from(assist_form, "recipient", companion_rows)
    prefill = table.loss_prefill
    loss_form = forms_given.get("loss_form") or (
        None if folded else _loss_form(key=key, sheet=sheet, prefill=prefill, step=step)
    )
    is_owner = character.owner_id == request.user.pk
    undoable = table.undoable_loss if is_owner else None
    return {
        "character": character,
        "can_edit": is_owner,
        "is_gm": bool(character.campaign and character.campaign.is_gm(request.user)),
        "tokens": tokens_by_kind(sheet),
        "token_rows": list(sheet.values()),
        "token_cards": token_cards(sheet, roll_form),
        "lifepaths": services.chosen_lifepaths(character),
        "key": key,
        "roll_form": roll_form,
        "assist_form": assist_form,
        "assist_offered": bool(companion_rows) or assist_form is not None,
        "loss_form": loss_form,
        "gains_due": [state for state in sheet.values() if state.gain_due],
        "pending": [state for state in sheet.values() if state.pending_from_sharing],
        "waiting_assists": waiting,
        "odds": plan_odds,
        "latest_roll": table.latest_roll,
        "kept_ticks": ticks,
        "loss_prefill": prefill,
        "undoable_loss": table.undoable_loss,
        "undone": undone,
        "log": log,
        "log_page": page,
        "log_url": character.get_absolute_url(),
        "log_rows": _log_rows(shown, undone=undone, undoable=undoable),
        # Counted once per newest row and kept (chargen/core/provenance.py), not per page.
        "dice_provenance": cached_dice_provenance(
            character, log[0] if log else None, log[1] if len(log) > 1 else None
        ),
        "physical_dice": physical,
        "loss_step": step,
        "error": forms_given.get("error", ""),
        **bring_context(request, character),
    }


def _loss_form(
    *, key: int, sheet: dict[str, rules.TokenState], prefill: LossPrefill | None, step: int
) -> LossForm:
    """The loss form, filled in from the latest roll when there is one to lose after."""
    initial: dict[str, Any] = {"key": key}
    if prefill is not None:
        initial |= {"own_total": prefill.own_total, "related": list(prefill.related)}
    return LossForm(initial=initial, sheet=sheet, step=step)


def _log_rows(
    log: list[LogEntry], *, undone: frozenset[int], undoable: LogEntry | None
) -> list[tuple[LogEntry, SafeString | None]]:
    """(row, its HTML) for the log, each row drawn once (chargen/core/row_cache.py) with
    whether a later row undid it; None for the loss its owner may undo, whose row holds
    a form (and so a CSRF token) and is drawn with the page."""
    shown = [entry for entry in log if entry != undoable]
    drawn = rendered_rows(
        shown,
        template_name="drifting/_log_entry.html",
        extra=lambda entry: {"undone": [entry.sequence] if entry.sequence in undone else []},
    )
    html = dict(zip((entry.sequence for entry in shown), drawn, strict=True))
    return [(entry, html.get(entry.sequence)) for entry in log]


def _render_sheet(request: HtmxHttpRequest, context: dict[str, Any]) -> HttpResponse:
    """The whole page, or for htmx the sheet alone."""
    template = "drifting/sheet.html#sheet" if request.htmx else "drifting/sheet.html"
    return render(request, template, context)


def _sheet_done(request: HtmxHttpRequest, character: Character, message: str) -> HttpResponse:
    if request.htmx:
        context = _sheet_context(request, character)
        context["notice"] = message
        return _render_sheet(request, context)
    messages.success(request, message)
    return redirect(character)


def _done_message(character: Character, entry: LogEntry) -> str:
    """What the answer to a successful action says: the row it saved, or, when the write
    found the row a first click had just saved at this key, that row as already saved."""
    if wrote_row(character, entry):
        return entry.summary
    return f"Already saved: {entry.summary}"


def _not_in_play(request: HtmxHttpRequest, character: Character, kind: str) -> HttpResponse | None:
    """Stop before parsing: an unfinished character, or a form already acted on.

    A replayed form (Back, reload, double-click) may no longer validate against the
    changed sheet, so the saved row is looked up by its key first and shown again;
    unless the character as read names the key as the next row, when nothing is saved
    there yet to look up.
    """
    if not character.is_finished:
        messages.error(request, "Finish creating the character before playing with tokens.")
        return redirect(character)
    if is_next_row(character, request.POST.get("key", "")):
        # As the character was read, nothing is saved at this key yet. A first click
        # that commits one meanwhile is found by the write (`_done_message`) or by
        # `_saved_meanwhile` before any refusal is shown.
        return None
    return _saved_meanwhile(request, character, kind)


def _saved_meanwhile(
    request: HtmxHttpRequest, character: Character, kind: str
) -> HttpResponse | None:
    """The row this form's key already wrote, as the answer; None if there is none.

    Asked again before any refusal is shown: the first click of a double-click can
    commit between the second's first look and its form check, and the second must
    then answer with that saved row, not with the error its stale form now meets.
    """
    earlier = services.replayed_entry(character, key=request.POST.get("key", ""), kind=kind)
    if earlier is not None:
        return _sheet_done(request, character, f"Already saved: {earlier.summary}")
    return None


@login_required
@require_GET
@revalidated(sheet_etag)
def character_page(request: AuthenticatedHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_viewer(request.user, character_id)
    if character.is_finished:
        context = _sheet_context(request, character, clear=bool(request.GET.get("clear")))
        return render(request, "drifting/sheet.html", context)
    return render(request, "drifting/wizard.html", wizard_context(request, character))


# --- The token sheet ------------------------------------------------------------------------


@dataclass(frozen=True)
class NewestState:
    """What a folded form is drawn from: the sheet, the one-time key, the latest roll to
    fill the loss form in from, and the campaign's loss rule."""

    sheet: dict[str, rules.TokenState]
    key: int
    prefill: LossPrefill | None
    step: int


def _newest_state(character: Character) -> NewestState:
    sheet = services.token_sheet(character)
    log = services_table.newest(character)
    step = services.loss_margin_step(character.campaign)
    table = services_table.at_the_table(log, sheet, step)
    return NewestState(sheet, next_sequence(log[:1]), table.loss_prefill, step)


@login_required
@require_GET
def loss_form(request: AuthenticatedHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    """The loss section's form, asked for when the section first opens (reads only)."""
    character = character_for_owner(request.user, character_id)
    if not character.is_finished:
        return redirect(character)
    now = _newest_state(character)
    form = _loss_form(key=now.key, sheet=now.sheet, prefill=now.prefill, step=now.step)
    return render(
        request,
        "drifting/_folded_forms.html#loss_body",
        {"character": character, "loss_prefill": now.prefill, "loss_form": form},
    )


@login_required
@require_GET
def assist_form(request: AuthenticatedHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    """The assist section's form, asked for when the section first opens (reads only)."""
    character = character_for_owner(request.user, character_id)
    if not character.is_finished or not character.campaign_id:
        return redirect(character)
    companions = services.campaign_companions(character)
    rows = list(companions)
    if not rows:  # nobody to assist: the sheet shows no such section
        return redirect(character)
    now = _newest_state(character)
    form = AssistForm(initial={"key": now.key}, sheet=now.sheet, companions=companions)
    draw_from(form, "recipient", rows)
    return render(
        request,
        "drifting/_folded_forms.html#assist_body",
        {"character": character, "assist_form": form},
    )


@login_required
@require_GET
def roll_odds(request: AuthenticatedHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    """The odds for the ticked tokens, before rolling (reads only)."""
    character = character_for_viewer(request.user, character_id)
    sheet = services.token_sheet(character)
    form = RollForm(request.GET, sheet=sheet, companions=None, physical_dice=False)
    context: dict[str, Any] = {"character": character, "odds": None, "odds_error": ""}
    if form.is_valid():
        try:
            context["odds"] = odds_rows(services.roll_plan(character, _roll_choices(form)))
        except RulesError as error:
            context["odds_error"] = str(error)
    else:
        context["odds_error"] = "Those choices are not on this sheet."
    if request.htmx:
        return render(request, "drifting/_odds.html", context)
    shown = RollForm(
        request.GET,
        sheet=sheet,
        companions=services.campaign_companions(character) if character.campaign_id else None,
        physical_dice=services.physical_dice_allowed(character.campaign),
    )
    full = _sheet_context(request, character, roll_form=shown)
    full["odds"], full["odds_error"] = context["odds"], context["odds_error"]
    return render(request, "drifting/sheet.html", full)


@login_required
@require_POST
def roll(request: AuthenticatedHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    if (early := _not_in_play(request, character, LogKind.ROLL)) is not None:
        return early
    form = RollForm(
        request.POST,
        sheet=services.token_sheet(character),
        companions=services.campaign_companions(character) if character.campaign_id else None,
        physical_dice=services.physical_dice_allowed(character.campaign),
    )
    if form.is_valid():
        try:
            entry = services.character_roll(
                character=character, key=form.cleaned_data["key"], choices=_roll_choices(form)
            )
        except RulesError as error:
            form.add_error(_field_for_roll_error(error), str(error))
        else:
            return _sheet_done(request, character, _done_message(character, entry))
    if (saved := _saved_meanwhile(request, character, LogKind.ROLL)) is not None:
        return saved
    return _render_sheet(request, _sheet_context(request, character, roll_form=form))


@login_required
@require_POST
def assist(request: AuthenticatedHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    if (early := _not_in_play(request, character, LogKind.ASSIST)) is not None:
        return early
    companions = services.campaign_companions(character)
    form = AssistForm(request.POST, sheet=services.token_sheet(character), companions=companions)
    if form.is_valid():
        try:
            entry = services.character_assist(
                helper=character,
                recipient=form.cleaned_data["recipient"],
                token=form.cleaned_data["token"],
                key=form.cleaned_data["key"],
            )
        except RulesError as error:
            form.add_error("token", str(error))
        else:
            return _sheet_done(request, character, _done_message(character, entry))
    if (saved := _saved_meanwhile(request, character, LogKind.ASSIST)) is not None:
        return saved
    return _render_sheet(request, _sheet_context(request, character, assist_form=form))


@login_required
@require_POST
def gain(request: AuthenticatedHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    if (early := _not_in_play(request, character, LogKind.GAIN)) is not None:
        return early
    form = GainForm(request.POST)
    error = "Reload the sheet and try again."
    if form.is_valid():
        try:
            entry = services.character_gain_token(
                character=character, token=form.cleaned_data["token"], key=form.cleaned_data["key"]
            )
        except RulesError as rules_error:
            error = str(rules_error)
        else:
            return _sheet_done(request, character, _done_message(character, entry))
    if (saved := _saved_meanwhile(request, character, LogKind.GAIN)) is not None:
        return saved
    return _render_sheet(request, _sheet_context(request, character, error=error))


@login_required
@require_POST
def lose(request: AuthenticatedHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    if (early := _not_in_play(request, character, LogKind.LOSS)) is not None:
        return early
    form = LossForm(
        request.POST,
        sheet=services.token_sheet(character),
        step=services.loss_margin_step(character.campaign),
    )
    if form.is_valid():
        data = form.cleaned_data
        try:
            entry = services.character_lose_tokens(
                character=character,
                key=data["key"],
                own_total=data["own_total"],
                opponent_total=data["opponent_total"],
                related=data["related"],
                choices=form.chosen_counts(),
            )
        except rules.LossChoiceError as error:
            form.add_error(form.count_fields.get(error.token or ""), str(error))
        except RulesError as error:
            # A stale form, or a sheet that changed under it: about the whole form.
            form.add_error(None, str(error))
        else:
            return _sheet_done(request, character, _done_message(character, entry))
    if (saved := _saved_meanwhile(request, character, LogKind.LOSS)) is not None:
        return saved
    return _render_sheet(request, _sheet_context(request, character, loss_form=form))


@login_required
@require_POST
def refresh(request: AuthenticatedHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    if (early := _not_in_play(request, character, LogKind.REFRESH)) is not None:
        return early
    form = KeyedForm(request.POST)
    error = "Reload the sheet and try again."
    if form.is_valid():
        try:
            entry = services.character_refresh(character=character, key=form.cleaned_data["key"])
        except RulesError as rules_error:
            error = str(rules_error)
        else:
            return _sheet_done(request, character, _done_message(character, entry))
    if (saved := _saved_meanwhile(request, character, LogKind.REFRESH)) is not None:
        return saved
    return _render_sheet(request, _sheet_context(request, character, error=error))


@login_required
@require_POST
def undo_loss(request: AuthenticatedHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    """Take back the latest row, a loss entered by mistake (an undo row, shown to the GM)."""
    character = character_for_owner(request.user, character_id)
    if (early := _not_in_play(request, character, LogKind.UNDO)) is not None:
        return early
    form = UndoLossForm(request.POST)
    error = "Reload the sheet and try again."
    if form.is_valid():
        try:
            entry = services_table.character_undo_loss(
                character=character,
                key=form.cleaned_data["key"],
                loss_sequence=form.cleaned_data["loss"],
            )
        except RulesError as rules_error:
            error = str(rules_error)
        else:
            return _sheet_done(request, character, _done_message(character, entry))
    if (saved := _saved_meanwhile(request, character, LogKind.UNDO)) is not None:
        return saved
    return _render_sheet(request, _sheet_context(request, character, error=error))
