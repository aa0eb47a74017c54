"""Each process keeps the logs it has read, and then reads only the rows added since.

Every wizard click reads its character's whole log (to check the form's key, then to
replay), and turning each row back into an object (three JSON columns apiece) cost an
eighth of a click's CPU, growing with the log (issue 13). But a log is append-only
(log.py refuses to change or remove a row) and a hash chain (chain.py): each row's
`entry_hash` covers its content and the hash of the row before it. So if the last row
this process kept is still in the database with the same id, hash and time, everything
before it is what was kept. `whole_log` asks for that row and any after it, in one
statement; when the row is not found as kept (a restore, a transaction that was rolled
back, a log not sealed yet), it reads the whole log, as before.

Kept rows are never handed out: each caller gets its own copies, with its own subject
attached, so no request sees another's objects. Their JSON values are shared between the
copies; nothing writes into a row's payload, faces or dice (a row is never changed).

Per process, for the latest `KEPT_SUBJECTS` subjects and `KEPT_ROWS` rows. A row
changed behind the app's back (raw SQL; the app never changes one) is not seen by a
process that kept its log until the process restarts: a restore stops every worker
first (README), and a test that edits a row calls `forget_kept_logs`. Exports read the
database as it is (chargen/core/export.py `log_rows`), so the chain still shows such an
edit.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from django.db import models
from django.db.models.base import ModelState

KEPT_SUBJECTS = 256
# Rows in all, about 1.3 KB each (a whole Infinity Drive character is 53 rows, 70 KB): a
# roller sheet's log grows with every roll, so the subjects alone bound nothing. A log
# longer than this is read whole every time.
KEPT_ROWS = 20_000

_kept: OrderedDict[tuple[type[models.Model], Any], tuple[Any, ...]] = OrderedDict()
_rows_kept = 0
_lock = threading.Lock()


def forget_kept_logs() -> None:
    global _rows_kept
    with _lock:
        _kept.clear()
        _rows_kept = 0


def _keep(key: tuple[type[models.Model], Any], rows: tuple[Any, ...]) -> None:
    """Keep `rows` as the latest, dropping the least recently read beyond the bounds."""
    global _rows_kept
    with _lock:
        _rows_kept += len(rows) - len(_kept.pop(key, ()))
        _kept[key] = rows
        while _kept and (len(_kept) > KEPT_SUBJECTS or _rows_kept > KEPT_ROWS):
            _rows_kept -= len(_kept.popitem(last=False)[1])


def _copy(row: Any) -> Any:
    """A new instance of `row`'s model holding its values, with no related object cached."""
    fresh = row.__class__.__new__(row.__class__)
    fresh.__dict__.update(row.__dict__)
    state = ModelState()
    state.db, state.adding = row._state.db, False
    fresh._state = state
    return fresh


def _same_row(kept: Any, found: Any) -> bool:
    return bool(
        kept.entry_hash
        and found.pk == kept.pk
        and found.entry_hash == kept.entry_hash
        and found.created == kept.created
    )


def read_log(
    model: type[models.Model],
    subject_pk: Any,
    *,
    whole: Callable[[], list[Any]],
    since: Callable[[int], list[Any]],
) -> list[Any]:
    """The subject's log, oldest first, as copies of their own: the kept rows and what
    `since(sequence)` finds from the kept last row on, else `whole()`."""
    key = (model, subject_pk)
    with _lock:
        kept = _kept.get(key)
    stored: tuple[Any, ...] | None = None
    if kept:
        tail = since(kept[-1].sequence)
        if tail and _same_row(kept[-1], tail[0]):
            stored = (*kept, *map(_copy, tail[1:]))
    if stored is None:
        rows = whole()
        if not all(row.entry_hash for row in rows):
            return rows  # a log not sealed yet is read whole every time
        stored = tuple(map(_copy, rows))
    _keep(key, stored)
    return [_copy(row) for row in stored]
