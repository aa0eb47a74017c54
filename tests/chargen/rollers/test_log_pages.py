"""The roller sheets list their roll log a page at a time: the newest rolls, links to
older pages, as many queries and rows for 200 rolls as for 20
(chargen/core/log_pages.py)."""

from __future__ import annotations

import pytest
from django.test import Client

from chargen.core.log_pages import LOG_PAGE_SIZE
from chargen.rollers.models import ManaCharacter, UniqueCharacter
from tests.chargen.log_pages import assert_paged, lengthen, shown_sequences
from tests.chargen.query_counts import page_queries
from tests.chargen.rollers.test_query_counts import mana_roll, unique_roll


@pytest.fixture(params=["unique", "mana"])
def rolled(
    request: pytest.FixtureRequest,
    player_client: Client,
    leanne: UniqueCharacter,
    mage: ManaCharacter,
) -> UniqueCharacter | ManaCharacter:
    """A sheet of each kind with one roll made through the site."""
    if request.param == "unique":
        unique_roll(player_client, leanne)
        return leanne
    mana_roll(player_client, mage)
    return mage


def test_a_long_roll_log_reads_newest_first_a_page_at_a_time(
    player_client: Client, rolled: UniqueCharacter | ManaCharacter
) -> None:
    lengthen(rolled.rolls.all(), 120)
    assert_paged(player_client, rolled.get_absolute_url(), 120)


def test_a_sheet_runs_as_many_queries_and_draws_as_many_rows_for_200_rolls_as_for_20(
    player_client: Client, rolled: UniqueCharacter | ManaCharacter
) -> None:
    url = rolled.get_absolute_url()
    lengthen(rolled.rolls.all(), 2 * LOG_PAGE_SIZE + 5)
    short = {page: page_queries(player_client, page) for page in (url, f"{url}?page=2")}
    lengthen(rolled.rolls.all(), 200)
    for page, queries in short.items():
        assert len(page_queries(player_client, page)) == len(queries), page
        assert len(shown_sequences(player_client, page)) == LOG_PAGE_SIZE
    # The form reads the newest roll whichever page is listed: the one-time key.
    assert 'name="sequence" value="201"' in player_client.get(f"{url}?page=3").content.decode()
