"""An Infinity Drive character can be started only in a campaign that plays Infinity Drive."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign, Membership
from chargen.campaigns.services import campaign_create
from chargen.drifting.campaign_rules import DRIFTING
from chargen.infinity_drive import services
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.models import Character


@pytest.fixture
def drifting_campaign(gm: User, player: User) -> Campaign:
    campaign = campaign_create(gm=gm, name="Lost on Storm", game=DRIFTING)
    Membership.objects.create(campaign=campaign, user=player)
    return campaign


@pytest.fixture
def infinity_campaign(gm: User, player: User) -> Campaign:
    campaign = campaign_create(gm=gm, name="The Long Jump")
    Membership.objects.create(campaign=campaign, user=player)
    return campaign


def test_the_new_character_form_offers_only_infinity_drive_campaigns(
    player_client: Client, drifting_campaign: Campaign, infinity_campaign: Campaign
) -> None:
    page = player_client.get(reverse("characters:new")).content.decode()
    assert f'value="{infinity_campaign.pk}"' in page
    assert f'value="{drifting_campaign.pk}"' not in page


def test_posting_a_drifting_campaign_is_refused(
    player_client: Client, drifting_campaign: Campaign
) -> None:
    response = player_client.post(
        reverse("characters:new"),
        {"name": "Treva", "concept": "", "campaign": drifting_campaign.pk},
    )
    assert response.status_code == 400
    assert not Character.objects.exists()


def test_the_service_refuses_another_games_campaign(
    player: User, drifting_campaign: Campaign
) -> None:
    with pytest.raises(StepRefused, match="plays Drifting"):
        services.character_start(owner=player, campaign=drifting_campaign, name="Treva", concept="")
    assert not Character.objects.exists()
