"""Read-only pages for campaign content (the GM desk builds the editing pages on the
services), and the GM's one action here: copy the defaults into the campaign to edit."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST, require_safe

from chargen.campaigns.access import campaign_for_gm, campaign_for_member
from chargen.content.services import content_copy_defaults, content_for_campaign
from chargen.core.http import AuthenticatedHttpRequest


@login_required
@require_safe
def default_content(request: AuthenticatedHttpRequest) -> HttpResponse:
    """The default catalogue, house background tables and history prompts."""
    return render(
        request,
        "content/catalogue.html",
        {"campaign": None, "content": content_for_campaign(None), "is_gm": False},
    )


@login_required
@require_safe
def campaign_content(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    """What characters in this campaign may buy, roll on and be prompted with."""
    campaign = campaign_for_member(request.user, campaign_id)
    context = {
        "campaign": campaign,
        "content": content_for_campaign(campaign),
        "is_gm": campaign.is_gm(request.user),
    }
    return render(request, "content/catalogue.html", context)


@login_required
@require_POST
def copy_defaults(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    campaign = campaign_for_gm(request.user, campaign_id)
    copied = content_copy_defaults(campaign=campaign, by=request.user)
    if copied:
        messages.success(request, f"Copied {copied} default rows into {campaign.name}.")
    else:
        messages.info(request, f"{campaign.name} already has its own copy of every default.")
    return redirect("content:campaign", campaign_id=campaign.id)
