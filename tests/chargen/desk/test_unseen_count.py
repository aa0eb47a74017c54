"""The badge's count (chargen/desk/notifications.py) in every case the badge knows, in all
and per campaign (the home page's "Waiting for you"), and the same queries however much
news: one look for a user with none, two with some."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from chargen.campaigns.models import Campaign, Membership
from chargen.desk.models import LastSeen, Notification, NotificationKind
from chargen.desk.notifications import (
    unseen_count,
    unseen_counts_by_campaign,
    unseen_notifications,
)


def _tell(user: User, campaign: Campaign, *, minutes_ago: int = 0) -> Notification:
    return Notification.objects.create(
        recipient=user,
        campaign=campaign,
        kind=NotificationKind.RACE_DECIDED,
        message="news",
        created=timezone.now() - timedelta(minutes=minutes_ago),
    )


def _counts(user: User, campaigns: list[Campaign]) -> list[int]:
    """The badge's count for all campaigns, then for each one; the home page's counts per
    campaign and the listed notifications say the same."""
    counts = [unseen_count(user=user)]
    counts += [unseen_count(user=user, campaign=campaign) for campaign in campaigns]
    per_campaign = unseen_counts_by_campaign(user=user)
    assert per_campaign == {
        campaign.pk: count for campaign, count in zip(campaigns, counts[1:], strict=True) if count
    }
    assert unseen_notifications(user=user).count() == counts[0]
    return counts


@pytest.mark.django_db
def test_the_badge_counts_news_since_the_last_look_in_campaigns_the_user_is_in(
    campaign: Campaign, gm: User, player: User, other_player: User
) -> None:
    second = Campaign.objects.create(name="Second", gm=player)  # the player runs this one
    assert _counts(player, [campaign, second]) == [0, 0, 0]
    _tell(player, campaign, minutes_ago=30)
    _tell(player, second, minutes_ago=30)
    _tell(other_player, campaign)  # someone else's news
    assert _counts(player, [campaign, second]) == [2, 1, 1]
    # A look at one campaign hides what came before it, not what came after.
    LastSeen.objects.create(user=player, campaign=campaign, seen_at=timezone.now())
    assert _counts(player, [campaign, second]) == [1, 0, 1]
    _tell(player, campaign)
    assert _counts(player, [campaign, second]) == [2, 1, 1]
    # News seen at the very instant it was made counts as seen.
    seen = LastSeen.objects.get(user=player, campaign=campaign)
    newest = _tell(player, campaign, minutes_ago=-1)
    seen.seen_at = newest.created
    seen.save()
    assert _counts(player, [campaign, second]) == [1, 0, 1]
    # News of a campaign the player left is not counted; joining again shows it.
    Membership.objects.filter(campaign=campaign, user=player).delete()
    assert _counts(player, [campaign, second]) == [1, 0, 1]
    assert unseen_count(user=player, campaign=campaign) == 0
    Membership.objects.create(campaign=campaign, user=player)
    assert _counts(player, [campaign, second]) == [1, 0, 1]
    # Running a campaign and being a member of it too counts each notification once.
    Membership.objects.create(campaign=second, user=player)
    assert _counts(player, [campaign, second]) == [1, 0, 1]
    # The GM's own news, as GM of the campaign.
    _tell(gm, campaign)
    assert _counts(gm, [campaign, second]) == [1, 1, 0]


@pytest.mark.django_db
def test_the_badge_is_two_queries_however_much_news(campaign: Campaign, player: User) -> None:
    for minutes in range(12):
        _tell(player, campaign, minutes_ago=minutes)
    with CaptureQueriesContext(connection) as queries:
        assert unseen_count(user=player) == 12
    # A look for any notification of the user's, then the count.
    assert len(queries) == 2
    with CaptureQueriesContext(connection) as queries:
        assert unseen_counts_by_campaign(user=player) == {campaign.pk: 12}
    assert len(queries) == 1


@pytest.mark.django_db
def test_without_any_notification_the_badge_is_one_indexed_look(
    campaign: Campaign, player: User, gm: User
) -> None:
    _tell(gm, campaign)  # someone else's news is not looked through
    with CaptureQueriesContext(connection) as queries:
        assert unseen_count(user=player) == 0
    assert len(queries) == 1
    assert "COUNT" not in queries[0]["sql"].upper()
    assert "EXISTS" not in queries[0]["sql"].upper()
