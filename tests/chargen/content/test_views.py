"""The read-only content pages, the GM's copy of the defaults, and the admin."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign, Membership
from chargen.content.models import BackgroundRow, BackgroundTable, EquipmentItem, HistoryPrompt


@pytest.fixture
def campaign(gm: User, player: User) -> Campaign:
    created = Campaign.objects.create(name="The Rim", gm=gm)
    Membership.objects.create(campaign=created, user=player)
    EquipmentItem.objects.create(name="Sidearm", price=1000)
    table = BackgroundTable.objects.create(key="cash", name="Cash (house table)", dice="1d6")
    BackgroundRow.objects.create(table=table, low=1, high=6, result="[House] Cash", credits=10)
    HistoryPrompt.objects.create(key="skill", template="{entry} <script>")
    return created


def test_defaults_page_lists_the_catalogue(player_client: Client, campaign: Campaign) -> None:
    response = player_client.get(reverse("content:defaults"))
    assert response.status_code == 200
    assert b"Sidearm" in response.content
    assert b"[House] Cash" in response.content
    assert b"&lt;script&gt;" in response.content
    assert b"Copy the defaults" not in response.content


def test_members_see_the_campaign_content_outsiders_get_404(
    player_client: Client, outsider_client: Client, campaign: Campaign
) -> None:
    EquipmentItem.objects.create(campaign=campaign, name="Rim blaster", price=700)
    path = reverse("content:campaign", args=[campaign.id])
    response = player_client.get(path)
    assert response.status_code == 200
    assert b"Rim blaster" in response.content
    assert b"Copy the defaults" not in response.content
    assert outsider_client.get(path).status_code == 404


def test_only_the_gm_copies_the_defaults(
    gm_client: Client, player_client: Client, campaign: Campaign
) -> None:
    path = reverse("content:copy_defaults", args=[campaign.id])
    assert player_client.post(path).status_code == 404
    assert not campaign.equipment_items.exists()
    assert gm_client.get(path).status_code == 405
    response = gm_client.post(path, follow=True)
    assert response.status_code == 200
    assert b"Copied 4 default rows" in response.content
    assert campaign.equipment_items.count() == 1
    assert campaign.background_tables.get().rows.count() == 1


@pytest.mark.parametrize("model", ["equipmentitem", "backgroundtable", "historyprompt"])
def test_admin_pages_load(admin_client: Client, campaign: Campaign, model: str) -> None:
    assert admin_client.get(reverse(f"admin:content_{model}_changelist")).status_code == 200
    assert admin_client.get(reverse(f"admin:content_{model}_add")).status_code == 200
