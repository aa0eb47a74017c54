"""The desk badge's count comes from Django's cache and is right after every change.

The shared cache alias is Redis in production; here it is a local-memory cache, so
a stale count would show. Each step changes one thing the count reads and checks the
badge on a page, the cached number and that a second look runs no query.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from chargen.campaigns.models import Campaign, Membership
from chargen.campaigns.services import campaign_remove_member
from chargen.desk.models import Notification, NotificationKind
from chargen.desk.notifications import notification_send, notifications_mark_seen, unseen_count
from chargen.desk.unseen_cache import CACHE_ALIAS

BADGE = re.compile(r'title="(\d+) new since you last looked"')


@pytest.fixture(autouse=True)
def shared_cache(settings: Any) -> None:
    settings.CACHES = {
        **settings.CACHES,  # the other aliases as configured (the replay cache)
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        CACHE_ALIAS: {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "unseen-cache-test",
        },
    }


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


def _cached(user: User, campaign: Campaign | None = None) -> int:
    """The count, asserting that asking again costs no query (it came from the cache)."""
    first = unseen_count(user=user, campaign=campaign)
    with CaptureQueriesContext(connection) as queries:
        again = unseen_count(user=user, campaign=campaign)
    assert again == first
    assert len(queries) == 0
    return first


def test_the_badge_follows_every_change(
    campaign: Campaign, player: User, other_player: User, player_client: Client
) -> None:
    assert _badge(player_client) == 0
    assert _cached(player) == 0
    _tell(player, campaign)
    assert _badge(player_client) == 1
    assert _cached(player) == 1
    assert _cached(player, campaign) == 1
    assert _cached(other_player) == 0  # someone else's news is not theirs
    second = _tell(player, campaign)
    assert (_badge(player_client), _cached(player)) == (2, 2)
    second.delete()
    assert (_badge(player_client), _cached(player), _cached(player, campaign)) == (1, 1, 1)
    notifications_mark_seen(user=player, campaign=campaign)
    assert (_badge(player_client), _cached(player), _cached(player, campaign)) == (0, 0, 0)
    _tell(player, campaign)
    assert (_badge(player_client), _cached(player)) == (1, 1)
    campaign_remove_member(campaign=campaign, by=player, user=player)  # leaving hides its news
    assert (_badge(player_client), _cached(player)) == (0, 0)
    Membership.objects.create(campaign=campaign, user=player)  # joining again shows it
    assert (_badge(player_client), _cached(player)) == (1, 1)


def test_a_new_gm_and_a_deleted_campaign_renew_the_count(
    campaign: Campaign, gm: User, player: User
) -> None:
    _tell(gm, campaign)
    assert _cached(gm) == 1
    Membership.objects.filter(campaign=campaign, user=player).delete()
    campaign.gm = player  # the campaign changes hands: Alice's news is no longer hers
    campaign.save()
    assert _cached(gm) == 0
    campaign.delete()
    assert (_cached(gm), _cached(player)) == (0, 0)


def test_the_count_is_renewed_again_when_the_change_commits(
    campaign: Campaign, player: User, django_capture_on_commit_callbacks: object
) -> None:
    """A page counted by another worker between the change and its commit stored the old
    count under the new version; the second renewal, after commit, retires it."""
    from chargen.desk import unseen_cache

    with django_capture_on_commit_callbacks(execute=False) as callbacks:  # type: ignore[operator]
        _tell(player, campaign)
    key = unseen_cache._version_key(player.pk)
    version_before_commit = unseen_cache._cache().get(key)
    for callback in callbacks:
        callback()
    assert unseen_cache._cache().get(key) != version_before_commit
