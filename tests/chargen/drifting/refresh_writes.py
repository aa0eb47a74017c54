"""A write through the log kernel that needs nothing from the sheet: a refresh row, which
the kernel tests write to watch how a write locks, reads and keeps the log."""

from __future__ import annotations

from collections.abc import Callable

from chargen.core.log import Written, write_once
from chargen.core.log_reads import LockedLog
from chargen.drifting.models import Character, LogEntry, LogKind


def refresh_row(_entries: list[LogEntry]) -> LogEntry:
    return LogEntry(kind=LogKind.REFRESH, summary="Nothing to restore.", details={})


def refresh_write(
    subject: Character,
    key: int,
    build: Callable[[list[LogEntry]], LogEntry] = refresh_row,
    after: Callable[[list[LogEntry]], None] | None = None,
    locked_log: LockedLog[LogEntry] | None = None,
) -> Written[LogEntry]:
    """`write_once` of a refresh row (or what `build` makes) at `key`."""
    return write_once(
        model=LogEntry,
        subject=subject,
        expected_sequence=key,
        kinds=(LogKind.REFRESH,),
        build=build,
        after=after,
        locked_log=locked_log,
    )
