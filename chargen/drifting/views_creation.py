"""Drifting pages: the list of characters and the creation wizard (concept, lifepaths,
review, finish). Each view: an access helper, a form, one service, render."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from chargen.core.htmx import after_post, client_redirect, page_or_partial, refused_status
from chargen.core.http import AuthenticatedHttpRequest, HtmxHttpRequest
from chargen.core.log import STALE_MESSAGE, parse_key
from chargen.drifting import services
from chargen.drifting.access import character_for_owner, characters_for_owner
from chargen.drifting.forms import (
    ConceptForm,
    StartForm,
)
from chargen.drifting.lifepath_choice import LifepathChoiceForm
from chargen.drifting.models import Character, CreationStep, LogKind
from chargen.drifting.rule_upgrade import older_lifepaths_date
from rules import drifting as rules
from rules.errors import RulesError

WIZARD_STEPS = (
    (CreationStep.CONCEPT, "Concept and campaign"),
    (CreationStep.LIFEPATHS, "Lifepaths"),
    (CreationStep.REVIEW, "Review and finish"),
)


# --- Helpers ------------------------------------------------------------------------------


def _stepper(character: Character) -> list[dict[str, Any]]:
    order = [str(step) for step, _title in WIZARD_STEPS] + [str(CreationStep.FINISHED)]
    current = order.index(character.step)
    return [
        {"number": index + 1, "title": title, "current": index == current, "done": index < current}
        for index, (_step, title) in enumerate(WIZARD_STEPS)
    ]


def tokens_by_kind(sheet: dict[str, rules.TokenState]) -> list[dict[str, Any]]:
    return [
        {
            "kind": kind.value.title(),
            "tokens": [state for state in sheet.values() if state.kind == kind],
        }
        for kind in rules.TokenKind
    ]


def wizard_context(
    request: HtmxHttpRequest,
    character: Character,
    *,
    concept_form: ConceptForm | None = None,
    lifepath_form: LifepathChoiceForm | None = None,
    error: str = "",
) -> dict[str, Any]:
    chosen = services.chosen_lifepaths(character)
    limit = services.lifepath_limit(character.campaign)
    available = services.character_lifepaths(character)
    key = character.next_sequence
    return {
        "character": character,
        "can_edit": character.owner_id == request.user.pk,
        "stepper": _stepper(character),
        "concept_form": concept_form
        or ConceptForm(
            instance=character, campaigns=services.drifting_campaigns_for(character.owner)
        ),
        "lifepath_form": lifepath_form
        or LifepathChoiceForm(
            initial={"key": key}, lifepaths=available, chosen=chosen, limit=limit
        ),
        "key": key,
        "chosen": chosen,
        "limit": limit,
        "remaining": max(0, limit - len(chosen)),
        "tokens": tokens_by_kind(services.creation_tokens(character)),
        "built_under": None if character.is_finished else older_lifepaths_date(character),
        "error": error,
    }


FINISHED_MESSAGE = "This character is finished; creation can no longer change."


def _render_wizard(
    request: HtmxHttpRequest, context: dict[str, Any], *, status: int = 200
) -> HttpResponse:
    if context["character"].is_finished and not context["error"]:
        context["error"] = FINISHED_MESSAGE
    return page_or_partial(
        request, "drifting/wizard.html", context, partial="wizard", status=status
    )


def _refused(request: HtmxHttpRequest, context: dict[str, Any]) -> HttpResponse:
    """The wizard again with the reason, at the one status for refused input."""
    return _render_wizard(request, context, status=refused_status(request))


def _saved_already(request: HtmxHttpRequest, character: Character, kind: str) -> bool:
    """Whether this form's one-time key already wrote its row (a double-click, Back):
    asked before any form is validated, so a repeat answers with the saved result."""
    key = request.POST.get("key", "")
    return services.replayed_entry(character, key=key, kind=kind) is not None


def _key(request: HtmxHttpRequest) -> int | None:
    """The form's one-time key; None for a page drawn without one (before keys), which
    the services are then given as 0: never a sequence, so the kernel answers it stale."""
    return parse_key(request.POST.get("key", ""))


def _wizard_done(request: HtmxHttpRequest, character: Character) -> HttpResponse:
    """A successful step: htmx gets the wizard as saved in this one answer; a plain POST
    is redirected to the wizard's page (303), so Reload never posts again."""
    return after_post(
        request,
        character.get_absolute_url(),
        lambda: _render_wizard(request, wizard_context(request, character)),
    )


# --- Listing and creation -------------------------------------------------------------------


@login_required
@require_GET
def character_list(request: AuthenticatedHttpRequest) -> HttpResponse:
    return render(
        request,
        "drifting/list.html",
        {
            "characters": characters_for_owner(request.user),
            "campaigns": services.drifting_campaigns_for(request.user),
        },
    )


@login_required
@require_GET
def character_new(request: AuthenticatedHttpRequest) -> HttpResponse:
    """The start page, a campaign preselected by ?campaign=<id> (one the form offers)."""
    form = StartForm(
        initial={"campaign": request.GET.get("campaign", "")},
        campaigns=services.drifting_campaigns_for(request.user),
    )
    return render(request, "drifting/new.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def character_start(request: AuthenticatedHttpRequest) -> HttpResponse:
    """GET: the start page (as `character_new`), so the address its form posts to is a
    page too; POST: start the character."""
    if request.method == "GET":
        return character_new(request)
    form = StartForm(request.POST, campaigns=services.drifting_campaigns_for(request.user))
    if not form.is_valid():  # each field says what is wrong on the start page
        return render(request, "drifting/new.html", {"form": form}, status=400)
    try:
        character = services.character_start(
            owner=request.user,
            campaign=form.cleaned_data["campaign"],
            name=form.cleaned_data["name"],
            concept=form.cleaned_data["concept"],
            start_key=form.cleaned_data["start_key"],
        )
    except rules.DriftingError as refusal:
        context = {
            "characters": characters_for_owner(request.user),
            "campaigns": services.drifting_campaigns_for(request.user),
            "start_error": str(refusal),
        }
        return render(request, "drifting/list.html", context, status=400)
    if not character.name:
        messages.info(request, f"Started as “{character}”: give them a name here.")
    return redirect(character)


@login_required
@require_POST
def concept_save(request: AuthenticatedHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    key = _key(request)
    earlier = services.replayed_entry(
        character, key=request.POST.get("key", ""), kind=LogKind.CONCEPT
    )
    if earlier is not None:
        # The same words again (a double-click, Back) are what was saved; other words
        # at this key came from another tab after this one saved: say so, not "done".
        posted = (request.POST.get("name", "").strip(), request.POST.get("concept", "").strip())
        saved = (earlier.details.get("name", ""), earlier.details.get("concept", ""))
        if posted == saved:
            return _wizard_done(request, character)
        return _refused(request, wizard_context(request, character, error=STALE_MESSAGE))
    if key is None:
        return _refused(request, wizard_context(request, character, error=STALE_MESSAGE))
    form = ConceptForm(
        request.POST, instance=character, campaigns=services.drifting_campaigns_for(request.user)
    )
    if character.is_finished:
        return _refused(request, wizard_context(request, character))
    if not form.is_valid():
        character.refresh_from_db()
        return _refused(request, wizard_context(request, character, concept_form=form))
    try:
        services.character_set_concept(
            character=character_for_owner(request.user, character_id),
            key=key,
            name=form.cleaned_data["name"],
            concept=form.cleaned_data["concept"],
            campaign=form.cleaned_data["campaign"],
        )
    except services.StaleForm as error:
        character.refresh_from_db()
        return _refused(request, wizard_context(request, character, error=str(error)))
    except RulesError as error:
        form.add_error("campaign", str(error))
        character.refresh_from_db()
        return _refused(request, wizard_context(request, character, concept_form=form))
    return _wizard_done(request, character_for_owner(request.user, character_id))


@login_required
@require_POST
def lifepath_add(request: AuthenticatedHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    earlier = services.replayed_entry(
        character, key=request.POST.get("key", ""), kind=LogKind.LIFEPATH
    )
    if earlier is not None and earlier.details.get("lifepath") == request.POST.get("lifepath"):
        return _wizard_done(request, character)
    if earlier is not None or _key(request) is None:
        # Another tab chose a different lifepath at this key, or the page had no key.
        return _refused(request, wizard_context(request, character, error=STALE_MESSAGE))
    form = LifepathChoiceForm(
        request.POST,
        lifepaths=services.character_lifepaths(character),
        chosen=services.chosen_lifepaths(character),
        limit=services.lifepath_limit(character.campaign),
    )
    if form.is_valid():
        try:
            services.character_add_lifepath(
                character=character,
                lifepath=form.cleaned_data["lifepath"],
                key=form.cleaned_data["key"],
            )
        except services.StaleForm as error:
            character.refresh_from_db()
            return _refused(request, wizard_context(request, character, error=str(error)))
        except RulesError as error:
            form.add_error("lifepath", str(error))
        else:
            return _wizard_done(request, character)
    character.refresh_from_db()
    return _refused(request, wizard_context(request, character, lifepath_form=form))


@login_required
@require_POST
def lifepath_undo(request: AuthenticatedHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    if _saved_already(request, character, LogKind.UNDO):
        return _wizard_done(request, character)
    try:
        services.character_undo_lifepath(character=character, key=_key(request) or 0)
    except RulesError as error:
        return _refused(request, wizard_context(request, character, error=str(error)))
    character.refresh_from_db()
    return _wizard_done(request, character)


@login_required
@require_POST
def review(request: AuthenticatedHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    try:
        if not _saved_already(request, character, LogKind.REVIEW):
            services.character_review(character=character, key=_key(request) or 0)
    except RulesError as error:
        return _refused(request, wizard_context(request, character, error=str(error)))
    return _wizard_done(request, character)


@login_required
@require_POST
def finish(request: AuthenticatedHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    try:
        repeated = _saved_already(request, character, LogKind.FINISHED)
        if not repeated:
            services.character_finish(character=character, key=_key(request) or 0)
    except RulesError as error:
        return _refused(request, wizard_context(request, character, error=str(error)))
    # Said once: a double-click's second request finds the first's row, and the first's
    # message is still waiting for the page both lead to (a user's try saw it twice).
    if not repeated:
        messages.success(request, f"{character.name} is ready to drift.")
    return client_redirect(request, character.get_absolute_url())
