"""Writing a Drifting character's log: the one-time key, the kernel's lock and answer.

Sheet actions take a one-time `key` (the log sequence the form was rendered for): the
row is written at that sequence, so a replayed, double-clicked or concurrent POST finds
the row already saved and returns it instead of rolling again (chargen/core/log.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.db import IntegrityError, transaction

from chargen.core.log import STALE_MESSAGE as KERNEL_STALE_MESSAGE
from chargen.core.log import already_written
from chargen.drifting.models import (
    Character,
    CharacterToken,
    LogEntry,
)
from chargen.drifting.selectors import token_sheet
from rules import drifting as rules
from rules.errors import RulesError


class StaleForm(RulesError):
    """The form was shown before the sheet last changed."""


STALE_MESSAGE = KERNEL_STALE_MESSAGE


# --- Writing: the log and the one-time key -------------------------------------------------


def _log(
    character: Character,
    *,
    kind: str,
    summary: str,
    sequence: int | None = None,
    **fields: object,
) -> LogEntry:
    return LogEntry.objects.create(
        character=character,
        sequence=character.next_sequence if sequence is None else sequence,
        kind=kind,
        summary=summary,
        **fields,
    )


def replayed_entry(character: Character, *, key: object, kind: str) -> LogEntry | None:
    """The row a form with this one-time key already wrote, if any (see the kernel)."""
    return already_written(LogEntry, character, key, (kind,))


def _once(
    character: Character, *, key: int, kind: str, action: Callable[[Character], LogEntry]
) -> LogEntry:
    """Run `action` once for this key; a repeat returns the row the first run saved.

    `action` reads, works everything out, then writes its log row at `key` before any
    other row, so a concurrent second run fails on the constraint before it has
    changed anything (and waits for nothing but the first run's commit).
    """

    def replayed() -> LogEntry | None:
        return LogEntry.objects.filter(character=character, sequence=key, kind=kind).first()

    try:
        with transaction.atomic():
            # Locked first (the kernel's order): a second click waits here for the first.
            current = (
                Character.objects.select_for_update(of=("self",))
                .select_related("campaign")
                .get(pk=character.pk)
            )
            earlier = replayed()
            if earlier is not None:
                return earlier
            # Read before `action` reads the sheet: see the module docstring.
            if key != current.next_sequence:
                raise StaleForm(STALE_MESSAGE)
            return action(current)
    except IntegrityError:
        # A concurrent request wrote this sequence first: show what it saved.
        earlier = replayed()
        if earlier is None:
            raise StaleForm(STALE_MESSAGE) from None
        return earlier


APPEND_ATTEMPTS = 3
# A new sheet and the fields of the log row that explains it.
SheetChange = tuple[dict[str, rules.TokenState], dict[str, Any]]


def _append(
    character: Character,
    build: Callable[[dict[str, rules.TokenState]], SheetChange | None],
) -> LogEntry | None:
    """Change a character's sheet for someone else's action (a shared mark, the GM's refresh).

    No form key here, so the sequence is read first, then the sheet; `build` returns the
    new sheet and the log row's fields (or None: nothing to do). If the character's own
    action claimed that sequence meanwhile, the savepoint rolls back and it is read again.
    """
    attempt = 0
    while True:
        attempt += 1
        try:
            with transaction.atomic():
                sequence = character.next_sequence
                built = build(token_sheet(character))
                if built is None:
                    return None
                sheet, fields = built
                entry = _log(character, sequence=sequence, **fields)
                _save_sheet(character, sheet)
                return entry
        except IntegrityError:
            if attempt == APPEND_ATTEMPTS:
                raise


def _save_sheet(character: Character, sheet: Mapping[str, rules.TokenState]) -> None:
    existing = {token.name: token for token in character.tokens.all()}
    for order, (name, state) in enumerate(sheet.items()):
        row = existing.get(name) or CharacterToken(character=character, name=name, order=order)
        row.kind = state.kind.value
        row.held = state.held
        row.depleted = state.depleted
        row.lost = state.lost
        row.checks = state.checks
        row.shared_marks = state.shared_marks
        row.save()


def _editable_creation(character: Character) -> None:
    if character.is_finished:
        raise rules.DriftingError("This character is finished; creation can no longer change.")
