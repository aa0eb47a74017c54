"""The table page (GM and members), the strip a player's pages load, and the GM's pin."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from chargen.campaigns.access import campaign_for_gm
from chargen.campaigns.models import Campaign
from chargen.core.http import AuthenticatedHttpRequest
from chargen.core.live_feed import NEWEST_SHOWN, Viewer
from chargen.table.access import table_for_member, viewer_of
from chargen.table.forms import PinForm
from chargen.table.fragments import STRIP_ROWS, table_state
from chargen.table.routing import socket_path
from chargen.table.services import table_pin


@login_required
@require_GET
def table_page(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    campaign, viewer = table_for_member(request.user, campaign_id)
    return _page(request, campaign, viewer, pin_form=None)


def _page(
    request: AuthenticatedHttpRequest,
    campaign: Campaign,
    viewer: Viewer,
    *,
    pin_form: PinForm | None,
    status: int = 200,
) -> HttpResponse:
    state = table_state(campaign.pk, viewer, limit=NEWEST_SHOWN)
    if viewer.is_gm and pin_form is None:
        pin_form = PinForm(initial={"text": state["pin"]})
    context = {
        "campaign": campaign,
        "is_gm": viewer.is_gm,
        "socket_url": socket_path(campaign.pk),
        "pin_form": pin_form,
        **state,
    }
    return render(request, "table/page.html", context, status=status)


@login_required
@require_GET
def table_strip(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    """The small live strip on a player's wizard and sheet pages (loaded by htmx)."""
    campaign, viewer = table_for_member(request.user, campaign_id)
    context = {
        "campaign": campaign,
        "socket_url": socket_path(campaign.pk),
        **table_state(campaign.pk, viewer, limit=STRIP_ROWS),
    }
    return render(request, "table/strip.html", context)


@login_required
@require_POST
def table_pin_set(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    campaign = campaign_for_gm(request.user, campaign_id)
    form = PinForm(request.POST)
    if not form.is_valid():  # the page again, the message as typed and why at the field
        return _page(
            request, campaign, viewer_of(campaign, request.user), pin_form=form, status=400
        )
    table_pin(campaign=campaign, by=request.user, text=form.cleaned_data["text"])
    messages.success(request, "Pinned." if form.cleaned_data["text"] else "Pin taken down.")
    return redirect(reverse("table:page", kwargs={"campaign_id": campaign.pk}))
