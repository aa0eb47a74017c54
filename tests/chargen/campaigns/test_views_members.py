"""A campaign's members: the GM removes one, a member may leave but not remove another, and
outsiders remove no one."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign, Membership
from tests.chargen.campaigns.views_helpers import CONFIRMED, _url


def test_gm_removes_a_member(gm_client: Client, player: User, campaign: Campaign) -> None:
    response = gm_client.post(_url("remove_member", campaign), {"username": "bob", **CONFIRMED})
    assert response["Location"] == campaign.get_absolute_url()
    assert not campaign.is_member(player)


def test_member_cannot_remove_another(
    player_client: Client, other_player: User, campaign: Campaign
) -> None:
    Membership.objects.create(campaign=campaign, user=other_player)
    response = player_client.post(_url("remove_member", campaign), {"username": "carol"})
    assert response.status_code == 404
    assert campaign.is_member(other_player)


def test_member_may_leave(player_client: Client, player: User, campaign: Campaign) -> None:
    response = player_client.post(_url("remove_member", campaign), {"username": "bob", **CONFIRMED})
    assert response["Location"] == reverse("campaigns:list")
    assert not campaign.is_member(player)


def test_outsider_cannot_remove_anyone(
    outsider_client: Client, player: User, campaign: Campaign
) -> None:
    response = outsider_client.post(_url("remove_member", campaign), {"username": "bob"})
    assert response.status_code == 404
    assert campaign.is_member(player)
