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

Per process, for the latest `KEPT_SUBJECTS` subjects. A row changed behind the app's
back (raw SQL; the app never changes one) is not seen by a process that kept its log
until the process restarts: a restore stops every worker first (README), and a test
that edits a row calls `forget_kept_logs`. Exports read the database as it is
(chargen/core/export.py `log_rows`), so the chain still shows such an edit.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from django.db import models
from django.db.models.base import ModelState

KEPT_SUBJECTS = 256  # about 70 KB each for a whole Infinity Drive character (53 rows)

_kept: OrderedDict[tuple[type[models.Model], Any], tuple[Any, ...]] = OrderedDict()
_lock = threading.Lock()


def forget_kept_logs() -> None:
    with _lock:
        _kept.clear()


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
    with _lock:
        _kept[key] = stored
        _kept.move_to_end(key)
        while len(_kept) > KEPT_SUBJECTS:
            _kept.popitem(last=False)
    return [_copy(row) for row in stored]
