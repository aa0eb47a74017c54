"""The kernel's read of one subject's log, and that log as a write's lock read it.

Every write locks its subject and reads the log (log.py's `write_once`). A caller that
must look at the log before it writes (a form's key, choices that follow the log) locks
and reads it once itself (log_key.py's `locked_read`) and hands what it read to the
write as a `LockedLog`: a value passed down, so the write neither locks nor reads again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db import models

from chargen.core.log_cache import kept_log

# Every log model names its subject (a character or a roller sheet) `character`.
SUBJECT_FIELD = "character"

Row = TypeVar("Row", bound=models.Model)


def whole_log(
    model: type[models.Model], subject: models.Model, *, locked: models.Model | None = None
) -> list[Any]:
    """Every row of the subject's log, oldest first, each with its subject attached (so
    reading `row.character` costs no query).

    `locked` is the subject's row as the current transaction's lock read it: its log
    version is then the log's state, and the log a write left at that version is read
    from the cache instead (log_cache.py)."""
    kept = None
    if locked is not None:
        kept = kept_log(model, locked, str(getattr(locked, "log_version", "")))
    rows = (
        kept
        if kept is not None
        else list(model._default_manager.filter(**{SUBJECT_FIELD: subject}).order_by("sequence"))
    )
    for row in rows:
        setattr(row, SUBJECT_FIELD, subject)
    return rows


@dataclass(frozen=True)
class LockedLog(Generic[Row]):
    """A subject locked for the rest of the current transaction, and its log as read under
    that lock: no other writer can add a row until the transaction ends.

    It serves one write of `subject`'s log in that transaction (`write_once`'s
    `locked_log`); once anything has written to the log, it is the log no longer.
    """

    model: type[Row]
    subject: models.Model
    subject_rows: tuple[Any, ...]  # as the lock read them (`lock_subjects`, or the caller)
    entries: tuple[Row, ...]  # oldest first
