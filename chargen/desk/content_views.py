"""The GM's pages for the campaign's content: equipment, background tables, history prompts.

Thin views: the GM check (`campaign_for_gm`) and a service in chargen.desk.content;
each kind's page, and a table's rows, are in content_row_views.py. No URL carries a
row's sequential id: a row is named by its key, and a table by its key.
"""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from chargen.campaigns.access import campaign_for_gm
from chargen.content.services import content_for_campaign
from chargen.core.http import AuthenticatedHttpRequest
from chargen.desk import content as content_services
from chargen.desk.content_forms import own_equipment, own_prompts, own_tables
from chargen.desk.content_row_views import kind_page


@login_required
@require_safe
def content_overview(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    campaign = campaign_for_gm(request.user, campaign_id)
    context = {
        "campaign": campaign,
        "content": content_for_campaign(campaign),
        "own_counts": {
            "equipment": own_equipment(campaign).count(),
            "tables": own_tables(campaign).count(),
            "prompts": own_prompts(campaign).count(),
        },
    }
    return render(request, "desk/content.html", context)


@login_required
@require_POST
def content_copy(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    campaign = campaign_for_gm(request.user, campaign_id)
    copied = content_services.content_start_from_defaults(campaign=campaign, by=request.user)
    messages.success(
        request,
        f"Copied {copied} default row{'s' if copied != 1 else ''} into this campaign; "
        "edit them here. Other campaigns are not affected.",
    )
    return redirect("desk:content", campaign_id=campaign.id)


@login_required
@require_http_methods(["GET", "POST"])
def content_equipment(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    return kind_page(request, campaign_id, "equipment")


@login_required
@require_http_methods(["GET", "POST"])
def content_tables(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    return kind_page(request, campaign_id, "tables")


@login_required
@require_http_methods(["GET", "POST"])
def content_prompts(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    return kind_page(request, campaign_id, "prompts")
