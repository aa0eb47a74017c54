"""Irreversible campaign actions ask first: renewing the invite, removing a player and leaving
change nothing without confirmation, and the question comes after access is checked."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign, Membership
from tests.chargen.campaigns.views_helpers import CONFIRMED, _url


def _hidden_fields(page: str) -> dict[str, str]:
    """The hidden inputs of the confirmation page's form (what it posts back)."""
    form = page.split('class="d-flex flex-wrap gap-2 align-items-center"', 1)[1]
    return dict(re.findall(r'type="hidden" name="([^"]+)" value="([^"]*)"', form))


def test_renewing_the_invite_without_confirmation_changes_nothing(
    gm_client: Client, campaign: Campaign
) -> None:
    old_token = campaign.invite_token
    response = gm_client.post(_url("renew_invite", campaign))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Make a new invite link for “The Tigris Run”?" in page
    assert "stops working" in page
    campaign.refresh_from_db()
    assert campaign.invite_token == old_token
    # The page's own form carries the confirmation, and then the link is renewed.
    fields = _hidden_fields(page)
    assert fields["confirm"] == "yes"
    gm_client.post(_url("renew_invite", campaign), fields)
    campaign.refresh_from_db()
    assert campaign.invite_token != old_token


@pytest.mark.parametrize("confirm", [None, "", "no", "on"])
def test_removing_a_player_without_confirmation_changes_nothing(
    gm_client: Client, player: User, campaign: Campaign, confirm: str | None
) -> None:
    data = {"username": "bob"} if confirm is None else {"username": "bob", "confirm": confirm}
    response = gm_client.post(_url("remove_member", campaign), data)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Remove bob from “The Tigris Run”?" in page
    assert campaign.is_member(player)
    fields = _hidden_fields(page)
    assert fields["username"] == "bob"
    assert fields["confirm"] == "yes"
    gm_client.post(_url("remove_member", campaign), fields)
    assert not campaign.is_member(player)


def test_leaving_without_confirmation_changes_nothing(
    player_client: Client, player: User, campaign: Campaign
) -> None:
    response = player_client.post(_url("remove_member", campaign), {"username": "bob"})
    assert "Leave “The Tigris Run”?" in response.content.decode()
    assert campaign.is_member(player)


def test_the_confirmation_is_asked_only_after_access_is_checked(
    player_client: Client, outsider_client: Client, other_player: User, campaign: Campaign
) -> None:
    Membership.objects.create(campaign=campaign, user=other_player)
    assert player_client.post(_url("renew_invite", campaign)).status_code == 404
    assert (
        player_client.post(_url("remove_member", campaign), {"username": "carol"}).status_code
        == 404
    )
    assert outsider_client.post(_url("renew_invite", campaign)).status_code == 404


def test_htmx_confirmed_removal_moves_the_whole_page_on(
    gm_client: Client, player: User, campaign: Campaign
) -> None:
    response = gm_client.post(
        _url("remove_member", campaign), {"username": "bob", **CONFIRMED}, HTTP_HX_REQUEST="true"
    )
    assert response["HX-Redirect"] == campaign.get_absolute_url()
    assert not campaign.is_member(player)


def test_the_buttons_ask_the_browser_first(gm_client: Client, campaign: Campaign) -> None:
    """With htmx the browser asks (hx-confirm) and the confirmation goes along (hx-vals)."""
    for url in (_url("detail", campaign), reverse("desk:campaign", args=[campaign.id])):
        page = gm_client.get(url).content.decode()
        renew = page.split(f'action="{_url("renew_invite", campaign)}"', 1)[1].split(">", 1)[0]
        assert 'hx-confirm="Make a new invite link?' in renew
        assert """hx-vals='{"confirm": "yes"}'""" in renew
        remove = page.split(f'action="{_url("remove_member", campaign)}"', 1)[1].split(">", 1)[0]
        assert 'hx-confirm="Remove bob from' in remove
        assert """hx-vals='{"confirm": "yes"}'""" in remove
