"""The desk badge is right after every change: each step changes one thing the count
reads and checks the badge on a page and the count, in all and for the campaign."""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from django.test import Client

from chargen.campaigns.models import Campaign, Membership
from chargen.campaigns.services import campaign_remove_member
from chargen.desk.models import Notification, NotificationKind
from chargen.desk.notifications import notification_send, notifications_mark_seen, unseen_count

BADGE = re.compile(r'title="(\d+) new since you last looked"')


def _badge(client: Client) -> int:
    html = client.get("/characters/").content.decode()
    found = BADGE.search(html)
    return int(found.group(1)) if found else 0


def _tell(user: User, campaign: Campaign) -> Notification:
    return notification_send(
        recipient=user,
        campaign=campaign,
        kind=NotificationKind.RACE_DECIDED,
        message="Your race was approved.",
        link="/desk/",
    )


def _count(user: User, campaign: Campaign | None = None) -> int:
    return unseen_count(user=user, campaign=campaign)


def test_the_badge_follows_every_change(
    campaign: Campaign, player: User, other_player: User, player_client: Client
) -> None:
    assert _badge(player_client) == 0
    assert _count(player) == 0
    _tell(player, campaign)
    assert _badge(player_client) == 1
    assert _count(player) == 1
    assert _count(player, campaign) == 1
    assert _count(other_player) == 0  # someone else's news is not theirs
    second = _tell(player, campaign)
    assert (_badge(player_client), _count(player)) == (2, 2)
    second.delete()
    assert (_badge(player_client), _count(player), _count(player, campaign)) == (1, 1, 1)
    notifications_mark_seen(user=player, campaign=campaign)
    assert (_badge(player_client), _count(player), _count(player, campaign)) == (0, 0, 0)
    _tell(player, campaign)
    assert (_badge(player_client), _count(player)) == (1, 1)
    campaign_remove_member(campaign=campaign, by=player, user=player)  # leaving hides its news
    assert (_badge(player_client), _count(player)) == (0, 0)
    Membership.objects.create(campaign=campaign, user=player)  # joining again shows it
    assert (_badge(player_client), _count(player)) == (1, 1)


def test_a_new_gm_and_a_deleted_campaign_change_the_count(
    campaign: Campaign, gm: User, player: User
) -> None:
    _tell(gm, campaign)
    assert _count(gm) == 1
    Membership.objects.filter(campaign=campaign, user=player).delete()
    campaign.gm = player  # the campaign changes hands: Alice's news is no longer hers
    campaign.save()
    assert _count(gm) == 0
    campaign.delete()
    assert (_count(gm), _count(player)) == (0, 0)
