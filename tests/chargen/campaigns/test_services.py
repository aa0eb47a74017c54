"""Campaign services: invite links, joining, renewing, removing members."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import Http404

from chargen.campaigns.access import (
    campaign_for_gm,
    campaign_for_member,
    campaigns_for_user,
)
from chargen.campaigns.models import Campaign, Membership
from chargen.campaigns.services import (
    ReplacedInviteError,
    UnknownInviteError,
    campaign_create,
    campaign_join,
    campaign_remove_member,
    campaign_renew_invite,
)


def test_join_makes_a_membership_once(campaign: Campaign, other_player: User) -> None:
    campaign_join(token=str(campaign.invite_token), user=other_player)
    campaign_join(token=str(campaign.invite_token), user=other_player)
    assert Membership.objects.filter(campaign=campaign, user=other_player).count() == 1
    assert campaign.is_member(other_player)
    assert not campaign.is_gm(other_player)


def test_gm_joining_their_own_campaign_changes_nothing(campaign: Campaign, gm: User) -> None:
    assert campaign_join(token=campaign.invite_token, user=gm) == campaign
    assert not Membership.objects.filter(user=gm).exists()
    assert campaign.is_member(gm)
    assert campaign.is_gm(gm)


@pytest.mark.parametrize("token", ["garbage", "", "1234", "6f1c2a3e-9b7d-4e2a-8c51-0d3f7a9e4b12"])
def test_garbage_tokens_say_the_link_is_not_valid(
    campaign: Campaign, outsider: User, token: str
) -> None:
    with pytest.raises(UnknownInviteError, match="not valid"):
        campaign_join(token=token, user=outsider)
    assert not campaign.is_member(outsider)


def test_renewed_link_says_it_was_replaced(campaign: Campaign, gm: User, outsider: User) -> None:
    old_token = campaign.invite_token
    campaign_renew_invite(campaign=campaign, by=gm)
    assert campaign.invite_token != old_token
    with pytest.raises(ReplacedInviteError, match="replaced by a newer one"):
        campaign_join(token=old_token, user=outsider)
    assert campaign_join(token=campaign.invite_token, user=outsider) == campaign


def test_only_the_gm_renews(campaign: Campaign, player: User) -> None:
    old_token = campaign.invite_token
    with pytest.raises(PermissionDenied):
        campaign_renew_invite(campaign=campaign, by=player)
    campaign.refresh_from_db()
    assert campaign.invite_token == old_token


def test_gm_removes_a_member_and_a_member_may_leave(
    campaign: Campaign, gm: User, player: User, other_player: User
) -> None:
    campaign_join(token=campaign.invite_token, user=other_player)
    with pytest.raises(PermissionDenied):
        campaign_remove_member(campaign=campaign, by=player, user=other_player)
    assert campaign.is_member(other_player)
    campaign_remove_member(campaign=campaign, by=gm, user=other_player)
    assert not campaign.is_member(other_player)
    campaign_remove_member(campaign=campaign, by=player, user=player)
    assert not campaign.is_member(player)


def test_access_helpers(campaign: Campaign, gm: User, player: User, outsider: User) -> None:
    other = campaign_create(gm=outsider, name="Dave's game")
    assert list(campaigns_for_user(gm)) == [campaign]
    assert list(campaigns_for_user(player)) == [campaign]
    assert list(campaigns_for_user(outsider)) == [other]
    assert campaign_for_member(player, campaign.id) == campaign
    assert campaign_for_gm(gm, str(campaign.id)) == campaign
    with pytest.raises(Http404):
        campaign_for_gm(player, campaign.id)
    with pytest.raises(Http404):
        campaign_for_member(outsider, campaign.id)
    with pytest.raises(Http404):
        campaign_for_member(player, "not-a-uuid")
