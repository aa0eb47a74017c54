"""Every campaign state change needs the CSRF token."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client

from chargen.campaigns.models import Campaign
from tests.chargen.campaigns.views_helpers import _join_url, _rules_post, _url


def test_state_changes_need_the_csrf_token(
    gm: User, other_player: User, campaign: Campaign
) -> None:
    strict_gm = Client(enforce_csrf_checks=True)
    strict_gm.force_login(gm)
    old_token = campaign.invite_token
    assert strict_gm.post(_url("renew_invite", campaign)).status_code == 403
    assert strict_gm.post(_url("rules", campaign), _rules_post(campaign)).status_code == 403
    campaign.refresh_from_db()
    assert campaign.invite_token == old_token

    strict_player = Client(enforce_csrf_checks=True)
    strict_player.force_login(other_player)
    assert strict_player.post(_join_url(campaign.invite_token)).status_code == 403
    assert not campaign.is_member(other_player)

    # With the token from the page, the same POST works.
    strict_player.get(_join_url(campaign.invite_token))
    token = strict_player.cookies["csrftoken"].value
    response = strict_player.post(_join_url(campaign.invite_token), {"csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert campaign.is_member(other_player)
