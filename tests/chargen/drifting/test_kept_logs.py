"""A log this process read before is read again from its kept last row on
(chargen/core/kept_logs.py): the same rows as a whole read, objects of the caller's own,
and a whole read again whenever the kept last row is not in the database as kept."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from chargen.core import kept_logs
from chargen.core.log import Written, write_once
from chargen.core.log_reads import whole_log
from chargen.drifting.models import Character, LogEntry, LogKind

LOG_TABLE = LogEntry._meta.db_table
assert LOG_TABLE == "drifting_logentry"  # written out in the statements below


def _write(subject: Character, summary: str = "Nothing to restore.") -> Written[LogEntry]:
    key = subject.next_sequence
    return write_once(
        model=LogEntry,
        subject=subject,
        expected_sequence=key,
        kinds=(LogKind.REFRESH,),
        build=lambda _entries: LogEntry(kind=LogKind.REFRESH, summary=summary, details={}),
    )


def _log_reads(queries: CaptureQueriesContext) -> list[str]:
    """Each read of the log: "tail" from a kept row on, or "whole"."""
    reads = [
        q["sql"]
        for q in queries.captured_queries
        # Rows read whole (the key's lookup of the last sequence and the seal's of the
        # previous hash read one column each).
        if q["sql"].startswith("SELECT")
        and f'FROM "{LOG_TABLE}"' in q["sql"]
        and '"faces"' in q["sql"]
    ]
    return ["tail" if '"sequence" >=' in sql else "whole" for sql in reads]


def _as_stored(subject: Character) -> list[tuple[object, int, str, str, str]]:
    """The log as the database has it now, read without the kernel."""
    rows = LogEntry.objects.filter(character=subject).order_by("sequence")
    return [(r.pk, r.sequence, r.kind, r.summary, r.entry_hash) for r in rows]


def _as_read(rows: list[LogEntry]) -> list[tuple[object, int, str, str, str]]:
    return [(r.pk, r.sequence, r.kind, r.summary, r.entry_hash) for r in rows]


def _read(subject: Character) -> tuple[list[LogEntry], list[str]]:
    with CaptureQueriesContext(connection) as queries:
        rows = whole_log(LogEntry, subject)
    return rows, _log_reads(queries)


def test_a_log_read_again_is_read_from_its_kept_last_row_on(jim: Character) -> None:
    first, how = _read(jim)
    assert how == ["whole"]
    _write(jim)
    _write(jim, "Again.")
    again, how = _read(jim)
    assert how == ["tail"]
    assert _as_read(again) == _as_stored(jim)
    assert len(again) == len(first) + 2
    assert again[-1].summary == "Again."


def test_each_read_hands_out_objects_of_its_own_with_the_caller_s_subject(
    jim: Character,
) -> None:
    first, _ = _read(jim)
    first[0].summary = "changed by one request"
    other_copy = Character.objects.get(pk=jim.pk)
    again = whole_log(LogEntry, other_copy)
    assert all(a is not b for a, b in zip(first, again, strict=True))
    assert again[0].summary != "changed by one request"
    assert all(row.character is other_copy for row in again)
    assert all(row.character is jim for row in first)


@pytest.mark.django_db(transaction=True)
def test_a_kept_row_rolled_back_and_written_over_means_a_whole_read(jim: Character) -> None:
    """Rows read inside a transaction that is then rolled back are kept, but the row
    that takes their place has another id and hash: the whole log is read again."""

    def written_then_rolled_back() -> None:
        with transaction.atomic():
            _write(jim, "Rolled back.")
            assert whole_log(LogEntry, jim)[-1].summary == "Rolled back."
            raise RuntimeError("roll back")

    with pytest.raises(RuntimeError):
        written_then_rolled_back()
    # Written at the same place without reading the log through the kernel (as another
    # process would): this process still keeps the rolled-back row there.
    LogEntry(
        character=jim,
        sequence=jim.next_sequence,
        kind=LogKind.REFRESH,
        summary="Written instead.",
        details={},
    ).save()
    rows, how = _read(jim)
    assert how == ["tail", "whole"]
    assert _as_read(rows) == _as_stored(jim)
    assert rows[-1].summary == "Written instead."


def test_a_kept_row_gone_means_a_whole_read(jim: Character) -> None:
    _read(jim)
    with connection.cursor() as cursor:  # as a restore from an older backup would
        cursor.execute(
            'DELETE FROM "drifting_logentry" WHERE "character_id" = %s AND "sequence" = %s',
            [
                LogEntry._meta.get_field("character").get_db_prep_value(jim.pk, connection),
                jim.next_sequence - 1,
            ],
        )
    rows, how = _read(jim)
    assert how == ["tail", "whole"]
    assert _as_read(rows) == _as_stored(jim)


def test_a_log_not_sealed_yet_is_read_whole_every_time(jim: Character) -> None:
    with connection.cursor() as cursor:  # rows written before signing began
        cursor.execute(
            'UPDATE "drifting_logentry" SET "entry_hash" = \'\' WHERE "character_id" = %s',
            [LogEntry._meta.get_field("character").get_db_prep_value(jim.pk, connection)],
        )
    assert _read(jim)[1] == ["whole"]
    assert _read(jim)[1] == ["whole"]


def test_only_the_latest_subjects_are_kept(
    jim: Character, linda: Character, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(kept_logs, "KEPT_SUBJECTS", 1)
    _read(jim)
    assert _read(jim)[1] == ["tail"]
    _read(linda)
    assert _read(jim)[1] == ["whole"]


def test_a_log_longer_than_the_rows_kept_is_read_whole(
    jim: Character, linda: Character, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(kept_logs, "KEPT_ROWS", len(whole_log(LogEntry, jim)))
    kept_logs.forget_kept_logs()
    _read(jim)
    assert _read(jim)[1] == ["tail"]
    _write(jim)  # one row more than may be kept
    _read(jim)
    assert _read(jim)[1] == ["whole"]
    _read(linda)  # the rows kept stay within the bound as subjects come and go
    assert kept_logs._rows_kept == sum(len(rows) for rows in kept_logs._kept.values())
    assert kept_logs._rows_kept <= kept_logs.KEPT_ROWS
