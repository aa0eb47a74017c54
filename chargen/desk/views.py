"""The GM's desk and the player's view of decisions: thin views over desk services.

The desk knows no game system: a campaign's queues, its approval queue's cards, the
desk's menu and the player's sections all come from the declaration of the game the
campaign plays (chargen/core/systems.py). Every GM page finds its campaign through
`campaign_for_gm` and every member page through `campaign_for_member`, so anyone
else gets a 404 and learns nothing. Decisions are POST-only; each also works
without JavaScript (redirect with a message) and, under htmx, swaps in the queue
item's partial (the approval queue's answer also updates its waiting and decided lists).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe

from chargen.campaigns.access import campaign_for_gm, campaign_for_member, campaigns_for_user
from chargen.campaigns.models import Campaign
from chargen.core.htmx import refused_status
from chargen.core.http import AuthenticatedHttpRequest
from chargen.core.systems import Submittable, UnknownSystem, registry
from chargen.desk import approval, services
from chargen.desk.forms import DecisionNoteForm
from chargen.desk.models import Decision
from chargen.desk.notifications import notifications_mark_seen, unseen_notifications
from chargen.desk.queues import queue_counts
from rules.errors import RulesError


@login_required
@require_safe
def desk_home(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Every campaign the user runs (with its queues) or plays in (with their news)."""
    campaigns = list(campaigns_for_user(request.user))
    counts = queue_counts(c for c in campaigns if c.is_gm(request.user))
    rows = [
        {
            "campaign": campaign,
            "is_gm": campaign.is_gm(request.user),
            "unseen": unseen_notifications(user=request.user, campaign=campaign).count(),
            "queues": counts.get(campaign.id, []),
        }
        for campaign in campaigns
    ]
    return render(request, "desk/home.html", {"rows": rows})


@login_required
@require_safe
def campaign_desk(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    """The GM's page for one campaign: queues, invite, members, decisions, news."""
    campaign = campaign_for_gm(request.user, campaign_id)
    context = {
        "campaign": campaign,
        "invite_link": request.build_absolute_uri(campaign.invite_url),
        "members": campaign.memberships.select_related("user"),
        # The newest 20, ties broken by id: the same rows on every reading of the same data.
        "decisions": Decision.objects.filter(campaign=campaign)
        .select_related("decided_by")
        .order_by("-decided_at", "-pk")[:20],
        "news": unseen_notifications(user=request.user, campaign=campaign).order_by(
            "-created", "-pk"
        )[:20],
        "queues": queue_counts([campaign])[campaign.id],
    }
    return render(request, "desk/campaign.html", context)


def _submittable(campaign: Campaign) -> Submittable:
    """The campaign's game's approval queue; 404 for a game whose characters are not."""
    try:
        submittable = registry.get(campaign.game).submittable
    except UnknownSystem:
        submittable = None
    if submittable is None:
        raise Http404("This game has no approval queue.")
    return submittable


@login_required
@require_safe
def my_campaign(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    """A member's view: the state of each of their characters, and the GM's notes."""
    campaign = campaign_for_member(request.user, campaign_id)
    try:
        system = registry.get(campaign.game)
    except UnknownSystem:
        system = None
    submittable = system.submittable if system else None
    context = {
        "campaign": campaign,
        "is_gm": campaign.is_gm(request.user),
        "characters": submittable.mine(campaign, request.user) if submittable else (),
        "character_template": submittable.mine_template if submittable else "",
        "sections": system.desk.player_sections(campaign, request.user) if system else (),
        "news": unseen_notifications(user=request.user, campaign=campaign),
    }
    return render(request, "desk/my_campaign.html", context)


@login_required
@require_POST
def mark_seen(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    campaign = campaign_for_member(request.user, campaign_id)
    notifications_mark_seen(user=request.user, campaign=campaign)
    if request.htmx:
        return render(request, "desk/_news.html", {"campaign": campaign, "news": []})
    messages.success(request, "Marked as seen.")
    next_url = (
        reverse("desk:campaign", kwargs={"campaign_id": campaign.id})
        if campaign.is_gm(request.user)
        else reverse("desk:my_campaign", kwargs={"campaign_id": campaign.id})
    )
    return redirect(next_url)


def decision_response(
    request: AuthenticatedHttpRequest,
    *,
    decide: Callable[[str], Decision],
    queue_url: str,
    partial: str,
    partial_context: Callable[[], dict[str, object]],
) -> HttpResponse:
    """Run one decision; tell the GM plainly if it was refused, whichever way they came."""
    form = DecisionNoteForm(request.POST)
    error = ""
    decision: Decision | None = None
    if not form.is_valid():
        error = "; ".join(
            str(message) for message in form.errors.get("note", ["The note is not valid."])
        )
    else:
        try:
            decision = decide(form.cleaned_data["note"])
        except (services.DeskError, RulesError) as refused:
            error = str(refused)
        except PermissionDenied as refused:
            raise PermissionDenied(str(refused)) from refused
    if request.htmx:
        context = {
            **partial_context(),
            "error": error,
            "decision": decision,
            "note_form": DecisionNoteForm(),
        }
        # The project's one answer to refused input (chargen.core.htmx): under htmx the
        # card with its reason is the answer, swapped in like any 2xx.
        return render(request, partial, context, status=refused_status(request) if error else 200)
    if error or decision is None:
        messages.error(request, error)
    else:
        messages.success(request, f"{decision.item_name}: {decision.get_action_display()}.")
    return redirect(queue_url)


def _queue_context(campaign: Campaign, submittable: Submittable) -> dict[str, Any]:
    return {
        "campaign": campaign,
        "noun": submittable.noun,
        "card_template": submittable.card_template,
        "approval_required": submittable.approval_required(campaign),
        "queue_help": submittable.queue_help,
    }


@login_required
@require_safe
def character_queue(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    """The one approval queue, over whichever submittable game the campaign plays."""
    campaign = campaign_for_gm(request.user, campaign_id)
    submittable = _submittable(campaign)
    context = {
        **_queue_context(campaign, submittable),
        **approval.queue_lists(campaign, submittable),
        "note_form": DecisionNoteForm(),
    }
    return render(request, "desk/character_queue.html", context)


def _character_decision(
    request: AuthenticatedHttpRequest,
    campaign_id: uuid.UUID,
    character_id: uuid.UUID,
    *,
    approve: bool,
) -> HttpResponse:
    campaign = campaign_for_gm(request.user, campaign_id)
    submittable = _submittable(campaign)
    character = submittable.for_gm(campaign, character_id)

    def decide(note: str) -> Decision:
        if approve:
            return submittable.approve(character, request.user, note)
        return submittable.send_back(character, request.user, note)

    def partial_context() -> dict[str, object]:
        decided = submittable.for_gm(campaign, character_id)
        return {
            **_queue_context(campaign, submittable),
            **approval.decision_lists(campaign, submittable),
            "character": decided,
            "review": submittable.review(campaign, decided),
        }

    return decision_response(
        request,
        decide=decide,
        queue_url=reverse("desk:character_queue", kwargs={"campaign_id": campaign.id}),
        partial="desk/_queue_decision.html",
        partial_context=partial_context,
    )


@login_required
@require_POST
def character_approve(
    request: AuthenticatedHttpRequest, campaign_id: uuid.UUID, character_id: uuid.UUID
) -> HttpResponse:
    return _character_decision(request, campaign_id, character_id, approve=True)


@login_required
@require_POST
def character_return(
    request: AuthenticatedHttpRequest, campaign_id: uuid.UUID, character_id: uuid.UUID
) -> HttpResponse:
    return _character_decision(request, campaign_id, character_id, approve=False)
