"""A new row is read and rendered once for each audience, however many watch it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from pytest_django import DjangoAssertNumQueries

from chargen.campaigns.models import Campaign
from chargen.core.live import subject_key
from chargen.core.live_feed import Viewer
from chargen.drifting.models import Character
from chargen.table.shared_rows import shared_rows
from rules.live_table import LiveSharing
from tests.chargen.table.conftest import roll

pytestmark = pytest.mark.django_db


def test_the_second_watcher_of_an_audience_reads_nothing(
    table_campaign: Campaign,
    gm: User,
    player: User,
    jim: Character,
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    cache.clear()
    row = roll(jim, "Jim runs for the boat", [3, 4])
    key = subject_key("drifting", jim.pk)
    owner = Viewer(gm.pk, True, LiveSharing.ROLLS).audience_of(player.pk)
    assert owner is not None
    first, newest = shared_rows(table_campaign.pk, owner, key, row.sequence)
    assert "Jim runs for the boat" in first
    assert newest == row.sequence
    assert "table-cursor" not in first  # each watcher's position is added apart
    with django_assert_num_queries(0):
        again = shared_rows(table_campaign.pk, owner, key, row.sequence)
    assert again == (first, newest)
    others = Viewer(None, False, LiveSharing.ROLLS)
    other_fragment, _ = shared_rows(table_campaign.pk, others, key, row.sequence)
    assert ">Jim</a>" in first
    assert ">Jim</a>" not in other_fragment
