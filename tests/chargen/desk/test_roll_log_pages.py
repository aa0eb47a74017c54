"""The GM's roll log of an Infinity Drive character draws a page of its rows, newest
first, with links to older pages (chargen/core/log_pages.py); the counts above it are
of the whole log."""

from __future__ import annotations

import re

from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.infinity_drive.gm.views import GM_LOG_PAGE_SIZE
from chargen.infinity_drive.models import Character
from tests.chargen.log_pages import lengthen
from tests.chargen.query_counts import page_queries

ROW = re.compile(r'<td role="cell" data-label="#">(\d+)</td>')


def _shown(client: Client, url: str) -> tuple[list[int], str]:
    response = client.get(url)
    assert response.status_code == 200, url
    html = response.content.decode()
    return [int(sequence) for sequence in ROW.findall(html)], html


def test_a_long_roll_log_reads_newest_first_a_page_at_a_time(
    gm_client: Client, submitted: Character, campaign: Campaign
) -> None:
    total = 2 * GM_LOG_PAGE_SIZE + 30
    lengthen(submitted.log.all(), total, kind="characteristic_roll")
    url = reverse(
        "desk:party_character",
        kwargs={"campaign_id": campaign.id, "character_id": submitted.id},
    )
    newest, html = _shown(gm_client, url)
    assert newest == list(range(total, total - GM_LOG_PAGE_SIZE, -1))
    assert f'href="{url}?page=2#log-heading">Older</a>' in html
    # Counted over the whole log: every row but the first (the method) is a roll.
    assert f"<strong>{total - 1} rolls</strong>" in html
    older, html = _shown(gm_client, f"{url}?page=2")
    assert older == list(range(total - GM_LOG_PAGE_SIZE, 30, -1))
    assert f'href="{url}?page=3#log-heading">Older</a>' in html
    assert f'href="{url}?page=1#log-heading">Newer</a>' in html
    assert _shown(gm_client, f"{url}?page=3")[0] == list(range(30, 0, -1))
    assert _shown(gm_client, f"{url}?page=4")[0] == list(range(30, 0, -1))


def test_the_roll_log_runs_as_many_queries_for_twice_the_rows(
    gm_client: Client, submitted: Character, campaign: Campaign
) -> None:
    url = reverse(
        "desk:party_character",
        kwargs={"campaign_id": campaign.id, "character_id": submitted.id},
    )
    lengthen(submitted.log.all(), GM_LOG_PAGE_SIZE + 10, kind="characteristic_roll")
    short = page_queries(gm_client, url)
    lengthen(submitted.log.all(), 3 * GM_LOG_PAGE_SIZE, kind="characteristic_roll")
    assert len(page_queries(gm_client, url)) == len(short)
    assert len(_shown(gm_client, url)[0]) == GM_LOG_PAGE_SIZE
