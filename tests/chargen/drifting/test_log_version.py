"""The kernel keeps each subject's log version on its row, written with the log row itself
(chargen/core/log_version.py): the newest row's sequence and the start of its hash."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.models import QuerySet
from django.test.utils import CaptureQueriesContext

from chargen.core import log_version
from chargen.core.chain import chain_hash, chain_message, log_fields, previous_hash
from chargen.core.log import write_once
from chargen.drifting.models import Character, LogEntry, LogKind

CaptureOnCommit = Callable[..., AbstractContextManager[list[Callable[[], None]]]]


def refresh_row(_entries: list[LogEntry]) -> LogEntry:
    return LogEntry(kind=LogKind.REFRESH, summary="Nothing to restore.", details={})


def refresh(character: Character, after: object = None, key: int | None = None) -> LogEntry:
    return write_once(
        model=LogEntry,
        subject=character,
        expected_sequence=character.next_sequence if key is None else key,
        kinds=(LogKind.REFRESH,),
        build=refresh_row,
        after=after,  # type: ignore[arg-type]
    ).entry


def stored_version(character: Character) -> str:
    return Character.objects.values_list("log_version", flat=True).get(pk=character.pk)


def test_a_write_gives_the_subject_its_newest_rows_version(jim: Character) -> None:
    before = stored_version(jim)
    entry = refresh(jim)

    expected = f"{entry.sequence}-{entry.entry_hash[:16]}"
    assert stored_version(jim) == expected != before
    assert jim.log_version == expected  # the writer's subject in hand shows it too


def test_every_write_changes_the_version(jim: Character) -> None:
    seen = {stored_version(jim)}
    for _ in range(3):
        refresh(jim)
        seen.add(stored_version(jim))
    assert len(seen) == 4


def test_a_write_seals_its_row_from_the_log_it_read_under_its_lock(jim: Character) -> None:
    """The row before the new one is in the log the write read: its hash is not read a
    second time, and the seal is the one a fresh read of that row gives."""
    refresh(jim)  # a previous row with a hash of its own
    key = jim.next_sequence
    with CaptureQueriesContext(connection) as queries:
        entry = refresh(jim, key=key)
    table = LogEntry._meta.db_table
    log_reads = [
        query["sql"]
        for query in queries.captured_queries
        if query["sql"].startswith("SELECT") and f'FROM "{table}"' in query["sql"]
    ]
    assert len(log_reads) == 1, log_reads  # the whole log, under the lock
    previous = previous_hash(entry)
    assert previous == jim.log.get(sequence=entry.sequence - 1).entry_hash != ""
    message = chain_message(
        subject=str(jim.pk), sequence=entry.sequence, fields=log_fields(entry), previous=previous
    )
    assert entry.entry_hash == chain_hash(message)


def broken_snapshot(_entries: list[LogEntry]) -> None:
    raise RuntimeError("the snapshot failed")


def test_a_failed_write_leaves_the_log_and_its_version_as_they_were(jim: Character) -> None:
    rows, version = jim.log.count(), stored_version(jim)

    with pytest.raises(RuntimeError, match="snapshot"):
        refresh(jim, after=broken_snapshot)

    assert (jim.log.count(), stored_version(jim)) == (rows, version)


@pytest.mark.django_db(transaction=True)
def test_a_row_saved_outside_any_transaction_is_undone_when_its_version_is_not_written(
    jim: Character, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The row and the version are one transaction even for a bare `save()` (autocommit)."""
    rows, version = jim.log.count(), stored_version(jim)

    def failing(*_args: object) -> str:
        raise RuntimeError("the version was not written")

    monkeypatch.setattr("chargen.core.log.record_version", failing)
    row = refresh_row([])
    row.character, row.sequence = jim, jim.next_sequence
    with pytest.raises(RuntimeError, match="version"):
        row.save()

    assert (jim.log.count(), stored_version(jim)) == (rows, version)


def subject_updates(queries: CaptureQueriesContext) -> list[str]:
    table = Character._meta.db_table
    return [
        query["sql"]
        for query in queries.captured_queries
        if query["sql"].startswith(f'UPDATE "{table}"')
    ]


def test_an_after_that_saves_the_subject_writes_the_version_in_that_update(
    jim: Character,
) -> None:
    """A write whose `after` saves the subject in hand (a snapshot) writes the row, then
    the version and the snapshot together: one UPDATE, not two."""
    jim.concept = "Saved with the new version"
    with CaptureQueriesContext(connection) as queries:
        entry = refresh(jim, after=lambda _entries: jim.save(update_fields=["concept"]))

    updates = subject_updates(queries)
    assert len(updates) == 1, updates
    assert '"log_version"' in updates[0]
    assert '"concept"' in updates[0]
    stored = Character.objects.get(pk=jim.pk)
    assert stored.log_version == log_version.version_of(entry.sequence, entry.entry_hash)
    assert stored.concept == "Saved with the new version"
    assert jim.held_version is None  # a later save of `jim` writes no version of its own


def save_concept(jim: Character) -> None:
    jim.concept = "Saved by after"
    jim.save(update_fields=["concept"])


def refreshed_then_saved(jim: Character) -> None:
    # The instance then shows the database's version, which must not be written back.
    jim.refresh_from_db()
    save_concept(jim)


@pytest.mark.parametrize(
    "after",
    [
        pytest.param(lambda _jim: None, id="saves nothing"),
        pytest.param(
            lambda jim: save_concept(Character.objects.get(pk=jim.pk)),
            id="saves another copy of the subject",
        ),
        pytest.param(lambda jim: jim.save(update_fields=[]), id="saves no column"),
        pytest.param(refreshed_then_saved, id="refreshes the subject, then saves it"),
    ],
)
def test_an_after_that_does_not_write_the_held_version_still_gets_it_written(
    jim: Character, after: Callable[[Character], None]
) -> None:
    entry = refresh(jim, after=lambda _entries: after(jim))

    assert stored_version(jim) == log_version.version_of(entry.sequence, entry.entry_hash)
    assert jim.held_version is None


def test_a_failed_after_leaves_no_version_held_on_the_subject(jim: Character) -> None:
    before = jim.log_version
    with pytest.raises(RuntimeError, match="snapshot"):
        refresh(jim, after=broken_snapshot)

    assert jim.held_version is None
    assert jim.log_version == before == stored_version(jim)  # as the rollback left the row
    jim.concept = "Saved after the failure"
    with CaptureQueriesContext(connection) as queries:
        jim.save(update_fields=["concept"])
    assert '"log_version"' not in subject_updates(queries)[0]


def test_a_failure_after_the_row_is_saved_and_before_after_leaves_no_version_held(
    jim: Character, monkeypatch: pytest.MonkeyPatch
) -> None:
    def failing(*_args: object) -> None:
        raise RuntimeError("the log could not be kept")

    monkeypatch.setattr("chargen.core.log.keep_log_after_commit", failing)
    before = jim.log_version
    with pytest.raises(RuntimeError, match="kept"):
        refresh(jim, after=lambda _entries: None)

    assert jim.held_version is None
    assert jim.log_version == before


def row_through(subject: Character, entries: list[LogEntry]) -> None:
    row = refresh_row([])
    row.character, row.sequence = subject, entries[-1].sequence + 1
    row.save()


@pytest.mark.parametrize(
    "append",
    [
        pytest.param(lambda jim, _entries: refresh(jim), id="a write through the subject in hand"),
        pytest.param(row_through, id="a row saved through the subject in hand"),
        pytest.param(
            lambda jim, entries: row_through(Character.objects.get(pk=jim.pk), entries),
            id="a row saved through another instance",
        ),
    ],
)
def test_a_row_an_after_adds_to_its_own_log_gives_the_version(
    jim: Character,
    append: Callable[[Character, list[LogEntry]], None],
    django_capture_on_commit_callbacks: CaptureOnCommit,
) -> None:
    """The held version of the first row is never written over the second row's, and a
    write from inside `after` reads the log with the first row (the log kept in the cache
    at the version before it is not the log any more)."""
    with django_capture_on_commit_callbacks(execute=True):
        refresh(jim)  # the log kept in the cache (log_cache.py) at this version
    key = jim.next_sequence
    refresh(jim, after=lambda entries: append(jim, entries))

    newest = jim.log.order_by("-sequence")[0]
    assert newest.sequence == key + 1
    assert stored_version(jim) == log_version.version_of(newest.sequence, newest.entry_hash)
    assert jim.held_version is None
    refresh(jim)  # and the next write finds the log as it is


@pytest.mark.django_db(transaction=True)
def test_a_row_saved_outside_any_transaction_writes_its_version_at_once(jim: Character) -> None:
    """Only a write inside a transaction may hold the version: outside one there is no
    end of transaction before which it would be written."""
    row = refresh_row([])
    row.character, row.sequence = jim, jim.next_sequence
    row.save(hold_version=True)

    assert jim.held_version is None
    assert stored_version(jim) == log_version.version_of(row.sequence, row.entry_hash)


def test_saving_a_subject_read_before_a_write_keeps_the_new_version(jim: Character) -> None:
    stale = Character.objects.get(pk=jim.pk)
    refresh(jim)
    stale.concept = "Changed on a page drawn before the roll"
    stale.save()

    assert stored_version(jim) == jim.log_version
    assert Character.objects.get(pk=jim.pk).concept == stale.concept


def test_a_bulk_insert_gives_each_subject_its_newest_rows_version(
    jim: Character, linda: Character
) -> None:
    rows = [
        LogEntry(character=subject, sequence=subject.next_sequence + n, **fields)
        for subject in (jim, linda)
        for n in range(2)
        for fields in [{"kind": LogKind.REFRESH, "summary": "Nothing.", "details": {}}]
    ]
    LogEntry.objects.bulk_create(rows)

    for subject in (jim, linda):
        newest = subject.log.order_by("-sequence").first()
        assert newest is not None
        assert stored_version(subject) == log_version.version_of(newest.sequence, newest.entry_hash)


def test_sealing_old_rows_gives_the_version_their_hash(jim: Character) -> None:
    newest = jim.log.order_by("-sequence").first()
    assert newest is not None
    # As a log written before signing began: no seals, a version of sequence alone.
    QuerySet.update(LogEntry.objects.filter(character=jim), entry_hash="", signature="", key_id="")
    Character.objects.filter(pk=jim.pk).update(log_version=f"{newest.sequence}-")

    call_command("seal_logs", verbosity=0)

    sealed = jim.log.get(sequence=newest.sequence)
    assert sealed.entry_hash
    assert stored_version(jim) == log_version.version_of(sealed.sequence, sealed.entry_hash)


@pytest.mark.parametrize(
    ("version", "key", "expected"),
    [
        (log_version.NO_LOG, 1, True),  # an empty log: its first row is next
        (log_version.NO_LOG, 2, False),
        ("12-6bc283619ea77298", 13, True),
        ("12-6bc283619ea77298", "13", True),  # as a form posts it
        ("12-6bc283619ea77298", 12, False),  # taken: the view looks it up
        ("12-6bc283619ea77298", 14, False),
        ("12", 13, True),  # a row not sealed yet gives its sequence alone
        ("not a version", 1, False),  # nothing the kernel writes: looked up
        ("12-6bc283619ea77298", "thirteen", False),
    ],
)
def test_is_next_row_reads_the_key_against_the_version_as_read(
    version: str, key: object, expected: bool
) -> None:
    subject = Character(log_version=version)
    assert log_version.is_next_row(subject, key) is expected
