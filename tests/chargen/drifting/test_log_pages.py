"""The token sheet lists its log a page at a time: the newest rows, links to older
pages, as many queries and rows for 200 rolls as for 20 (chargen/core/log_pages.py)."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.core.log_pages import LOG_PAGE_SIZE
from chargen.drifting import services_table
from chargen.drifting.models import Character, LogKind
from tests.chargen.drifting.conftest import deplete_by_rolling, lose_one
from tests.chargen.log_pages import ROW, assert_paged, lengthen, shown_sequences
from tests.chargen.query_counts import page_queries


def test_a_long_log_reads_newest_first_a_page_at_a_time(
    player_client: Client, jim: Character
) -> None:
    deplete_by_rolling(jim, "Military")
    lengthen(jim.log.all(), 120)
    assert_paged(player_client, jim.get_absolute_url(), 120)


def test_the_sheet_runs_as_many_queries_and_draws_as_many_rows_for_200_rolls_as_for_20(
    player_client: Client, jim: Character
) -> None:
    deplete_by_rolling(jim, "Military")
    url = jim.get_absolute_url()
    lengthen(jim.log.all(), 2 * LOG_PAGE_SIZE + 5)
    short = {page: page_queries(player_client, page) for page in (url, f"{url}?page=2")}
    lengthen(jim.log.all(), 200)
    for page, queries in short.items():
        assert len(page_queries(player_client, page)) == len(queries), page
        assert len(shown_sequences(player_client, page)) == LOG_PAGE_SIZE
    # The forms read the newest row whichever page is listed: the one-time key.
    assert 'name="key" value="201"' in player_client.get(f"{url}?page=3").content.decode()


def test_a_loss_undone_on_the_newer_page_is_marked_undone_on_the_older(
    player_client: Client, jim: Character
) -> None:
    """An undo is the row after its loss: with the loss the newest row of page 3, its
    undo is the oldest of page 2 (beyond the newest rows the forms read), and page 3
    still strikes the loss through."""
    deplete_by_rolling(jim, "Military")
    lose_one(jim, "Firearms")
    jim.refresh_from_db()
    loss = jim.log.get(kind=LogKind.LOSS)
    services_table.character_undo_loss(
        character=jim, key=jim.next_sequence, loss_sequence=loss.sequence
    )
    lengthen(jim.log.all(), loss.sequence + 2 * LOG_PAGE_SIZE)
    url = jim.get_absolute_url()
    assert shown_sequences(player_client, f"{url}?page=2")[-1] == loss.sequence + 1  # the undo
    older = player_client.get(f"{url}?page=3").content.decode()
    assert shown_sequences(player_client, f"{url}?page=3")[0] == loss.sequence
    row = older.split(f'data-sequence="{loss.sequence}"')[1].split("</li>")[0]
    assert "undone</span>" in row, row


def test_the_campaign_page_shows_each_characters_latest_play_however_long_the_log(
    gm_client: Client, jim: Character, linda: Character, campaign: Campaign
) -> None:
    """The campaign page lists each character's few latest rows (a prefetch sliced per
    character: services_table.party_at_the_table) and links to the sheet for the rest."""
    for character in (jim, linda):
        deplete_by_rolling(character, "Military" if character == jim else "Space")
        lengthen(character.log.all(), 2 * LOG_PAGE_SIZE)
    url = reverse("drifting:campaign", kwargs={"campaign_id": campaign.id})
    short = page_queries(gm_client, url)
    lengthen(jim.log.all(), 200)
    assert len(page_queries(gm_client, url)) == len(short)
    shown = shown_sequences(gm_client, url)
    assert len(shown) == 2 * services_table.RECENT_PLAY_SHOWN
    html = gm_client.get(url).content.decode()
    jims = html.split(f'data-character="{jim.id}"')[1].split("data-character=")[0]
    newest = range(200, 200 - services_table.RECENT_PLAY_SHOWN, -1)
    assert [int(n) for n in ROW.findall(jims)] == list(newest)
