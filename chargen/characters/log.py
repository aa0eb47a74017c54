"""The creation log's one write path: a step is saved once, at the sequence the form expected.

Every step form carries the sequence number it expects to write (the log's length + 1
when the page was drawn). Writing inserts at exactly that sequence inside a savepoint;
the unique constraint on (character, sequence) turns a double-click, a replayed POST,
a second tab or a concurrent request into "that step is already saved" — and the
entry already saved is returned, so the player sees the same roll every time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction

from chargen.characters.errors import StepRefused
from chargen.characters.models import Character, CreationLogEntry
from rules.dice import Roll


@dataclass(frozen=True)
class NewEntry:
    """What a step wants written: a decision (no dice) or a roll (dice and faces)."""

    kind: str
    payload: dict[str, Any] = field(default_factory=dict)
    roll: Roll | None = None
    history_note: str = ""


@dataclass(frozen=True)
class Written:
    """The entry at the expected sequence and whether this request wrote it."""

    entry: CreationLogEntry
    created: bool
    entries: tuple[CreationLogEntry, ...]


def log_entries(character: Character) -> list[CreationLogEntry]:
    """The whole log in one query, oldest first."""
    return list(CreationLogEntry.objects.filter(character=character).order_by("sequence"))


def next_sequence(entries: Sequence[CreationLogEntry]) -> int:
    return (entries[-1].sequence if entries else 0) + 1


def _refuse_if_locked(character: Character) -> None:
    if not character.is_editable:
        raise StepRefused(
            f"{character.name} is {character.get_status_display().lower()}; "
            "its creation can no longer be changed."
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
    with transaction.atomic():
        entries = log_entries(character)
        _refuse_if_locked(character)
        upcoming = next_sequence(entries)
        if expected_sequence < upcoming:
            return _already_saved(entries, expected_sequence, kinds)
        if expected_sequence > upcoming:
            raise StepRefused("That step is not the next one; the page now shows where you are.")
        new = build(entries)
        rolled = new.roll
        try:
            with transaction.atomic():
                entry = CreationLogEntry.objects.create(
                    character=character,
                    sequence=expected_sequence,
                    kind=new.kind,
                    payload=new.payload,
                    dice=str(rolled.spec) if rolled else "",
                    faces=list(rolled.faces) if rolled else [],
                    entered=bool(rolled and rolled.entered),
                    history_note=new.history_note,
                )
        except IntegrityError:
            # Another request wrote this sequence between our read and our insert.
            return _already_saved(log_entries(character), expected_sequence, kinds)
        written = [*entries, entry]
        if after is not None:
            after(character, written)
        return Written(entry=entry, created=True, entries=tuple(written))


def _already_saved(
    entries: Sequence[CreationLogEntry], expected_sequence: int, kinds: Sequence[str]
) -> Written:
    existing = next((entry for entry in entries if entry.sequence == expected_sequence), None)
    if existing is not None and existing.kind in kinds:
        return Written(entry=existing, created=False, entries=tuple(entries))
    raise StepRefused(
        "That step was already taken (perhaps in another tab); nothing was changed. "
        "The page now shows where you are."
    )


def log_undo(
    *,
    character: Character,
    expected_sequence: int,
    undoable_kinds: frozenset[str],
    after: Callable[[Character, list[CreationLogEntry]], None] | None = None,
) -> CreationLogEntry:
    """Remove the newest entry if it is the one the player saw and holds no dice.

    A die once rolled is never taken back: entries with dice are refused whatever
    their kind.
    """
    with transaction.atomic():
        entries = log_entries(character)
        _refuse_if_locked(character)
        if not entries:
            raise StepRefused("There is nothing to undo.")
        newest = entries[-1]
        if newest.sequence != expected_sequence:
            raise StepRefused("Only the latest step can be undone, and it has changed.")
        if newest.dice or newest.kind not in undoable_kinds:
            raise StepRefused("That step cannot be undone: dice once rolled are never taken back.")
        deleted, _ = CreationLogEntry.objects.filter(
            pk=newest.pk, sequence=newest.sequence
        ).delete()
        if not deleted:
            raise StepRefused("That step was already undone.")
        if after is not None:
            after(character, entries[:-1])
        return newest
