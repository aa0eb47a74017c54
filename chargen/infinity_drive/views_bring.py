"""Bring a finished character into a campaign: one POST, then the sheet says what happened.

A refusal comes back on a page of its own with the reason at the campaign field, as
Drifting's does: a wrong, empty or malformed campaign is the form's to answer.
"""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from chargen.core.http import AuthenticatedHttpRequest
from chargen.infinity_drive.access import character_for_owner
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.forms import BringForm
from chargen.infinity_drive.services_bring import (
    campaigns_to_bring_into,
    character_bring_into_campaign,
)


@login_required
@require_POST
def character_bring_view(
    request: AuthenticatedHttpRequest, character_id: uuid.UUID
) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    form = BringForm(request.POST, campaigns=campaigns_to_bring_into(character))
    if form.is_valid():
        try:
            character = character_bring_into_campaign(
                character=character, campaign=form.cleaned_data["campaign"]
            )
        except StepRefused as refused:
            form.add_error("campaign", refused.message)
    if not form.is_valid():
        context = {"character": character, "bring_form": form}
        return render(request, "characters/bring.html", context, status=400)
    assert character.campaign is not None
    messages.success(
        request,
        f"{character.name} is submitted to the GM of “{character.campaign.name}”, "
        "who decides whether it joins.",
    )
    return redirect("characters:sheet", character_id=character.id)
