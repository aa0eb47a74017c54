"""A GM's export of a whole campaign: every character of every system, one file."""

from __future__ import annotations

import uuid

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from chargen.campaigns.access import campaign_for_gm
from chargen.core import roll_keys
from chargen.core.export import character_item, document
from chargen.core.systems import registry
from chargen.core.views_export import attachment


@login_required
@require_GET
def campaign_export(request: HttpRequest, campaign_id: uuid.UUID) -> HttpResponse:
    campaign = campaign_for_gm(request.user, campaign_id)
    known = roll_keys.known_public_keys()
    items = [
        character_item(f"{system.key}.{kind.key}", kind.exporter, subject, known)
        for system in registry.all()
        for kind in system.character_kinds
        if kind.exporter is not None
        for subject in kind.exporter.in_campaign(campaign)
    ]
    about = {
        "id": str(campaign.pk),
        "name": campaign.name,
        "game": campaign.game,
        "house_rules": campaign.house_rules,
    }
    filename = f"{slugify(campaign.name) or 'campaign'}.chargen.json"
    return attachment(document(items, campaign=about), filename)
