"""A subject's whole log kept in Django's cache under its log version (chargen/core/
log_cache.py): a write keeps the log it leaves once it commits, and the next write's lock
reads it from there instead of the database; it is read only at the version the lock
read, never after a rollback, never for a subject made again under the same id, never in
another column layout, and never for a log whose newest row is not sealed."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import timedelta

import pytest
from django.core.cache import caches
from django.core.management import call_command
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from chargen.core import log_cache
from chargen.core.log_cache import (
    CACHE_ALIAS,
    cache_key,
    columns,
    is_sealed,
    keep_log_after_commit,
    kept_log,
)
from chargen.core.log_key import locked_read
from chargen.core.log_reads import whole_log
from chargen.drifting.models import Character, LogEntry
from tests.chargen.drifting.refresh_writes import refresh_row, refresh_write

CaptureOnCommit = Callable[..., AbstractContextManager[list[Callable[[], None]]]]
LOG_TABLE = LogEntry._meta.db_table


def _log_reads(queries: CaptureQueriesContext) -> int:
    return sum(
        q["sql"].startswith("SELECT")
        and f'FROM "{LOG_TABLE}"' in q["sql"]
        and '"faces"' in q["sql"]
        for q in queries.captured_queries
    )


def _locked_entries(subject: Character) -> tuple[list[LogEntry], int]:
    """The log as a locked read gives it, and how many times it read the log table."""
    with CaptureQueriesContext(connection) as queries, locked_read(LogEntry, subject) as log:
        entries = list(log.entries)
    return entries, _log_reads(queries)


def _fields(rows: list[LogEntry]) -> list[tuple[object, ...]]:
    return [tuple(getattr(row, name) for name in columns(LogEntry)) for row in rows]


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    caches[CACHE_ALIAS].clear()


def test_the_next_write_reads_the_log_the_last_one_left_from_the_cache(
    jim: Character, django_capture_on_commit_callbacks: CaptureOnCommit
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        written = refresh_write(jim, jim.next_sequence)
    entries, reads = _locked_entries(jim)
    assert reads == 0
    from_database = whole_log(LogEntry, jim)
    assert _fields(entries) == _fields(from_database)
    assert [row.pk for row in entries] == [row.pk for row in written.entries]
    assert all(row.character is jim for row in entries)  # no query to reach the subject
    # And the write given that log writes after it.
    with django_capture_on_commit_callbacks(execute=True), locked_read(LogEntry, jim) as log:
        following = refresh_write(jim, written.entry.sequence + 1, locked_log=log)
    assert following.entries[-2].pk == written.entry.pk
    assert _locked_entries(jim)[1] == 0


def _write_then_fail(subject: Character) -> None:
    with transaction.atomic():
        refresh_write(subject, subject.next_sequence)
        raise RuntimeError("the request failed after the write")


def test_a_write_rolled_back_keeps_nothing(
    jim: Character, django_capture_on_commit_callbacks: CaptureOnCommit
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        refresh_write(jim, jim.next_sequence)
        with pytest.raises(RuntimeError):
            _write_then_fail(jim)
    entries, reads = _locked_entries(jim)
    assert reads == 0  # the first write's log, which the rolled-back one did not replace
    assert _fields(entries) == _fields(whole_log(LogEntry, jim))


def test_a_row_written_another_way_makes_the_kept_log_unused(
    jim: Character, django_capture_on_commit_callbacks: CaptureOnCommit
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        written = refresh_write(jim, jim.next_sequence)
    # A row saved without the kernel's write (an import's rows, say): nothing is kept,
    # and the subject's version moves on.
    other = refresh_row([])
    other.character, other.sequence = jim, written.entry.sequence + 1
    other.save()
    entries, reads = _locked_entries(jim)
    assert reads == 1
    assert entries[-1].pk == other.pk


def test_a_subject_made_again_under_the_same_id_reads_its_own_rows(
    jim: Character, django_capture_on_commit_callbacks: CaptureOnCommit
) -> None:
    """A character deleted and imported again from its file keeps its id and its rows'
    hashes, so its version; its rows are new, and so is its creation time."""
    with django_capture_on_commit_callbacks(execute=True):
        refresh_write(jim, jim.next_sequence)
    Character.objects.filter(pk=jim.pk).update(created=jim.created + timedelta(days=1))
    jim.refresh_from_db()
    assert _locked_entries(jim)[1] == 1


def test_a_log_kept_in_another_column_layout_is_not_read(
    jim: Character, django_capture_on_commit_callbacks: CaptureOnCommit
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        refresh_write(jim, jim.next_sequence)
    jim.refresh_from_db()
    key = cache_key(LogEntry, jim)
    assert key is not None
    version, names, values = caches[CACHE_ALIAS].get(key)
    assert kept_log(LogEntry, jim, jim.log_version) is not None
    caches[CACHE_ALIAS].set(key, (version, (*names, "added"), [(*row, 1) for row in values]))
    assert kept_log(LogEntry, jim, jim.log_version) is None


def test_a_log_longer_than_the_limit_is_not_kept(
    jim: Character,
    django_capture_on_commit_callbacks: CaptureOnCommit,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rows = whole_log(LogEntry, jim)
    monkeypatch.setattr(log_cache, "MOST_ROWS", len(rows) - 1)
    with django_capture_on_commit_callbacks(execute=True):
        keep_log_after_commit(LogEntry, jim, rows)
    assert kept_log(LogEntry, jim, jim.log_version) is None
    monkeypatch.setattr(log_cache, "MOST_ROWS", len(rows))
    with django_capture_on_commit_callbacks(execute=True):
        keep_log_after_commit(LogEntry, jim, rows)
    assert kept_log(LogEntry, jim, jim.log_version) is not None


def test_only_a_sealed_version_is_kept_or_read() -> None:
    assert is_sealed("12-0123456789abcdef")
    assert not is_sealed("12")  # a newest row not sealed yet: its sequence alone
    assert not is_sealed("")
    assert not is_sealed("x-0123")


def test_a_log_with_rows_written_before_signing_began_is_never_kept(
    jim: Character, django_capture_on_commit_callbacks: CaptureOnCommit
) -> None:
    """`seal_logs` fills in the seals of such rows in place, leaving the version as it
    was: a log kept before it ran would give them back unsealed."""
    LogEntry._base_manager.filter(character=jim).update(entry_hash="", signature="", key_id="")
    with django_capture_on_commit_callbacks(execute=True):
        refresh_write(jim, jim.next_sequence)  # sealed itself, after unsealed rows
    jim.refresh_from_db()
    assert is_sealed(jim.log_version)
    call_command("seal_logs", verbosity=0)
    entries, reads = _locked_entries(jim)
    assert reads == 1
    assert all(row.entry_hash for row in entries)


def test_a_deploy_that_brings_a_migration_reads_no_log_kept_before_it(
    jim: Character,
    django_capture_on_commit_callbacks: CaptureOnCommit,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A data migration may rewrite rows in place (as drifting/0008 did), leaving the
    version as it was: the key names the migrations the process was deployed with."""
    with django_capture_on_commit_callbacks(execute=True):
        refresh_write(jim, jim.next_sequence)
    jim.refresh_from_db()
    assert kept_log(LogEntry, jim, jim.log_version) is not None
    monkeypatch.setattr(log_cache, "migrations_version", lambda: "0123456789abcdef")
    assert kept_log(LogEntry, jim, jim.log_version) is None
