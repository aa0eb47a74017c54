"""A form's one-time key, read before the form is validated (see log.py's `write_once`).

A view that validates a form against the state the log is in (a choice among those
the page offers now) must first know whether the form's key is still free: a
double-click or a replayed POST comes after its own first click changed that state,
so its choice may no longer be offered, and it must be answered with the row the
first click saved (or the kernel's one stale message), never with a validation error.

`locked_read` locks the subject and reads its log once, for the key, the form and the
write alike: the caller passes what it read (a `LockedLog`) down to the write;
`key_in` says what the key finds in that log.

A module of its own rather than functions in log.py, so the kernel file stays as it is.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Generic, cast

from django.db import models, transaction
from django.db.transaction import TransactionManagementError

from chargen.core.log import STALE_MESSAGE, Entry, LogStale, lock_subjects
from chargen.core.log_reads import LockedLog, whole_log


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


@contextmanager
def locked_read(
    model: type[Entry], subject: models.Model, *, locked_by_caller: bool = False
) -> Iterator[LockedLog[Entry]]:
    """Lock `subject` and read its whole log, once, for a transaction that reads the
    form's key, builds its form and writes. Yields the lock and the log read under it;
    hand it to the block's write of `subject` (`write_once(locked_log=...)`), which then
    neither locks nor reads again.

    The block is one transaction: a double-click's second request waits at the lock
    until the first is committed, then finds the first click's row at its key. A write
    given the locked log makes no savepoint (log.py): let its refusal rise out of the block.

    `locked_by_caller`: the caller's own transaction has already read `subject` under the
    kernel's lock (`select_for_update(no_key=True)`, as `lock_subjects` takes it), say to
    check who may change it in the same statement; `subject` is then the row as locked,
    and the block neither locks again nor makes a savepoint of its own.
    """
    if locked_by_caller and not transaction.get_connection().in_atomic_block:
        raise TransactionManagementError(
            "A subject locked by the caller is locked only inside the caller's transaction."
        )
    with transaction.atomic(savepoint=not locked_by_caller):
        # The kernel's own lock, so it waits as its writes do.
        rows = [subject] if locked_by_caller else lock_subjects(subject)
        locked = rows[0] if rows else None  # none: the subject was deleted meanwhile
        entries = cast("list[Entry]", whole_log(model, subject, locked=locked))
        yield LockedLog(model, subject, tuple(rows), tuple(entries))
        if transaction.get_rollback():
            # The write given the locked log makes no savepoint: a failure of it that the
            # block caught and went on from leaves nothing to commit. Say so, rather than
            # roll back in silence what the block believes it saved.
            raise TransactionManagementError(
                "A write given this locked log failed and the error was caught: the "
                "transaction can only be rolled back."
            )


def key_in(entries: Sequence[Entry], key: int, kinds: Sequence[str]) -> KeyRead[Entry]:
    """What `key` finds in `entries` (the whole log, oldest first): free while it is the
    log's next sequence, else the row of `kinds` a form already wrote there.

    Raises LogStale when the key is taken by a row of another kind, or is ahead of the
    log: the answer `write_once` gives, here before any value of the form is read."""
    last = entries[-1].sequence if entries else 0
    existing = next((entry for entry in entries if entry.sequence == key), None)
    return _found(existing, key, last, kinds)
