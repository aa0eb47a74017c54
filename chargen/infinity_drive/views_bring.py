"""Bring a finished character into a campaign: one POST, then the sheet says what happened."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from chargen.core.http import AuthenticatedHttpRequest
from chargen.infinity_drive.access import character_for_owner
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.services_bring import character_bring_into_campaign


@login_required
@require_POST
def character_bring_view(
    request: AuthenticatedHttpRequest, character_id: uuid.UUID
) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    try:
        character = character_bring_into_campaign(
            character=character, campaign_id=str(request.POST.get("campaign", ""))
        )
    except StepRefused as refused:
        messages.error(request, refused.message)
    else:
        assert character.campaign is not None
        messages.success(
            request,
            f"{character.name} is submitted to the GM of “{character.campaign.name}”, "
            "who decides whether it joins.",
        )
    return redirect("characters:sheet", character_id=character.id)
