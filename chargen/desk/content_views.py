"""The GM's content page: every kind of content the campaign's game lets its GM edit,
and the copy of the game's defaults into the campaign.

Thin views: the GM check (`campaign_for_gm`) and a service in chargen.desk.content;
each kind's page, and the rows inside a row, are in content_row_views.py. No URL carries
a row's sequential id: a row is named by its key.
"""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST, require_safe

from chargen.campaigns.access import campaign_for_gm
from chargen.core.http import AuthenticatedHttpRequest
from chargen.desk import content as content_services
from chargen.desk.content_kinds import campaign_content


@login_required
@require_safe
def content_overview(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    campaign = campaign_for_gm(request.user, campaign_id)
    content = campaign_content(campaign)
    sections = [
        {
            "kind": kind,
            "lines": kind.summary(campaign),
            "own_count": kind.own(campaign).count(),
            "url": kind.page_url(campaign),
        }
        for kind in content.kinds
    ]
    context = {"campaign": campaign, "content": content, "sections": sections}
    return render(request, "desk/content.html", context)


@login_required
@require_POST
def content_copy(request: AuthenticatedHttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    campaign = campaign_for_gm(request.user, campaign_id)
    campaign_content(campaign)  # 404 for a game without content
    copied = content_services.content_start_from_defaults(campaign=campaign, by=request.user)
    messages.success(
        request,
        f"Copied {copied} default row{'s' if copied != 1 else ''} into this campaign; "
        "edit them here. Other campaigns are not affected.",
    )
    return redirect("desk:content", campaign_id=campaign.id)
