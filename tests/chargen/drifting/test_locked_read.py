"""A locked read of a subject's log (chargen/core/log_key.py's `locked_read`): the lock
taken and the log read once, and the `write_once` handed that locked log taking both from
there, with no savepoint of its own; a write not handed it locks and reads for itself; a
failure of the handed write that is caught is said, not swallowed; a locked log serves
its own subject, inside its own transaction, and a stale one never writes."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pytest
from django.db import connection, transaction
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext

from chargen.core.log import LogStale, Written
from chargen.core.log_key import locked_read
from chargen.core.log_reads import LockedLog, whole_log
from chargen.drifting.models import Character, LogEntry
from rules.errors import RulesError
from tests.chargen.drifting.refresh_writes import refresh_row, refresh_write

LOG_TABLE = LogEntry._meta.db_table
SUBJECT_TABLE = Character._meta.db_table


def _reads(queries: CaptureQueriesContext) -> tuple[int, int]:
    """(the subject's row read, its whole log read) among the statements run; a seal's
    look at the previous row's hash (chain.py, for a row built without it) is neither."""
    selects = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("SELECT")]
    subject = sum(f'FROM "{SUBJECT_TABLE}"' in sql for sql in selects)
    log = sum(f'FROM "{LOG_TABLE}"' in sql and '"faces"' in sql for sql in selects)
    return subject, log


def _sequences(written: Written[LogEntry]) -> list[int]:
    return [row.sequence for row in written.entries]


def test_the_write_handed_the_locked_log_neither_locks_nor_reads_again(jim: Character) -> None:
    key = jim.next_sequence
    with CaptureQueriesContext(connection) as queries, locked_read(LogEntry, jim) as log:
        assert [row.sequence for row in log.entries] == list(range(1, key))
        first = refresh_write(jim, key, locked_log=log)
    assert _reads(queries) == (1, 1)  # the locked read's own lock and read, once
    assert _sequences(first) == list(range(1, key + 1))
    assert list(first.entries) == whole_log(LogEntry, jim)


def test_a_write_not_handed_it_locks_and_reads_for_itself(jim: Character) -> None:
    """A second write in the block sees the log (and the subject's row) as the first
    one's `after` left them, not as the locked read found them."""
    key = jim.next_sequence
    with locked_read(LogEntry, jim) as log:
        first = refresh_write(jim, key, locked_log=log)
        with CaptureQueriesContext(connection) as queries:
            second = refresh_write(jim, key + 1)
    assert _reads(queries) == (1, 1)
    assert _sequences(second) == list(range(1, key + 2))
    assert second.entries[-2].pk == first.entry.pk


def appends_another_row(entries: list[LogEntry]) -> None:
    row = refresh_row([])
    row.character, row.sequence = entries[-1].character, entries[-1].sequence + 1
    row.save()  # a row of the same log, saved by the write's own `after`


def test_a_row_the_write_s_after_saves_is_seen_by_the_next_write(jim: Character) -> None:
    key = jim.next_sequence
    with locked_read(LogEntry, jim) as log:
        refresh_write(jim, key, after=appends_another_row, locked_log=log)
        written = refresh_write(jim, key + 2)  # after the row `after` added, not refused as stale
    assert _sequences(written) == list(range(1, key + 3))


def _write_twice_with_one_locked_log(subject: Character, key: int) -> None:
    with locked_read(LogEntry, subject) as log:
        refresh_write(subject, key, locked_log=log)
        refresh_write(subject, key + 1, locked_log=log)


def test_a_locked_log_handed_on_again_never_writes(jim: Character) -> None:
    """Handed to a second write, the locked log is the log no longer: that write is
    refused as stale, and nothing is written over the first write's row."""
    key = jim.next_sequence
    with pytest.raises(LogStale):
        _write_twice_with_one_locked_log(jim, key)
    assert jim.next_sequence == key  # the block's transaction went whole


def refused(_entries: list[LogEntry]) -> LogEntry:
    raise RulesError("Not now.")


def _refused_write(subject: Character, key: int, log: LockedLog[LogEntry] | None) -> None:
    refresh_write(subject, key, build=refused, locked_log=log)


def _write_refused_and_caught(subject: Character, key: int) -> None:
    # Caught, and the block ends as if nothing had happened.
    with locked_read(LogEntry, subject) as log, contextlib.suppress(RulesError):
        _refused_write(subject, key, log)


def test_a_write_handed_the_locked_log_makes_no_savepoint_of_its_own(jim: Character) -> None:
    key = jim.next_sequence
    with locked_read(LogEntry, jim) as log, CaptureQueriesContext(connection) as queries:
        refresh_write(jim, key, locked_log=log)
    statements = [query["sql"] for query in queries.captured_queries]
    assert not [sql for sql in statements if "SAVEPOINT" in sql.upper()]
    assert [sql for sql in statements if sql.startswith("INSERT")]


def _write_then_be_refused(subject: Character, key: int) -> None:
    with locked_read(LogEntry, subject) as log:
        refresh_write(subject, key, locked_log=log)  # written, then refused below: all goes
        _refused_write(subject, key + 1, None)


@pytest.mark.parametrize(
    ("scenario", "raised", "says"),
    [
        # A refusal rises out of the block, taking back what was written before it.
        (_write_then_be_refused, RulesError, "Not now"),
        # The handed write refused and caught: said, not rolled back in silence.
        (_write_refused_and_caught, TransactionManagementError, "can only be rolled back"),
    ],
    ids=["rises", "caught"],
)
def test_a_refusal_in_a_locked_read_leaves_nothing_written(
    jim: Character, scenario: Callable[[Character, int], None], raised: type[Exception], says: str
) -> None:
    key = jim.next_sequence
    with pytest.raises(raised, match=says):
        scenario(jim, key)
    assert jim.next_sequence == key


def test_a_repeat_inside_a_locked_read_finds_the_row_written(jim: Character) -> None:
    key = jim.next_sequence
    with locked_read(LogEntry, jim) as log:
        first = refresh_write(jim, key, locked_log=log)
        again = refresh_write(jim, key)
    assert (first.created, again.created) == (True, False)
    assert again.entry.pk == first.entry.pk


def _write_then_change_mind(subject: Character, key: int, log: LockedLog[LogEntry]) -> None:
    with transaction.atomic():
        refresh_write(subject, key, locked_log=log)
        raise RuntimeError("the caller changes its mind")


def test_a_write_rolled_back_by_its_caller_s_savepoint_leaves_the_key_free(
    jim: Character,
) -> None:
    key = jim.next_sequence
    with locked_read(LogEntry, jim) as log:
        with pytest.raises(RuntimeError):
            _write_then_change_mind(jim, key, log)
        with CaptureQueriesContext(connection) as queries:
            written = refresh_write(jim, key)  # the same key is free again
    assert written.created
    assert _reads(queries) == (1, 1)
    assert _sequences(written) == list(range(1, key + 1))


def test_a_locked_log_serves_its_own_subject_alone(jim: Character, linda: Character) -> None:
    key = linda.next_sequence
    with locked_read(LogEntry, jim) as log, pytest.raises(ValueError, match="its own subject"):
        refresh_write(linda, key, locked_log=log)
    assert linda.next_sequence == key


@pytest.mark.django_db(transaction=True)
def test_a_locked_log_serves_inside_its_transaction_alone(jim: Character) -> None:
    with locked_read(LogEntry, jim) as log:
        pass
    key = jim.next_sequence
    with pytest.raises(TransactionManagementError, match="inside the transaction"):
        refresh_write(jim, key, locked_log=log)  # its lock ended with its block
    assert jim.next_sequence == key


def test_after_the_block_a_write_locks_and_reads_again(jim: Character) -> None:
    key = jim.next_sequence
    with locked_read(LogEntry, jim) as log:
        refresh_write(jim, key, locked_log=log)
    with CaptureQueriesContext(connection) as queries:
        written = refresh_write(jim, key + 1)
    assert _reads(queries) == (1, 1)
    assert _sequences(written) == list(range(1, key + 2))


def _locked_by_caller(subject: Character) -> Character:
    return Character.objects.select_for_update(no_key=True).get(pk=subject.pk)


def test_a_subject_the_caller_locked_is_neither_locked_nor_read_again(jim: Character) -> None:
    key = jim.next_sequence
    with transaction.atomic():
        locked = _locked_by_caller(jim)
        with (
            CaptureQueriesContext(connection) as queries,
            locked_read(LogEntry, locked, locked_by_caller=True) as log,
        ):
            refresh_write(locked, key, locked_log=log)
    assert _reads(queries) == (0, 1)
    statements = [query["sql"] for query in queries.captured_queries]
    assert not [sql for sql in statements if "SAVEPOINT" in sql.upper()]
    assert jim.next_sequence == key + 1


@pytest.mark.django_db(transaction=True)
def test_a_subject_locked_by_the_caller_serves_inside_the_caller_s_transaction_alone(
    jim: Character,
) -> None:
    with (
        pytest.raises(TransactionManagementError, match="inside the caller's transaction"),
        locked_read(LogEntry, jim, locked_by_caller=True),
    ):
        pass


def _write_refused_under_the_caller_s_lock_and_caught(subject: Character, key: int) -> None:
    # No savepoint of the block's own: only the check after the block can say so.
    with transaction.atomic():
        locked = _locked_by_caller(subject)
        with (
            locked_read(LogEntry, locked, locked_by_caller=True) as log,
            contextlib.suppress(RulesError),
        ):
            _refused_write(locked, key, log)


def test_a_refusal_caught_under_the_caller_s_lock_is_said_not_swallowed(jim: Character) -> None:
    key = jim.next_sequence
    with pytest.raises(TransactionManagementError, match="can only be rolled back"):
        _write_refused_under_the_caller_s_lock_and_caught(jim, key)
    assert jim.next_sequence == key


def _write_under_the_caller_s_lock_then_be_refused(subject: Character, key: int) -> None:
    with transaction.atomic():
        locked = _locked_by_caller(subject)
        with locked_read(LogEntry, locked, locked_by_caller=True) as log:
            refresh_write(locked, key, locked_log=log)  # written, then refused below: all goes
            _refused_write(locked, key + 1, None)


def test_a_refusal_under_the_caller_s_lock_leaves_nothing_written(jim: Character) -> None:
    key = jim.next_sequence
    with pytest.raises(RulesError):
        _write_under_the_caller_s_lock_then_be_refused(jim, key)
    assert jim.next_sequence == key
