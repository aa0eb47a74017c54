"""Tests change a campaign's house rules the way its GM's form does: through the service."""

from __future__ import annotations

import uuid
from typing import Any

from chargen.campaigns.models import Campaign
from chargen.campaigns.services import campaign_house_rules_change


def set_house_rules(campaign: Campaign | uuid.UUID | None, **changes: Any) -> Campaign:
    """Change some rules of the campaign's game by name; returns the campaign as saved."""
    key = campaign.pk if isinstance(campaign, Campaign) else campaign
    if key is None:
        raise ValueError("Which campaign?")
    stored = Campaign.objects.select_related("gm").get(pk=key)
    return campaign_house_rules_change(campaign=stored, by=stored.gm, **changes)
