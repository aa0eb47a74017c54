"""Drifting's campaign page: the party's token sheets and the GM's refresh."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from chargen.campaigns.access import campaign_for_gm, campaign_for_member
from chargen.campaigns.confirm import Confirmation, confirmation_page, is_confirmed
from chargen.core.htmx import client_redirect
from chargen.core.http import AuthenticatedHttpRequest, HtmxHttpRequest
from chargen.drifting import services, services_table
from chargen.drifting.campaign_rules import drifting_rules_for
from chargen.drifting.models import CreationStep
from chargen.drifting.services_bring import open_requests

# --- The campaign page ------------------------------------------------------------------------


def _campaign_context(request: HtmxHttpRequest, campaign: Any, **extra: Any) -> dict[str, Any]:
    is_gm = campaign.is_gm(request.user)
    characters = campaign.drifting_characters.filter(step=CreationStep.FINISHED)
    if not is_gm:
        characters = characters.filter(owner=request.user)
    return {
        "campaign": campaign,
        "is_gm": is_gm,
        "rules": drifting_rules_for(campaign),
        "party": services_table.party_at_the_table(
            characters.select_related("owner").prefetch_related("tokens")
        ),
        # Only the GM decides, so only the GM sees who asks to join.
        "bring_requests": list(open_requests(campaign)) if is_gm else [],
    }


@login_required
@require_GET
def campaign_page(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    campaign = campaign_for_member(request.user, campaign_id)
    return render(request, "drifting/campaign.html", _campaign_context(request, campaign))


@login_required
@require_POST
def campaign_refresh(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
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
    return client_redirect(request, campaign_page_url)
