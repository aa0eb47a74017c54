"""The badge's plain-SQL count (chargen/desk/unseen_sql.py) counts what the ORM's queryset
counts, in every case the badge knows, in all and per campaign (the home page's "Waiting
for you"), and costs one query however much news there is."""

from __future__ import annotations

import uuid
from collections import Counter
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from chargen.campaigns.models import Campaign, Membership
from chargen.desk.models import LastSeen, Notification, NotificationKind
from chargen.desk.notifications import unseen_count, unseen_notifications
from chargen.desk.unseen_sql import unseen_count_sql, unseen_counts_by_campaign_sql


def _tell(user: User, campaign: Campaign, *, minutes_ago: int = 0) -> Notification:
    return Notification.objects.create(
        recipient=user,
        campaign=campaign,
        kind=NotificationKind.RACE_DECIDED,
        message="news",
        created=timezone.now() - timedelta(minutes=minutes_ago),
    )


def _agree(user: User, campaigns: list[Campaign]) -> list[int]:
    """Both counts, for all campaigns and for each one; they must be equal. The SQL's."""
    counts = []
    for campaign in [None, *campaigns]:
        by_orm = unseen_notifications(user=user, campaign=campaign).count()
        by_sql = unseen_count_sql(
            user_id=user.pk, campaign_id=campaign.pk if campaign is not None else None
        )
        assert by_sql == by_orm, campaign
        counts.append(by_sql)
    per_campaign = unseen_counts_by_campaign_sql(user_id=user.pk)
    by_orm_per_campaign = Counter(
        unseen_notifications(user=user).values_list("campaign_id", flat=True)
    )
    assert per_campaign == dict(by_orm_per_campaign)
    assert all(isinstance(campaign_id, uuid.UUID) for campaign_id in per_campaign)
    return counts


@pytest.mark.django_db
def test_the_sql_counts_what_the_queryset_counts(
    campaign: Campaign, gm: User, player: User, other_player: User
) -> None:
    second = Campaign.objects.create(name="Second", gm=player)  # the player runs this one
    assert _agree(player, [campaign, second]) == [0, 0, 0]
    _tell(player, campaign, minutes_ago=30)
    _tell(player, second, minutes_ago=30)
    _tell(other_player, campaign)  # someone else's news
    assert _agree(player, [campaign, second]) == [2, 1, 1]
    # A look at one campaign hides what came before it, not what came after.
    LastSeen.objects.create(user=player, campaign=campaign, seen_at=timezone.now())
    assert _agree(player, [campaign, second]) == [1, 0, 1]
    _tell(player, campaign)
    assert _agree(player, [campaign, second]) == [2, 1, 1]
    # News seen at the very instant it was made counts as seen, as in the queryset.
    seen = LastSeen.objects.get(user=player, campaign=campaign)
    newest = _tell(player, campaign, minutes_ago=-1)
    seen.seen_at = newest.created
    seen.save()
    assert _agree(player, [campaign, second]) == [1, 0, 1]
    # News of a campaign the player left is not counted; joining again shows it.
    Membership.objects.filter(campaign=campaign, user=player).delete()
    assert _agree(player, [campaign, second]) == [1, 0, 1]
    assert unseen_count_sql(user_id=player.pk, campaign_id=campaign.pk) == 0
    Membership.objects.create(campaign=campaign, user=player)
    assert _agree(player, [campaign, second]) == [1, 0, 1]
    # The GM's own news, as GM of the campaign.
    _tell(gm, campaign)
    assert _agree(gm, [campaign, second]) == [1, 1, 0]


@pytest.mark.django_db
def test_the_badge_is_one_query_however_much_news(campaign: Campaign, player: User) -> None:
    for minutes in range(12):
        _tell(player, campaign, minutes_ago=minutes)
    with CaptureQueriesContext(connection) as queries:
        assert unseen_count(user=player) == 12
    assert len(queries) <= 1  # none when the shared cache holds it (Redis), else one
