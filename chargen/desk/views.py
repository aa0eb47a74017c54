"""The GM's desk and the player's view of decisions: thin views over desk services.

Every GM page finds its campaign through `campaign_for_gm` and every member page
through `campaign_for_member`, so anyone else gets a 404 and learns nothing.
Decisions are POST-only; each also works without JavaScript (redirect with a
message) and, under htmx, swaps in the queue item's partial.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from chargen.campaigns.access import campaign_for_gm, campaign_for_member, campaigns_for_user
from chargen.campaigns.models import Campaign
from chargen.characters.house_rules import house_rules_changes
from chargen.characters.models import (
    Character,
    CharacterStatus,
    Race,
    RaceKind,
    RaceStatus,
)
from chargen.characters.part_two import shown_in_roll_log
from chargen.desk import services
from chargen.desk.access import character_for_gm, race_for_gm
from chargen.desk.forms import DecisionNoteForm, NonHumanoidRaceForm
from chargen.desk.models import Decision
from chargen.desk.notifications import notifications_mark_seen, unseen_notifications
from chargen.desk.party import campaign_characters, party_members, party_sheets
from chargen.desk.races import race_review
from rules.errors import RulesError


def _queue_counts(campaign: Campaign) -> dict[str, int]:
    return {
        "races_waiting": campaign.races.filter(status=RaceStatus.PROPOSED).count(),
        "characters_waiting": campaign.characters.filter(status=CharacterStatus.SUBMITTED).count(),
    }


@login_required
@require_safe
def desk_home(request: HttpRequest) -> HttpResponse:
    """Every campaign the user runs (with its queues) or plays in (with their news)."""
    rows = []
    for campaign in campaigns_for_user(request.user):
        is_gm = campaign.is_gm(request.user)
        rows.append(
            {
                "campaign": campaign,
                "is_gm": is_gm,
                "unseen": unseen_notifications(user=request.user, campaign=campaign).count(),
                **(_queue_counts(campaign) if is_gm else {}),
            }
        )
    return render(request, "desk/home.html", {"rows": rows})


@login_required
@require_safe
def campaign_desk(request: HttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    """The GM's page for one campaign: rules, invite, members, queues, decisions, news."""
    campaign = campaign_for_gm(request.user, campaign_id)
    context = {
        "campaign": campaign,
        "invite_link": request.build_absolute_uri(campaign.invite_url),
        "members": campaign.memberships.select_related("user"),
        "decisions": Decision.objects.filter(campaign=campaign).select_related("decided_by")[:20],
        "news": unseen_notifications(user=request.user, campaign=campaign)[:20],
        **_queue_counts(campaign),
    }
    return render(request, "desk/campaign.html", context)


@login_required
@require_safe
def my_campaign(request: HttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    """A member's view: the state of each of their characters and races, and the GM's notes."""
    campaign = campaign_for_member(request.user, campaign_id)
    characters = (
        Character.objects.filter(campaign=campaign, owner_id=request.user.pk)
        .select_related("race")
        .prefetch_related("decisions")
    )
    races = Race.objects.filter(campaign=campaign, proposed_by_id=request.user.pk).exclude(
        kind=RaceKind.NON_HUMANOID
    )
    context = {
        "campaign": campaign,
        "is_gm": campaign.is_gm(request.user),
        "characters": characters,
        "races": races,
        "available_races": Race.objects.filter(campaign=campaign, status=RaceStatus.APPROVED),
        "news": unseen_notifications(user=request.user, campaign=campaign),
    }
    return render(request, "desk/my_campaign.html", context)


@login_required
@require_POST
def mark_seen(request: HttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
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


def _race_cards(races: list[Race], campaign: Campaign) -> list[dict[str, object]]:
    house_rules = campaign.house_rules
    return [{"race": race, "review": race_review(race, house_rules)} for race in races]


@login_required
@require_safe
def race_queue(request: HttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    campaign = campaign_for_gm(request.user, campaign_id)
    races = list(campaign.races.select_related("proposed_by", "decided_by"))
    context = {
        "campaign": campaign,
        "waiting": _race_cards([r for r in races if r.status == RaceStatus.PROPOSED], campaign),
        "decided": _race_cards([r for r in races if r.status != RaceStatus.PROPOSED], campaign),
        "note_form": DecisionNoteForm(),
    }
    return render(request, "desk/race_queue.html", context)


def _decide(
    request: HttpRequest,
    *,
    decide: Callable[[str], Decision],
    queue_url: str,
    partial: str,
    partial_context: Callable[[], dict[str, object]],
) -> HttpResponse:
    """Run one decision; tell the GM plainly if it was refused, whichever way they came."""
    form = DecisionNoteForm(request.POST)
    error = ""
    if not form.is_valid():
        error = "; ".join(form.errors.get("note", ["The note is not valid."]))
    else:
        try:
            decision = decide(form.cleaned_data["note"])
        except (services.DeskError, RulesError) as refused:
            error = str(refused)
        except PermissionDenied as refused:
            raise PermissionDenied(str(refused)) from refused
    if request.htmx:
        context = {**partial_context(), "error": error, "note_form": DecisionNoteForm()}
        return render(request, partial, context, status=409 if error else 200)
    if error:
        messages.error(request, error)
    else:
        messages.success(request, f"{decision.item_name}: {decision.get_action_display()}.")
    return redirect(queue_url)


def _race_decision(
    request: HttpRequest, campaign_id: uuid.UUID, race_id: uuid.UUID, *, approve: bool
) -> HttpResponse:
    race = race_for_gm(request.user, campaign_id, race_id)
    campaign = race.campaign

    def decide(note: str) -> Decision:
        if approve:
            return services.race_approve(race=race, by=request.user, note=note)
        return services.race_reject(race=race, by=request.user, note=note)

    def partial_context() -> dict[str, object]:
        race.refresh_from_db()
        return {"campaign": campaign, "card": _race_cards([race], campaign)[0]}

    return _decide(
        request,
        decide=decide,
        queue_url=reverse("desk:race_queue", kwargs={"campaign_id": campaign.id}),
        partial="desk/race_queue.html#race_card",
        partial_context=partial_context,
    )


@login_required
@require_POST
def race_approve(request: HttpRequest, campaign_id: uuid.UUID, race_id: uuid.UUID) -> HttpResponse:
    return _race_decision(request, campaign_id, race_id, approve=True)


@login_required
@require_POST
def race_reject(request: HttpRequest, campaign_id: uuid.UUID, race_id: uuid.UUID) -> HttpResponse:
    return _race_decision(request, campaign_id, race_id, approve=False)


@login_required
@require_http_methods(["GET", "POST"])
def race_create_non_humanoid(request: HttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    campaign = campaign_for_gm(request.user, campaign_id)
    form = NonHumanoidRaceForm(request.POST or None, house_rules=campaign.house_rules)
    if request.method == "POST" and form.is_valid():
        try:
            race = services.race_create_non_humanoid(
                campaign=campaign,
                by=request.user,
                name=form.cleaned_data["name"],
                description=form.cleaned_data["description"],
                dice=form.dice(),
                bodiless=form.cleaned_data["bodiless"],
            )
        except RulesError as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request, f"“{race.name}” is ready: players in this campaign can now choose it."
            )
            return redirect("desk:race_queue", campaign_id=campaign.id)
    return render(request, "desk/race_new.html", {"campaign": campaign, "form": form})


@login_required
@require_safe
def character_queue(request: HttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    campaign = campaign_for_gm(request.user, campaign_id)
    context = {
        "campaign": campaign,
        "waiting": campaign_characters(campaign).filter(status=CharacterStatus.SUBMITTED),
        "note_form": DecisionNoteForm(),
    }
    return render(request, "desk/character_queue.html", context)


def _character_decision(
    request: HttpRequest, campaign_id: uuid.UUID, character_id: uuid.UUID, *, approve: bool
) -> HttpResponse:
    character = character_for_gm(request.user, campaign_id, character_id)
    campaign = character.campaign

    def decide(note: str) -> Decision:
        if approve:
            return services.character_approve(character=character, by=request.user, note=note)
        return services.character_return(character=character, by=request.user, note=note)

    def partial_context() -> dict[str, object]:
        return {
            "campaign": campaign,
            "character": campaign_characters(campaign).get(pk=character.pk),
        }

    return _decide(
        request,
        decide=decide,
        queue_url=reverse("desk:character_queue", kwargs={"campaign_id": campaign.id}),
        partial="desk/character_queue.html#character_card",
        partial_context=partial_context,
    )


@login_required
@require_POST
def character_approve(
    request: HttpRequest, campaign_id: uuid.UUID, character_id: uuid.UUID
) -> HttpResponse:
    return _character_decision(request, campaign_id, character_id, approve=True)


@login_required
@require_POST
def character_return(
    request: HttpRequest, campaign_id: uuid.UUID, character_id: uuid.UUID
) -> HttpResponse:
    return _character_decision(request, campaign_id, character_id, approve=False)


@login_required
@require_safe
def party(request: HttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    """Every member's characters with state, progress and roll counts (GM only)."""
    campaign = campaign_for_gm(request.user, campaign_id)
    return render(
        request, "desk/party.html", {"campaign": campaign, "members": party_members(campaign)}
    )


@login_required
@require_safe
def party_character(
    request: HttpRequest, campaign_id: uuid.UUID, character_id: uuid.UUID
) -> HttpResponse:
    """One character's roll log, read-only to the GM (drafts included)."""
    character = character_for_gm(request.user, campaign_id, character_id)
    log = [entry for entry in character.log.order_by("sequence") if shown_in_roll_log(entry)]
    rolls = [entry for entry in log if entry.dice]
    context = {
        "campaign": character.campaign,
        "character": character,
        "log": log,
        "roll_count": len(rolls),
        "entered_count": sum(1 for entry in rolls if entry.entered),
        "decisions": character.decisions.select_related("decided_by"),
        "rules_changes": house_rules_changes(character),
    }
    return render(request, "desk/party_character.html", context)


@login_required
@require_safe
def party_print(request: HttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    """Every approved character's sheet, one per printed page (GM and members)."""
    campaign = campaign_for_member(request.user, campaign_id)
    return render(
        request,
        "desk/party_print.html",
        {"campaign": campaign, "sheets": party_sheets(campaign)},
    )
