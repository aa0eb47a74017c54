"""Infinity Drive's creation log over the kernel (chargen/core/log.py).

Every step form carries the sequence it expects to write; `log_write` hands it to the
kernel's `write_once`, which locks the character, checks that key before anything
else and answers a double-click, a replayed POST or a second tab with the entry
already saved. Undo appends an entry that cancels the newest decision: nothing in
the log is ever changed or removed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from chargen.characters.errors import StepRefused
from chargen.characters.models import Character, CreationLogEntry
from chargen.core.log import UNDO_KIND, LogStale, cancelled_sequences, effective, write_once
from chargen.core.log import Written as KernelWritten
from rules.dice import Roll


@dataclass(frozen=True)
class NewEntry:
    """What a step wants written: a decision (no dice) or a roll (dice and faces)."""

    kind: str
    payload: dict[str, Any] = field(default_factory=dict)
    roll: Roll | None = None
    history_note: str = ""


Written = KernelWritten  # of CreationLogEntry rows


def log_entries(character: Character) -> list[CreationLogEntry]:
    """The whole log in one query, oldest first (undo entries and what they cancel included)."""
    return list(CreationLogEntry.objects.filter(character=character).order_by("sequence"))


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
        payload=new.payload,
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
) -> Written:
    """Write the step `build` makes at `expected_sequence`, or return what is already there.

    `kinds` are the entry kinds this form may write; a repeat of the same form finds
    its own entry and returns it unchanged. `build` sees the log so far, asks rules/
    (raising RulesError to refuse) and rolls any dice; it runs only when the sequence
    is still free. `after` runs in the same transaction once the entry is saved (to
    refresh the character's snapshot).
    """
    try:
        return write_once(
            model=CreationLogEntry,
            subject=character,
            expected_sequence=expected_sequence,
            kinds=kinds,
            check=lambda: _refuse_if_locked(_fresh(character)),
            build=lambda entries: _row(character, build(entries)),
            after=(lambda entries: after(character, entries)) if after is not None else None,
        )
    except LogStale as stale:
        raise StepRefused(str(stale)) from None


def _fresh(character: Character) -> Character:
    """The character as it is now (the caller's copy may predate a GM's decision)."""
    character.refresh_from_db(fields=["status"])
    return character


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
        expected_sequence=_undo_sequence(character),
        kinds=(UNDO_KIND,),
        build=lambda entries: _as_new(build(entries)),
        after=after,
    )
    if not written.created or not cancelled:
        raise StepRefused("That step was already undone.")
    return cancelled[0]


def _as_new(row: CreationLogEntry) -> NewEntry:
    return NewEntry(kind=row.kind, payload=row.payload)


def _undo_sequence(character: Character) -> int:
    """An undo is appended wherever the log ends: its own key is the entry it cancels."""
    last = (
        CreationLogEntry.objects.filter(character=character)
        .order_by("-sequence")
        .values_list("sequence", flat=True)
        .first()
    )
    return (last or 0) + 1
