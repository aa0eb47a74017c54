"""Infinity Drive's creation log over the kernel (chargen/core/log.py).

Every step form carries the sequence it expects to write; `log_write` hands it to the
kernel's `write_once`, which locks the character, checks that key before anything
else and answers a double-click, a replayed POST or a second tab with the entry
already saved. Undo appends an entry that cancels the newest decision: nothing in
the log is ever changed or removed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from chargen.core.chain import GENESIS, seal
from chargen.core.log import UNDO_KIND, LogStale, cancelled_sequences, effective, write_once
from chargen.core.log import Written as KernelWritten
from chargen.core.log_reads import LockedLog, whole_log
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.models import Character, CreationLogEntry
from rules.dice import Roll


@dataclass(frozen=True)
class NewEntry:
    """What a step wants written: a decision (no dice) or a roll (dice and faces)."""

    kind: str
    payload: dict[str, Any] = field(default_factory=dict)
    roll: Roll | None = None
    history_note: str = ""


Written = KernelWritten  # of CreationLogEntry rows


@dataclass(frozen=True)
class AsWritten:
    """The whole log as this request's last write left it, and what was derived from it.

    `entries` are `Written.entries`: the rows the write read under the character's lock
    and the row it saved (or, for a repeated form, the row already there), so they are
    the log a reload reads once that transaction is over. `derived` is what the write's
    `after` computed from those very rows (the replayed progress), or None.
    """

    entries: tuple[CreationLogEntry, ...]
    derived: object = None


# Kept on the character object of the request (its __dict__, as Django keeps its own
# caches), never in the database nor across requests.
_AS_WRITTEN = "_chargen_log_as_written"


def log_entries(character: Character) -> list[CreationLogEntry]:
    """The whole log in one query, oldest first (undo entries and what they cancel included)."""
    return whole_log(CreationLogEntry, character)


def next_sequence(entries: Sequence[CreationLogEntry]) -> int:
    return (entries[-1].sequence if entries else 0) + 1


def _refuse_if_locked(character: Character) -> None:
    if not character.is_editable:
        raise StepRefused(
            f"{character.name} is {character.get_status_display().lower()}; "
            "its creation can no longer be changed."
        )


def _row(character: Character, new: NewEntry) -> CreationLogEntry:
    rolled = new.roll
    return CreationLogEntry(
        character=character,
        kind=new.kind,
        # As the JSON column gives it back (tuples become lists), so the saved row in
        # `Written.entries` is the row a reload reads.
        payload=json.loads(json.dumps(new.payload)),
        dice=str(rolled.spec) if rolled else "",
        faces=list(rolled.faces) if rolled else [],
        entered=bool(rolled and rolled.entered),
        history_note=new.history_note,
    )


def log_write(
    *,
    character: Character,
    expected_sequence: int,
    kinds: Sequence[str],
    build: Callable[[list[CreationLogEntry]], NewEntry],
    after: Callable[[Character, list[CreationLogEntry]], None] | None = None,
    locked_log: LockedLog[CreationLogEntry] | None = None,
) -> Written:
    """Write the step `build` makes at `expected_sequence`, or return what is already there.

    `kinds` are the entry kinds this form may write; a repeat of the same form finds
    its own entry and returns it unchanged. `build` sees the log so far, asks rules/
    (raising RulesError to refuse) and rolls any dice; it runs only when the sequence
    is still free. `after` runs in the same transaction once the entry is saved (to
    refresh the character's snapshot). `locked_log` is the character's lock and log as the
    caller's transaction read them (the kernel's `write_once`).

    The log as written is kept on `character` for the answer (`log_as_written`).
    """
    locked: list[Character] = []
    try:
        written = write_once(
            model=CreationLogEntry,
            subject=character,
            expected_sequence=expected_sequence,
            kinds=kinds,
            # The status as the lock read it (the caller's copy may predate a GM's
            # decision); without the row, as the database has it now.
            locked=lambda row: locked.append(row),
            check=lambda: _refuse_if_locked(_status_from(locked, character)),
            build=lambda entries: _sealed(_row(character, build(entries)), entries),
            after=(lambda entries: after(character, entries)) if after is not None else None,
            locked_log=locked_log,
        )
    except LogStale as stale:
        character.__dict__.pop(_AS_WRITTEN, None)
        raise StepRefused(str(stale)) from None
    except BaseException:
        # Rolled back: whatever `after` derived was never saved.
        character.__dict__.pop(_AS_WRITTEN, None)
        raise
    kept = character.__dict__.get(_AS_WRITTEN)
    derived = (
        kept.derived if kept is not None and _same_rows(kept.entries, written.entries) else None
    )
    character.__dict__[_AS_WRITTEN] = AsWritten(written.entries, derived)
    return written


def keep_derived(
    character: Character, entries: Sequence[CreationLogEntry], derived: object
) -> None:
    """Keep what a write's `after` derived from `entries` (the rows it was handed), for
    `log_as_written`; it is dropped unless the write then returns those very rows."""
    character.__dict__[_AS_WRITTEN] = AsWritten(tuple(entries), derived)


def log_as_written(character: Character) -> AsWritten | None:
    """The log as this request's last `log_write` on `character` left it (taken once).

    For the answer to a successful action whose last write is a `log_write`: after the
    write's transaction it is the log a reload reads, without reading it again.
    """
    kept: AsWritten | None = character.__dict__.pop(_AS_WRITTEN, None)
    return kept


def _same_rows(one: Sequence[CreationLogEntry], other: Sequence[CreationLogEntry]) -> bool:
    return len(one) == len(other) and all(a is b for a, b in zip(one, other, strict=True))


def _status_from(locked: list[Character], character: Character) -> Character:
    """`character` with its status as it is now: the locked row's, else read again."""
    if locked:
        character.status = locked[-1].status
    else:
        character.refresh_from_db(fields=["status"])
    return character


def _sealed(row: CreationLogEntry, entries: Sequence[CreationLogEntry]) -> CreationLogEntry:
    """`row` numbered and sealed after `entries` (the log read under the lock), whose
    last row's hash is the one the chain would otherwise read again from the database.
    The kernel writes it at this number only: any other, and it is not written."""
    row.sequence = next_sequence(entries)
    seal(row, entries[-1].entry_hash if entries else GENESIS)
    return row


def log_undo(
    *,
    character: Character,
    expected_sequence: int,
    undoable_kinds: frozenset[str],
    after: Callable[[Character, list[CreationLogEntry]], None] | None = None,
    passed_over_kinds: frozenset[str] = frozenset(),
) -> CreationLogEntry:
    """Cancel the newest decision, if it is the one the player saw and holds no dice.

    The cancelling entry is appended (kind `undo`, payload {"cancels": n}); the GM's log
    shows both. A die once rolled is never taken back: entries with dice are refused
    whatever their kind. Entries of `passed_over_kinds` (history notes) are no decisions:
    the newest decision before them is the one undone, and they stay. Returns the
    cancelled entry.
    """
    cancelled: list[CreationLogEntry] = []

    def build(entries: list[CreationLogEntry]) -> CreationLogEntry:
        in_force = [entry for entry in effective(entries) if entry.kind not in passed_over_kinds]
        if expected_sequence in cancelled_sequences(entries):
            raise StepRefused("That step was already undone.")
        if not in_force:
            raise StepRefused("There is nothing to undo.")
        newest = in_force[-1]
        if newest.sequence != expected_sequence:
            raise StepRefused("Only the latest step can be undone, and it has changed.")
        if newest.dice or newest.kind not in undoable_kinds:
            raise StepRefused("That step cannot be undone: dice once rolled are never taken back.")
        cancelled.append(newest)
        return CreationLogEntry(
            character=character, kind=UNDO_KIND, payload={"cancels": newest.sequence}
        )

    written = log_write(
        character=character,
        expected_sequence=sequence_after_newest(character),
        kinds=(UNDO_KIND,),
        build=lambda entries: _as_new(build(entries)),
        after=after,
    )
    if not written.created or not cancelled:
        raise StepRefused("That step was already undone.")
    return cancelled[0]


def _as_new(row: CreationLogEntry) -> NewEntry:
    return NewEntry(kind=row.kind, payload=row.payload)


def sequence_after_newest(character: Character) -> int:
    """The sequence one past the log's newest row, read alone (an undo is appended
    wherever the log ends: its own key is the entry it cancels)."""
    last = (
        CreationLogEntry.objects.filter(character=character)
        .order_by("-sequence")
        .values_list("sequence", flat=True)
        .first()
    )
    return (last or 0) + 1
