"""A hold on a subject's log (chargen/core/log_key.py's `holding`): the lock taken and the
log read once, and the first `write_once` inside it taking both from there, with no
savepoint of its own; any later write, or one after a row saved some other way, locks and
reads for itself; a failure of the hold's write that is caught is said, not swallowed."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pytest
from django.db import connection, transaction
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext

from chargen.core.log import Written, write_once
from chargen.core.log_key import holding
from chargen.core.log_reads import whole_log
from chargen.drifting.models import Character, LogEntry, LogKind
from rules.errors import RulesError

LOG_TABLE = LogEntry._meta.db_table
SUBJECT_TABLE = Character._meta.db_table


def refresh_row(_entries: list[LogEntry]) -> LogEntry:
    return LogEntry(kind=LogKind.REFRESH, summary="Nothing to restore.", details={})


def _write(
    subject: Character,
    key: int,
    build: Callable[[list[LogEntry]], LogEntry] = refresh_row,
    after: Callable[[list[LogEntry]], None] | None = None,
) -> Written[LogEntry]:
    return write_once(
        model=LogEntry,
        subject=subject,
        expected_sequence=key,
        kinds=(LogKind.REFRESH,),
        build=build,
        after=after,
    )


def _reads(queries: CaptureQueriesContext) -> tuple[int, int]:
    """(the subject's row read, its whole log read) among the statements run; a seal's
    look at the previous row's hash (chain.py, for a row built without it) is neither."""
    selects = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("SELECT")]
    subject = sum(f'FROM "{SUBJECT_TABLE}"' in sql for sql in selects)
    log = sum(f'FROM "{LOG_TABLE}"' in sql and '"faces"' in sql for sql in selects)
    return subject, log


def _sequences(written: Written[LogEntry]) -> list[int]:
    return [row.sequence for row in written.entries]


def test_the_hold_s_write_neither_locks_nor_reads_again(jim: Character) -> None:
    key = jim.next_sequence
    with CaptureQueriesContext(connection) as queries, holding(LogEntry, jim) as entries:
        assert [row.sequence for row in entries] == list(range(1, key))
        first = _write(jim, key)
    assert _reads(queries) == (1, 1)  # the hold's own lock and read, once
    assert _sequences(first) == list(range(1, key + 1))
    assert list(first.entries) == whole_log(LogEntry, jim)


def test_a_second_write_in_a_hold_locks_and_reads_for_itself(jim: Character) -> None:
    """The hold's rows serve one write: a second sees the log (and the subject's row)
    as the first one's `after` left them, not as the hold read them."""
    key = jim.next_sequence
    with holding(LogEntry, jim):
        first = _write(jim, key)
        with CaptureQueriesContext(connection) as queries:
            second = _write(jim, key + 1)
    assert _reads(queries) == (1, 1)
    assert _sequences(second) == list(range(1, key + 2))
    assert second.entries[-2].pk == first.entry.pk


def appends_another_row(entries: list[LogEntry]) -> None:
    row = refresh_row([])
    row.character, row.sequence = entries[-1].character, entries[-1].sequence + 1
    row.save()  # a row of the same log, saved by the write's own `after`


def test_a_row_the_write_s_after_saves_is_seen_by_the_next_write(jim: Character) -> None:
    key = jim.next_sequence
    with holding(LogEntry, jim):
        _write(jim, key, after=appends_another_row)
        written = _write(jim, key + 2)  # after the row `after` added, not refused as stale
    assert _sequences(written) == list(range(1, key + 3))


def refused(_entries: list[LogEntry]) -> LogEntry:
    raise RulesError("Not now.")


def _refused_write(subject: Character, key: int) -> None:
    _write(subject, key, build=refused)


def _write_refused_and_caught(subject: Character, key: int) -> None:
    # Caught, and the block ends as if nothing had happened.
    with holding(LogEntry, subject), contextlib.suppress(RulesError):
        _refused_write(subject, key)


def test_a_write_inside_a_hold_makes_no_savepoint_of_its_own(jim: Character) -> None:
    key = jim.next_sequence
    with holding(LogEntry, jim), CaptureQueriesContext(connection) as queries:
        _write(jim, key)
    statements = [query["sql"] for query in queries.captured_queries]
    assert not [sql for sql in statements if "SAVEPOINT" in sql.upper()]
    assert [sql for sql in statements if sql.startswith("INSERT")]


def _write_then_be_refused(subject: Character, key: int) -> None:
    with holding(LogEntry, subject):
        _write(subject, key)  # written, then refused below: the hold's transaction goes
        _refused_write(subject, key + 1)


@pytest.mark.parametrize(
    ("scenario", "raised", "says"),
    [
        # A refusal rises out of the hold, taking back what the hold wrote before it.
        (_write_then_be_refused, RulesError, "Not now"),
        # The hold's own write refused and caught: said, not rolled back in silence.
        (_write_refused_and_caught, TransactionManagementError, "can only be rolled back"),
    ],
    ids=["rises", "caught"],
)
def test_a_refusal_in_a_hold_leaves_nothing_written(
    jim: Character, scenario: Callable[[Character, int], None], raised: type[Exception], says: str
) -> None:
    key = jim.next_sequence
    with pytest.raises(raised, match=says):
        scenario(jim, key)
    assert jim.next_sequence == key


def test_a_repeat_inside_a_hold_finds_the_row_written(jim: Character) -> None:
    key = jim.next_sequence
    with holding(LogEntry, jim):
        first = _write(jim, key)
        again = _write(jim, key)
    assert (first.created, again.created) == (True, False)
    assert again.entry.pk == first.entry.pk


def _write_then_change_mind(subject: Character, key: int) -> None:
    with transaction.atomic():
        _write(subject, key)
        raise RuntimeError("the caller changes its mind")


def test_a_write_rolled_back_by_its_callers_savepoint_is_not_handed_on(jim: Character) -> None:
    key = jim.next_sequence
    with holding(LogEntry, jim):
        with pytest.raises(RuntimeError):
            _write_then_change_mind(jim, key)
        with CaptureQueriesContext(connection) as queries:
            written = _write(jim, key)  # the same key is free again
    assert written.created
    assert _reads(queries) == (1, 1)  # read afresh: the held rows were dropped
    assert _sequences(written) == list(range(1, key + 1))


def test_a_row_saved_some_other_way_drops_the_held_rows(jim: Character) -> None:
    key = jim.next_sequence
    with holding(LogEntry, jim):
        row = refresh_row([])
        row.character, row.sequence = jim, key
        row.save()  # not through write_once: the hold's rows no longer end the log
        written = _write(jim, key + 1)
    assert written.created
    assert _sequences(written) == list(range(1, key + 2))


def test_a_hold_on_one_subject_is_not_another_s(jim: Character, linda: Character) -> None:
    with holding(LogEntry, jim), CaptureQueriesContext(connection) as queries:
        written = _write(linda, linda.next_sequence)
    assert written.created
    assert _reads(queries) == (1, 1)  # linda's own lock and log


def test_after_the_hold_a_write_locks_and_reads_again(jim: Character) -> None:
    key = jim.next_sequence
    with holding(LogEntry, jim):
        _write(jim, key)
    with CaptureQueriesContext(connection) as queries:
        written = _write(jim, key + 1)
    assert _reads(queries) == (1, 1)
    assert _sequences(written) == list(range(1, key + 2))
