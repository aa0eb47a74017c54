"""Infinity Drive's pages on the GM's desk: the race queue, non-humanoid races, the party.

Mounted in the desk's URL namespace (`desk:race_queue`, …) from chargen/infinity_drive/
system.py. Every GM page finds its campaign through `campaign_for_gm`, so anyone
else gets a 404 and learns nothing; decisions are POST-only and work with and
without JavaScript, as every desk decision does (chargen.desk.views.decision_response).
"""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AbstractBaseUser
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from chargen.campaigns.access import campaign_for_gm, campaign_for_member
from chargen.campaigns.models import Campaign
from chargen.core.etags import revalidated
from chargen.core.http import AuthenticatedHttpRequest
from chargen.core.log import cancelled_sequences
from chargen.core.log_pages import log_page
from chargen.core.provenance import imported_sequences
from chargen.desk.forms import DecisionNoteForm
from chargen.desk.models import Decision
from chargen.desk.views import decision_response
from chargen.infinity_drive.campaign_rules import INFINITY_DRIVE_RULES, house_rules_for
from chargen.infinity_drive.etags import party_print_etag
from chargen.infinity_drive.gm import services
from chargen.infinity_drive.gm.access import character_for_gm, race_for_gm
from chargen.infinity_drive.gm.forms import NonHumanoidRaceForm
from chargen.infinity_drive.gm.party import party_members, party_sheets
from chargen.infinity_drive.gm.races import race_review
from chargen.infinity_drive.gm.review import roll_log
from chargen.infinity_drive.house_rules import house_rules_changes
from chargen.infinity_drive.models import Race, RaceStatus
from rules.errors import RulesError

# Rows per page of the GM's roll log. A creation log ends with creation: Treva Donalson's
# whole career reads on one page, a longer one on two.
GM_LOG_PAGE_SIZE = 100


def _signed_in(request: HttpRequest) -> AbstractBaseUser:
    """The user @login_required let through (the campaign's GM, checked by the service)."""
    if not isinstance(request.user, AbstractBaseUser):
        raise Http404("No such page.")
    return request.user


def _race_cards(races: list[Race], campaign: Campaign) -> list[dict[str, object]]:
    house_rules = house_rules_for(campaign)
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
    return render(request, "characters/desk/race_queue.html", context)


def _race_decision(
    request: AuthenticatedHttpRequest, campaign_id: uuid.UUID, race_id: uuid.UUID, *, approve: bool
) -> HttpResponse:
    race = race_for_gm(request.user, campaign_id, race_id)
    campaign = race.campaign
    if campaign is None:  # race_for_gm finds races through their campaign
        raise Http404("No such race.")

    def decide(note: str) -> Decision:
        if approve:
            return services.race_approve(race=race, by=_signed_in(request), note=note)
        return services.race_reject(race=race, by=_signed_in(request), note=note)

    def partial_context() -> dict[str, object]:
        race.refresh_from_db()
        return {"campaign": campaign, "card": _race_cards([race], campaign)[0]}

    return decision_response(
        request,
        decide=decide,
        queue_url=reverse("desk:race_queue", kwargs={"campaign_id": campaign.id}),
        partial="characters/desk/race_queue.html#race_card",
        partial_context=partial_context,
    )


@login_required
@require_POST
def race_approve(
    request: AuthenticatedHttpRequest, campaign_id: uuid.UUID, race_id: uuid.UUID
) -> HttpResponse:
    return _race_decision(request, campaign_id, race_id, approve=True)


@login_required
@require_POST
def race_reject(
    request: AuthenticatedHttpRequest, campaign_id: uuid.UUID, race_id: uuid.UUID
) -> HttpResponse:
    return _race_decision(request, campaign_id, race_id, approve=False)


@login_required
@require_http_methods(["GET", "POST"])
def race_create_non_humanoid(request: HttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    campaign = campaign_for_gm(request.user, campaign_id)
    house_rules = house_rules_for(campaign)
    form = NonHumanoidRaceForm(request.POST or None, house_rules=house_rules)
    if request.method == "POST" and form.is_valid():
        try:
            race = services.race_create_non_humanoid(
                campaign=campaign,
                by=_signed_in(request),
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
    maximum = {line.name: line.value for line in INFINITY_DRIVE_RULES.lines(house_rules)}
    context = {
        "campaign": campaign,
        "form": form,
        "house_rules": house_rules,
        "non_humanoid_maximum": maximum["non_humanoid_maximum"],
    }
    return render(request, "characters/desk/race_new.html", context)


@login_required
@require_safe
def party(request: HttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    """Every member's characters with state, progress and roll counts (GM only)."""
    campaign = campaign_for_gm(request.user, campaign_id)
    return render(
        request,
        "characters/desk/party.html",
        {"campaign": campaign, "members": party_members(campaign)},
    )


@login_required
@require_safe
def party_character(
    request: HttpRequest, campaign_id: uuid.UUID, character_id: uuid.UUID
) -> HttpResponse:
    """One character's roll log, read-only to the GM (drafts included)."""
    character = character_for_gm(request.user, campaign_id, character_id)
    log = roll_log(character)
    rolls = [row.entry for row in log if row.entry.dice]
    # The replay reads the whole creation log (its state is the log's); the table draws
    # one page of it, newest first (chargen/core/log_pages.py), counts from the whole.
    page = log_page(request, log[::-1], per_page=GM_LOG_PAGE_SIZE)
    context = {
        "campaign": character.campaign,
        "character": character,
        "log": page.object_list,
        "log_page": page,
        "log_url": request.path,
        # An undone decision stays in the log, marked; the undo is a row of its own.
        "cancelled": cancelled_sequences(row.entry for row in log),
        "roll_count": len(rolls),
        "entered_count": sum(1 for entry in rolls if entry.entered),
        "decisions": character.decisions.select_related("decided_by"),
        "rules_changes": house_rules_changes(character),
        # The one rule for whose dice these are (chargen/core/export.py): a row counts as
        # this server's roll only when one of its keys signed it.
        "imported_sequences": imported_sequences(rolls),
    }
    return render(request, "characters/desk/party_character.html", context)


@login_required
@require_safe
@revalidated(party_print_etag)
def party_print(request: HttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    """Every approved character's sheet, one per printed page (GM and members)."""
    campaign = campaign_for_member(request.user, campaign_id)
    return render(
        request,
        "characters/desk/party_print.html",
        {"campaign": campaign, "sheets": party_sheets(campaign)},
    )
