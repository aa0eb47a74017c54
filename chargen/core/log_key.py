"""A form's one-time key, read before the form is validated (see log.py's `write_once`).

A view that validates a form against the state the log is in (a choice among those
the page offers now) must first know whether the form's key is still free: a
double-click or a replayed POST comes after its own first click changed that state,
so its choice may no longer be offered, and it must be answered with the row the
first click saved (or the kernel's one stale message), never with a validation error.

A module of its own rather than a function in log.py, so the kernel file stays as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, cast

from django.db import models, transaction

from chargen.core.log import STALE_MESSAGE, Entry, LogStale, lock_subjects
from chargen.core.log_reads import last_sequence, row_at


@dataclass(frozen=True)
class KeyRead(Generic[Entry]):
    """What a form's key finds: the row the form already wrote there (None while the key
    is still the log's next sequence), and the log's last sequence as read."""

    saved: Entry | None
    last_sequence: int

    @property
    def newest(self) -> bool:
        """Whether the saved row is still the log's newest (a repeat, not a page left behind)."""
        return self.saved is not None and self.saved.sequence == self.last_sequence


def _found(
    existing: Entry | None, key: int, last_sequence: int, kinds: Sequence[str]
) -> KeyRead[Entry]:
    if key == last_sequence + 1:
        return KeyRead(saved=None, last_sequence=last_sequence)
    if existing is None or getattr(existing, "kind", None) not in kinds:
        raise LogStale(STALE_MESSAGE)
    return KeyRead(saved=existing, last_sequence=last_sequence)


def read_key(
    *, model: type[Entry], subject: models.Model, key: int, kinds: Sequence[str]
) -> KeyRead[Entry]:
    """The row a form of `kinds` already wrote at `key`, or None while `key` is free.

    Raises LogStale when the key is taken by a row of another kind, or is ahead of the
    log: the answer `write_once` gives, here before any value of the form is read. A
    write of this subject still under way (the first click) is waited for, as in
    `already_written`: the lock is taken and released at once, then the key is looked
    up (two small queries, not the whole log).
    """
    with transaction.atomic():
        lock_subjects(subject)  # the kernel's own lock, so it waits as its writes do
    last = last_sequence(model, subject)
    existing = None if key == last + 1 else row_at(model, subject, key)
    return _found(cast("Entry | None", existing), key, last, kinds)


def key_in(entries: Sequence[Entry], key: int, kinds: Sequence[str]) -> KeyRead[Entry]:
    """`read_key`'s answer over a log already read (oldest first), for a view that read
    it afterwards to build its form and must see whether the key was taken meanwhile."""
    last = entries[-1].sequence if entries else 0
    existing = next((entry for entry in entries if entry.sequence == key), None)
    return _found(existing, key, last, kinds)
