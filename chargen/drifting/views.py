"""Drifting pages: the creation wizard, the token sheet and the GM's campaign page.

Each view: who may do this (an access helper), parse the form, call one service,
render. Every POST works as a plain form (redirect after success) and as an htmx
swap of the same partial the full page renders.
"""

from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from chargen.campaigns.access import campaign_for_gm, campaign_for_member
from chargen.campaigns.confirm import Confirmation, confirmation_page, is_confirmed
from chargen.drifting import services
from chargen.drifting.access import character_for_owner, character_for_viewer, characters_for_owner
from chargen.drifting.campaign_rules import drifting_rules_for
from chargen.drifting.forms import (
    AssistForm,
    ConceptForm,
    GainForm,
    KeyedForm,
    LifepathChoiceForm,
    LifepathForm,
    LossForm,
    RollForm,
)
from chargen.drifting.models import Character, CreationStep, LogKind
from chargen.drifting.odds_box import odds_for, odds_rows
from chargen.drifting.rule_upgrade import older_lifepaths_date
from rules import drifting as rules
from rules.dice import DiceError
from rules.errors import RulesError

WIZARD_STEPS = (
    (CreationStep.CONCEPT, "Concept and campaign"),
    (CreationStep.LIFEPATHS, "Lifepaths"),
    (CreationStep.REVIEW, "Review and finish"),
)


# --- Helpers ------------------------------------------------------------------------------


def _stepper(character: Character) -> list[dict[str, Any]]:
    order = [step for step, _title in WIZARD_STEPS] + [CreationStep.FINISHED]
    current = order.index(character.step)
    return [
        {"number": index + 1, "title": title, "current": index == current, "done": index < current}
        for index, (_step, title) in enumerate(WIZARD_STEPS)
    ]


def _wizard_context(
    request: HttpRequest,
    character: Character,
    *,
    concept_form: ConceptForm | None = None,
    lifepath_form: LifepathChoiceForm | None = None,
    error: str = "",
) -> dict[str, Any]:
    chosen = services.chosen_lifepaths(character)
    limit = services.lifepath_limit(character.campaign)
    available = services.character_lifepaths(character)
    return {
        "character": character,
        "can_edit": character.owner_id == request.user.pk,
        "stepper": _stepper(character),
        "concept_form": concept_form
        or ConceptForm(
            instance=character, campaigns=services.drifting_campaigns_for(character.owner)
        ),
        "lifepath_form": lifepath_form
        or LifepathChoiceForm(initial={"position": len(chosen)}, lifepaths=available),
        "chosen": chosen,
        "limit": limit,
        "remaining": max(0, limit - len(chosen)),
        "tokens": _tokens_by_kind(services.creation_tokens(character)),
        "built_under": None if character.is_finished else older_lifepaths_date(character),
        "error": error,
    }


def _tokens_by_kind(sheet: dict[str, rules.TokenState]) -> list[dict[str, Any]]:
    return [
        {
            "kind": kind.value.title(),
            "tokens": [state for state in sheet.values() if state.kind == kind],
        }
        for kind in rules.TokenKind
    ]


FINISHED_MESSAGE = "This character is finished; creation can no longer change."


def _render_wizard(request: HttpRequest, context: dict[str, Any]) -> HttpResponse:
    if context["character"].is_finished and not context["error"]:
        context["error"] = FINISHED_MESSAGE
    template = "drifting/wizard.html#wizard" if request.htmx else "drifting/wizard.html"
    return render(request, template, context)


def _wizard_done(request: HttpRequest, character: Character) -> HttpResponse:
    if request.htmx:
        return _render_wizard(request, _wizard_context(request, character))
    return redirect(character)


def _roll_choices(form: RollForm) -> services.RollChoices:
    data = form.cleaned_data
    return services.RollChoices(
        applicable=tuple(data.get("applicable", ())),
        deplete=form.depletion_counts(),
        share_token=data.get("share_token") or None,
        share_with=data.get("share_with"),
        entered_faces=data.get("faces"),
    )


def _field_for_roll_error(error: RulesError) -> str | None:
    message = str(error).lower()
    if isinstance(error, DiceError):
        return "faces"
    if isinstance(error, services.StaleForm):
        return None
    if "share" in message:
        return "share_with" if "with" in message else "share_token"
    if "deplet" in message or "at most" in message:
        return "deplete"
    return "applicable"


def _sheet_context(
    request: HttpRequest, character: Character, **forms_given: forms.Form
) -> dict[str, Any]:
    sheet = services.token_sheet(character)
    key = character.next_sequence
    companions = services.campaign_companions(character) if character.campaign_id else None
    physical = services.physical_dice_allowed(character.campaign)
    roll_form = forms_given.get("roll_form") or RollForm(
        initial={"key": key}, sheet=sheet, companions=companions, physical_dice=physical
    )
    plan_odds = odds_for(character, roll_form)
    log = list(character.log.order_by("-sequence"))
    latest_roll = next((entry for entry in log if entry.kind == LogKind.ROLL), None)
    is_owner = character.owner_id == request.user.pk
    return {
        "character": character,
        "can_edit": is_owner,
        "is_gm": bool(character.campaign and character.campaign.is_gm(request.user)),
        "tokens": _tokens_by_kind(sheet),
        "token_rows": list(sheet.values()),
        "key": key,
        "roll_form": roll_form,
        "assist_form": forms_given.get("assist_form")
        or (
            AssistForm(initial={"key": key}, sheet=sheet, companions=companions)
            if companions
            else None
        ),
        "loss_form": forms_given.get("loss_form")
        or LossForm(
            initial={"key": key}, sheet=sheet, step=services.loss_margin_step(character.campaign)
        ),
        "gains_due": [state for state in sheet.values() if state.gain_due],
        "pending": [state for state in sheet.values() if state.pending_from_sharing],
        "waiting_assists": services.waiting_assists(character),
        "odds": plan_odds,
        "latest_roll": latest_roll,
        "log": log,
        "physical_dice": physical,
        "loss_step": services.loss_margin_step(character.campaign),
        "error": forms_given.get("error", ""),
    }


def _render_sheet(request: HttpRequest, context: dict[str, Any]) -> HttpResponse:
    template = "drifting/sheet.html#sheet" if request.htmx else "drifting/sheet.html"
    return render(request, template, context)


def _sheet_done(request: HttpRequest, character: Character, message: str) -> HttpResponse:
    if request.htmx:
        context = _sheet_context(request, character)
        context["notice"] = message
        return _render_sheet(request, context)
    messages.success(request, message)
    return redirect(character)


def _not_in_play(request: HttpRequest, character: Character, kind: str) -> HttpResponse | None:
    """Stop before parsing: an unfinished character, or a form already acted on.

    A replayed form (Back, reload, double-click) may no longer validate against the
    changed sheet, so the saved row is looked up by its key first and shown again.
    """
    if not character.is_finished:
        messages.error(request, "Finish creating the character before playing with tokens.")
        return redirect(character)
    earlier = services.replayed_entry(character, key=request.POST.get("key", ""), kind=kind)
    if earlier is not None:
        return _sheet_done(request, character, f"Already saved: {earlier.summary}")
    return None


# --- Listing and creation -------------------------------------------------------------------


@login_required
@require_GET
def character_list(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "drifting/list.html",
        {
            "characters": characters_for_owner(request.user),
            "campaigns": services.drifting_campaigns_for(request.user),
        },
    )


@login_required
@require_POST
def character_start(request: HttpRequest) -> HttpResponse:
    try:
        character = services.character_start(owner=request.user)
    except rules.DriftingError as refusal:
        context = {
            "characters": characters_for_owner(request.user),
            "campaigns": services.drifting_campaigns_for(request.user),
            "start_error": str(refusal),
        }
        return render(request, "drifting/list.html", context, status=400)
    return redirect(character)


@login_required
@require_GET
def character_page(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_viewer(request.user, character_id)
    if character.is_finished:
        return render(request, "drifting/sheet.html", _sheet_context(request, character))
    return render(request, "drifting/wizard.html", _wizard_context(request, character))


@login_required
@require_POST
def concept_save(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    form = ConceptForm(
        request.POST, instance=character, campaigns=services.drifting_campaigns_for(request.user)
    )
    if character.is_finished:
        return _render_wizard(request, _wizard_context(request, character))
    if not form.is_valid():
        character.refresh_from_db()
        return _render_wizard(request, _wizard_context(request, character, concept_form=form))
    try:
        services.character_set_concept(
            character=character_for_owner(request.user, character_id),
            name=form.cleaned_data["name"],
            concept=form.cleaned_data["concept"],
            campaign=form.cleaned_data["campaign"],
        )
    except RulesError as error:
        form.add_error("campaign", str(error))
        character.refresh_from_db()
        return _render_wizard(request, _wizard_context(request, character, concept_form=form))
    return _wizard_done(request, character_for_owner(request.user, character_id))


@login_required
@require_POST
def lifepath_add(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    form = LifepathChoiceForm(request.POST, lifepaths=services.character_lifepaths(character))
    if form.is_valid():
        try:
            services.character_add_lifepath(
                character=character,
                lifepath=form.cleaned_data["lifepath"],
                position=form.cleaned_data["position"],
            )
        except RulesError as error:
            form.add_error("lifepath", str(error))
        else:
            return _wizard_done(request, character)
    character.refresh_from_db()
    return _render_wizard(request, _wizard_context(request, character, lifepath_form=form))


@login_required
@require_POST
def lifepath_undo(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    try:
        position = int(request.POST.get("position", ""))
        services.character_undo_lifepath(character=character, position=position)
    except ValueError:
        return _render_wizard(
            request, _wizard_context(request, character, error="Which lifepath? Reload the page.")
        )
    except RulesError as error:
        return _render_wizard(request, _wizard_context(request, character, error=str(error)))
    character.refresh_from_db()
    return _wizard_done(request, character)


@login_required
@require_POST
def review(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    try:
        services.character_review(character=character)
    except RulesError as error:
        return _render_wizard(request, _wizard_context(request, character, error=str(error)))
    return _wizard_done(request, character)


@login_required
@require_POST
def finish(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    try:
        services.character_finish(character=character)
    except RulesError as error:
        return _render_wizard(request, _wizard_context(request, character, error=str(error)))
    messages.success(request, f"{character.name} is ready to drift.")
    if request.htmx:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = character.get_absolute_url()
        return response
    return redirect(character)


# --- The token sheet ------------------------------------------------------------------------


@login_required
@require_GET
def roll_odds(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
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
def roll(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
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
            return _sheet_done(request, character, entry.summary)
    return _render_sheet(request, _sheet_context(request, character, roll_form=form))


@login_required
@require_POST
def assist(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
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
            return _sheet_done(request, character, entry.summary)
    return _render_sheet(request, _sheet_context(request, character, assist_form=form))


@login_required
@require_POST
def gain(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
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
            return _sheet_done(request, character, entry.summary)
    return _render_sheet(request, _sheet_context(request, character, error=error))


@login_required
@require_POST
def lose(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
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
            return _sheet_done(request, character, entry.summary)
    return _render_sheet(request, _sheet_context(request, character, loss_form=form))


@login_required
@require_POST
def refresh(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
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
            return _sheet_done(request, character, entry.summary)
    return _render_sheet(request, _sheet_context(request, character, error=error))


# --- The campaign page ------------------------------------------------------------------------


def _campaign_context(request: HttpRequest, campaign: Any, **extra: Any) -> dict[str, Any]:
    is_gm = campaign.is_gm(request.user)
    characters = campaign.drifting_characters.filter(step=CreationStep.FINISHED)
    if not is_gm:
        characters = characters.filter(owner=request.user)
    return {
        "campaign": campaign,
        "is_gm": is_gm,
        "rules": drifting_rules_for(campaign),
        "characters": characters.select_related("owner").prefetch_related("tokens"),
        "lifepaths": services.lifepaths_available(campaign),
        "lifepath_form": extra.get("lifepath_form") or LifepathForm(),
    }


@login_required
@require_GET
def campaign_page(request: HttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    campaign = campaign_for_member(request.user, campaign_id)
    return render(request, "drifting/campaign.html", _campaign_context(request, campaign))


@login_required
@require_POST
def campaign_refresh(request: HttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    campaign = campaign_for_gm(request.user, campaign_id)
    campaign_page_url = reverse("drifting:campaign", kwargs={"campaign_id": campaign.id})
    if not is_confirmed(request):
        return confirmation_page(
            request,
            Confirmation(
                title=f"Tokens refresh: {campaign.name}",
                question=f"Refresh the tokens of every character in “{campaign.name}”?",
                consequence="Every depleted and lost token comes back, and ten shared check "
                "marks become a token, for every finished character at once. A refresh "
                "cannot be taken back.",
                action=reverse("drifting:campaign_refresh", kwargs={"campaign_id": campaign.id}),
                button="Yes, refresh every character's tokens",
                cancel_url=campaign_page_url,
            ),
        )
    changed = services.campaign_refresh(campaign=campaign, by=request.user)
    messages.success(
        request, f"Tokens refresh: {changed} character{'s' if changed != 1 else ''} changed."
    )
    if request.htmx:
        return HttpResponseClientRedirect(campaign_page_url)
    return redirect(campaign_page_url)


@login_required
@require_POST
def campaign_lifepath_add(request: HttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    campaign = campaign_for_gm(request.user, campaign_id)
    form = LifepathForm(request.POST)
    if form.is_valid():
        try:
            lifepath = services.campaign_lifepath_add(
                campaign=campaign,
                by=request.user,
                name=form.cleaned_data["name"],
                description=form.cleaned_data["description"],
                region=form.cleaned_data["region"],
                grants=form.cleaned_data["grants"],
            )
        except RulesError as error:
            form.add_error("name", str(error))
        else:
            messages.success(request, f"Added the lifepath {lifepath.name}.")
            return redirect("drifting:campaign", campaign_id=campaign.id)
    return render(
        request, "drifting/campaign.html", _campaign_context(request, campaign, lifepath_form=form)
    )
