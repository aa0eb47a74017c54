"""A subject locked and its log read once, for the rest of one transaction.

A wizard step POST looks at its log before it writes: whether the form's key is still
free, and which choices its form may accept. It opens a hold (`log_key.holding`): the
subject is locked and its log read, once. The kernel's `write_once` for that subject
inside the hold takes both from here instead of locking and reading again: two
statements, and the whole log turned into rows, saved on every click (issue 13).

The rows are the log as this transaction sees it while it holds the lock, so no other
writer can add one meanwhile. They serve the hold's first write only (a step POST makes
one): that write takes them, and a row saved before it by anything else drops them, so
any later write locks and reads for itself, as outside a hold.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from django.db import models, transaction


@dataclass
class Held:
    """One subject's lock and log, as the hold read them, for the hold's first write."""

    model: type[models.Model]
    subject_pk: Any
    rows: list[Any]  # the locked rows, as `lock_subjects` returned them
    entries: list[Any] | None  # None once taken, or once a row was saved meanwhile

    def take(self) -> tuple[list[Any], list[Any]] | None:
        """The locked rows and the log, for one write only; None once a write took them
        or another row was saved (that write then locks and reads for itself)."""
        if self.entries is None:
            return None
        taken = (self.rows, list(self.entries))
        self.entries = None
        return taken


_HELD: ContextVar[Held | None] = ContextVar("chargen_log_held", default=None)


def held_for(model: type[models.Model], subject_pk: Any) -> Held | None:
    """The hold on this subject's log, if one is open in this transaction."""
    held = _HELD.get()
    if held is None or held.model is not model or held.subject_pk != subject_pk:
        return None
    return held if transaction.get_connection().in_atomic_block else None


@contextmanager
def open_hold(held: Held) -> Iterator[Held]:
    """Make `held` the hold for the rest of the block (the caller's transaction)."""
    token = _HELD.set(held)
    try:
        yield held
    finally:
        _HELD.reset(token)


def forget_rows(model: type[models.Model], subject_pk: Any) -> None:
    """A row of this subject's log was saved: a hold's rows are no longer the log."""
    held = held_for(model, subject_pk)
    if held is not None:
        held.entries = None
