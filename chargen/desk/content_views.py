"""The GM's pages for the campaign's content: equipment, background tables, history prompts.

Thin views: the GM check (`campaign_for_gm`), a formset of the campaign's own rows,
and the save in chargen.desk.content. No URL carries a row's sequential id; rows
are named by the formset's POST data, and a table by its key.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.forms import BaseModelFormSet
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from chargen.campaigns.access import campaign_for_gm
from chargen.campaigns.models import Campaign
from chargen.content.services import content_for_campaign
from chargen.core.http import AuthenticatedHttpRequest
from chargen.desk import content as content_services
from chargen.desk.content_forms import (
    BackgroundRowFormSet,
    own_equipment,
    own_prompts,
    own_tables,
)
from chargen.desk.content_row_views import kind_page


def _bind_to_campaign(
    formset: BaseModelFormSet[Any, Any], campaign: Campaign
) -> BaseModelFormSet[Any, Any]:
    """Stamp every row with the campaign before validation, so uniqueness is checked
    within this campaign (a campaign row may share a default's name to replace it)."""
    for form in formset.forms:
        form.instance.campaign = campaign
    return formset


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


@login_required
@require_http_methods(["GET", "POST"])
def content_table_rows(
    request: AuthenticatedHttpRequest, campaign_id: uuid.UUID, table_key: str
) -> HttpResponse:
    campaign = campaign_for_gm(request.user, campaign_id)
    table = own_tables(campaign).filter(key=table_key).first()
    if table is None:
        raise Http404("No such table in this campaign.")
    formset = BackgroundRowFormSet(request.POST or None, instance=table, prefix="rows")
    if request.method == "POST" and formset.is_valid():
        changed = content_services.content_save_table_rows(
            campaign=campaign, by=request.user, formset=formset
        )
        messages.success(request, f"Saved {changed} change{'s' if changed != 1 else ''}.")
        return redirect(request.path)
    return render(
        request,
        "desk/content_rows.html",
        {
            "campaign": campaign,
            "formset": formset,
            "title": f"{table.name} ({table.dice})",
            "what": "rows",
        },
    )
