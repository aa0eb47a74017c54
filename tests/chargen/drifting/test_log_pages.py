"""The token sheet lists its log a page at a time: the newest rows, links to older
pages, as many queries and rows for 200 rolls as for 20 (chargen/core/log_pages.py)."""

from __future__ import annotations

from typing import Any

from django.core.cache import caches
from django.db import connection
from django.db.models import QuerySet
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from chargen.campaigns.models import Campaign
from chargen.core.log_pages import LOG_PAGE_SIZE
from chargen.core.provenance import cached_dice_provenance, dice_provenance, provenance_of
from chargen.core.row_cache import CACHE_ALIAS
from chargen.drifting import services_table
from chargen.drifting.models import Character, LogEntry, LogKind
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


def test_the_provenance_line_counts_the_whole_log_in_the_database(
    player_client: Client, jim: Character
) -> None:
    """Where the dice came from is counted over every row, paged or not, by a grouped
    count (no row per roll), with the rule each row is judged by (export.provenance):
    signed here, typed in, signed by another server (imported), unsealed (rolled here
    before signing began)."""
    deplete_by_rolling(jim, "Military")
    lengthen(jim.log.all(), 40)  # rolls 2..40, signed here
    roll = jim.log.filter(kind=LogKind.ROLL).values().first()
    assert roll is not None

    def copy(sequence: int, **fields: object) -> LogEntry:
        values = {**roll, "sequence": sequence, "created": timezone.now(), **fields}
        values.pop("id")
        return LogEntry(**values)

    blank = {"entry_hash": "", "signature": "", "key_id": ""}
    for sequence in range(41, 48):  # typed in, sealed and signed here as they are saved
        copy(sequence, entered=True, **blank).save()
    for sequence in range(48, 53):  # sealed and signed by a key this server does not know
        copy(sequence, entry_hash="a" * 64, signature="", key_id="f" * 16).save()
    # Written before signing began: a plain insert, which seals nothing.
    QuerySet[LogEntry](model=LogEntry).bulk_create(
        [copy(sequence, **blank) for sequence in (53, 54, 55)]
    )
    with CaptureQueriesContext(connection) as captured:
        counted = dice_provenance(jim)
    assert counted == provenance_of(jim.log.all())
    rolls = jim.log.exclude(faces=[]).count()
    assert (counted.server, counted.typed, counted.imported) == (rolls - 7 - 5, 7, 5)
    log_reads = [q["sql"] for q in captured.captured_queries if "drifting_logentry" in q["sql"]]
    assert len(log_reads) == 1, log_reads
    assert "GROUP BY" in log_reads[0], log_reads[0]
    sheet = player_client.get(jim.get_absolute_url()).content.decode()
    assert "5 rolls imported from another server" in sheet


def _roll_answer(client: Client, character: Character, faces: str) -> tuple[list[str], Any]:
    """The SQL a roll's htmx answer ran, and the answer."""
    with CaptureQueriesContext(connection) as captured:
        answer = client.post(
            reverse("drifting:roll", kwargs={"character_id": character.id}),
            {"applicable": ["Firearms"], "faces": faces, "key": character.next_sequence},
            HTTP_HX_REQUEST="true",
        )
    assert answer.status_code == 200
    assert "Rolled 2 dice" in answer.content.decode()
    return [query["sql"] for query in captured.captured_queries], answer


def _counted_in_the_database(queries: list[str]) -> list[str]:
    return [sql for sql in queries if "GROUP BY" in sql and "drifting_logentry" in sql]


def test_a_rolls_answer_adds_its_row_to_the_counts_kept_for_the_row_before(
    player_client: Client, jim: Character
) -> None:
    """The sheet drawn before the roll kept the counts for its newest row; the answer to
    the roll adds the new row to them rather than counting the log again. The counts
    are the database's whole count all the same."""
    _roll_answer(player_client, jim, "1 2")
    assert player_client.get(jim.get_absolute_url()).status_code == 200  # keeps the counts
    queries, answer = _roll_answer(player_client, jim, "3 4")
    assert _counted_in_the_database(queries) == []
    shown = answer.context["dice_provenance"]
    assert shown == dice_provenance(jim)
    assert shown.typed == 2  # the two rolls typed in


def test_without_the_counts_for_the_row_before_the_answer_counts_the_whole_log(
    player_client: Client, jim: Character
) -> None:
    _roll_answer(player_client, jim, "1 2")
    caches[CACHE_ALIAS].clear()  # nothing kept: the sheet before the roll was never drawn
    queries, answer = _roll_answer(player_client, jim, "3 4")
    assert len(_counted_in_the_database(queries)) == 1
    assert answer.context["dice_provenance"] == dice_provenance(jim)


def test_counts_kept_for_a_row_never_hold_a_row_committed_after_it(
    player_client: Client, jim: Character
) -> None:
    """A page read its log (newest row n), then a roll from another tab committed row
    n + 1 before the page counted: the counts kept under row n are rows 1..n, so the
    next answer, adding row n + 1 to them, counts it once."""
    _roll_answer(player_client, jim, "1 2")
    caches[CACHE_ALIAS].clear()
    read_before = jim.log.order_by("-sequence").first()
    _roll_answer(player_client, jim, "3 4")  # commits row n + 1 (and keeps its counts)
    caches[CACHE_ALIAS].clear()
    assert read_before is not None
    cached_dice_provenance(jim, read_before)  # the page that read row n counts now
    newest = jim.log.order_by("-sequence")[:2]
    assert cached_dice_provenance(jim, newest[0], newest[1]) == dice_provenance(jim)
