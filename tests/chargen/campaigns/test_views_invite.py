"""The campaign's invite link: renewing it (GM only, POST only, htmx) and joining by it,
including stale and garbage links and logging in first."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign, Membership
from tests.chargen.campaigns.views_helpers import CONFIRMED, _join_url, _url
from tests.conftest import PASSWORD


def test_renew_invite_is_post_only_and_gm_only(
    gm_client: Client, player_client: Client, outsider_client: Client, campaign: Campaign
) -> None:
    old_token = campaign.invite_token
    assert gm_client.get(_url("renew_invite", campaign)).status_code == 405
    assert player_client.post(_url("renew_invite", campaign)).status_code == 404
    assert outsider_client.post(_url("renew_invite", campaign)).status_code == 404
    campaign.refresh_from_db()
    assert campaign.invite_token == old_token

    assert gm_client.post(_url("renew_invite", campaign), CONFIRMED).status_code == 302
    campaign.refresh_from_db()
    assert campaign.invite_token != old_token


def test_renew_invite_by_htmx_swaps_just_the_invite_box(
    gm_client: Client, campaign: Campaign
) -> None:
    response = gm_client.post(_url("renew_invite", campaign), CONFIRMED, HTTP_HX_REQUEST="true")
    campaign.refresh_from_db()
    page = response.content.decode()
    assert response.status_code == 200
    assert str(campaign.invite_token) in page
    assert "New link made" in page
    assert "<html" not in page


def test_join_get_shows_the_campaign_and_changes_nothing(
    other_player_client: Client, other_player: User, campaign: Campaign
) -> None:
    response = other_player_client.get(_join_url(campaign.invite_token))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Join “The Tigris Run”?" in page
    assert "run by alice" in page
    assert not campaign.is_member(other_player)


def test_join_post_joins_and_lands_on_the_campaign(
    other_player_client: Client, other_player: User, campaign: Campaign
) -> None:
    response = other_player_client.post(_join_url(campaign.invite_token), follow=True)
    assert response.redirect_chain[-1][0] == campaign.get_absolute_url()
    assert "You have joined “The Tigris Run”." in response.content.decode()
    assert campaign.is_member(other_player)
    # Again: harmless.
    other_player_client.post(_join_url(campaign.invite_token))
    assert Membership.objects.filter(user=other_player).count() == 1


def test_join_when_already_in_says_so(player_client: Client, campaign: Campaign) -> None:
    page = player_client.get(_join_url(campaign.invite_token)).content.decode()
    assert "You are already in this campaign." in page


def test_renewed_link_says_it_was_replaced(
    gm_client: Client,
    other_player_client: Client,
    other_player: User,
    campaign: Campaign,
) -> None:
    old_token = campaign.invite_token
    gm_client.post(_url("renew_invite", campaign), CONFIRMED)
    for method in (other_player_client.get, other_player_client.post):
        response = method(_join_url(old_token))
        assert response.status_code == 404
        assert "has been replaced by a newer one" in response.content.decode()
    assert not campaign.is_member(other_player)


@pytest.mark.parametrize(
    "token", ["garbage", "6f1c2a3e-9b7d-4e2a-8c51-0d3f7a9e4b12", "%3Cscript%3E"]
)
def test_garbage_link_says_it_is_not_valid(
    other_player_client: Client, other_player: User, campaign: Campaign, token: str
) -> None:
    response = other_player_client.post(_join_url(token))
    assert response.status_code == 404
    assert "This invite link is not valid" in response.content.decode()
    assert not campaign.is_member(other_player)


def test_logged_out_visitor_logs_in_and_comes_back(
    client: Client, other_player: User, campaign: Campaign
) -> None:
    join_url = _join_url(campaign.invite_token)
    response = client.post(join_url)
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('login')}?next={join_url}"
    assert not campaign.is_member(other_player)
    login = client.post(
        reverse("login"), {"username": "carol", "password": PASSWORD, "next": join_url}
    )
    assert login["Location"] == join_url
    assert not campaign.is_member(other_player)
