from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from chargen.campaigns.models import Campaign
from chargen.campaigns.services import campaign_create, campaign_join


@pytest.fixture
def campaign(gm: User, player: User) -> Campaign:
    """Alice's campaign, with Bob as a member (Carol and Dave are not in it)."""
    created = campaign_create(gm=gm, name="The Tigris Run", description="Smugglers & <rogues>")
    campaign_join(token=created.invite_token, user=player)
    return created
