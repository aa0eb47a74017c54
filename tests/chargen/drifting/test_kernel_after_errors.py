"""The kernel reads a unique violation of its own log row as a race, and nothing else:
an IntegrityError raised by `after` (a snapshot write) is a bug and reaches the caller."""

from __future__ import annotations

import pytest
from django.db import IntegrityError

from chargen.core.log import write_once
from chargen.drifting.models import Character, LogEntry, LogKind


def refresh_row(_entries: list[LogEntry]) -> LogEntry:
    return LogEntry(kind=LogKind.REFRESH, summary="Nothing to restore.", details={})


def broken_snapshot(_entries: list[LogEntry]) -> None:
    raise IntegrityError("a snapshot row broke a constraint")


def test_an_integrity_error_from_after_propagates_and_nothing_is_kept(jim: Character) -> None:
    rows_before = jim.log.count()

    with pytest.raises(IntegrityError, match="snapshot row"):
        write_once(
            model=LogEntry,
            subject=jim,
            expected_sequence=jim.next_sequence,
            kinds=(LogKind.REFRESH,),
            build=refresh_row,
            after=broken_snapshot,
        )

    assert jim.log.count() == rows_before


def test_the_same_key_again_still_answers_with_the_row_already_written(jim: Character) -> None:
    key = jim.next_sequence
    first = write_once(
        model=LogEntry,
        subject=jim,
        expected_sequence=key,
        kinds=(LogKind.REFRESH,),
        build=refresh_row,
    )
    again = write_once(
        model=LogEntry,
        subject=jim,
        expected_sequence=key,
        kinds=(LogKind.REFRESH,),
        build=refresh_row,
    )

    assert (first.created, again.created) == (True, False)
    assert again.entry.pk == first.entry.pk
