"""Bring a finished Drifting character into a campaign: the owner asks, the GM decides.

The owner's ask is one POST from the sheet; a refusal comes back on a page of its own
with the reason at the campaign field (a draft has no sheet to show it on). The GM
accepts or declines from the campaign page, where the request shows the character's
tokens and where its dice came from.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from chargen.campaigns.access import campaign_for_gm
from chargen.core.http import AuthenticatedHttpRequest
from chargen.drifting.access import character_for_owner
from chargen.drifting.forms import BringForm
from chargen.drifting.models import BringRequest, Character
from chargen.drifting.services_bring import (
    FIELD,
    BringRefused,
    bring_ask,
    bring_decide,
    campaigns_to_bring_into,
    latest_request,
)


def bring_context(request: HttpRequest, character: Character) -> dict[str, Any]:
    """The sheet's part: the latest request (open, or its outcome) and, for the owner of
    a character outside any campaign with nothing waiting, the form to ask."""
    latest = latest_request(character)
    can_ask = (
        character.owner_id == request.user.pk
        and character.campaign_id is None
        and not (latest is not None and latest.is_open)
    )
    form = BringForm(campaigns=campaigns_to_bring_into(character)) if can_ask else None
    return {"bring_request": latest, "bring_form": form}


@login_required
@require_POST
def bring_ask_view(request: AuthenticatedHttpRequest, character_id: uuid.UUID) -> HttpResponse:
    character = character_for_owner(request.user, character_id)
    form = BringForm(request.POST, campaigns=campaigns_to_bring_into(character))
    valid = form.is_valid()
    try:
        asked = bring_ask(character=character, campaign=form.cleaned_data[FIELD] if valid else None)
    except BringRefused as refused:
        # The character's own reason (a draft, already in a campaign) replaces the
        # field's: it is the one the player can act on.
        form.errors.pop(FIELD, None)
        form.add_error(FIELD, refused.message)
        context = {"character": character, "bring_form": form}
        return render(request, "drifting/bring.html", context, status=400)
    messages.success(
        request, f"{character} waits for the GM of {asked.campaign}, who decides whether it joins."
    )
    return redirect(character)


def _decide(
    request: AuthenticatedHttpRequest,
    campaign_id: uuid.UUID,
    character_id: uuid.UUID,
    *,
    accept: bool,
) -> HttpResponse:
    campaign = campaign_for_gm(request.user, campaign_id)
    try:
        decided = bring_decide(campaign=campaign, character_id=character_id, accept=accept)
    except (BringRequest.DoesNotExist, Character.DoesNotExist):
        # Decided in another tab, or the character deleted meanwhile.
        raise Http404("No such request.") from None
    character = decided.character
    if decided.accepted:
        messages.success(request, f"{character} joined {campaign}.")
    elif accept:
        messages.error(
            request,
            f"{character} could not join: it is no longer a finished character "
            "outside any campaign. The request is closed.",
        )
    else:
        messages.success(request, f"Declined: {character} stays outside {campaign}.")
    return redirect("drifting:campaign", campaign_id=campaign.id)


@login_required
@require_POST
def bring_accept(
    request: AuthenticatedHttpRequest, campaign_id: uuid.UUID, character_id: uuid.UUID
) -> HttpResponse:
    return _decide(request, campaign_id, character_id, accept=True)


@login_required
@require_POST
def bring_decline(
    request: AuthenticatedHttpRequest, campaign_id: uuid.UUID, character_id: uuid.UUID
) -> HttpResponse:
    return _decide(request, campaign_id, character_id, accept=False)
