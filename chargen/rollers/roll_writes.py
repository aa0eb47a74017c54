"""What both roller sheets share: the one-time key over the log kernel, the dice, the cap."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Max

from chargen.core.limits import creation_cap, creation_cap_reached
from chargen.core.log import STALE_MESSAGE as KERNEL_STALE_MESSAGE
from chargen.core.log import LogStale, already_written, write_once
from chargen.rollers.models import (
    ManaCharacter,
    ManaRollEntry,
    UniqueCharacter,
    UniqueRollEntry,
)
from rules.dice import DiceSpec, Roll, entered_roll, roll
from rules.errors import DiceError, RulesError
from rules.typed_dice import typed_roll

Entry = TypeVar("Entry", UniqueRollEntry, ManaRollEntry)

# Seed 001 names these two universal attributes in its examples; a player adds the rest.
DEFAULT_UNIQUE_ATTRIBUTES: tuple[str, ...] = ("Strength", "Precision")
# Seed 004 names these attributes; their colour links start from the house table.
DEFAULT_MANA_ATTRIBUTES: tuple[str, ...] = (
    "Strength",
    "Finesse",
    "Endurance",
    "Intelligence",
    "Cunning",
    "Acuity",
    "Charisma",
)


LOG_ROWS_SHOWN = 20


class OpponentDiceError(DiceError):
    """The dice typed for the opponent do not fit the opponent's pool."""


class StaleForm(RulesError):
    """The form was drawn before the sheet's log last changed."""


STALE_MESSAGE = KERNEL_STALE_MESSAGE


@dataclass(frozen=True)
class Saved(Generic[Entry]):
    """The log row at the form's sequence, and whether this request wrote it."""

    entry: Entry
    created: bool
    newest: bool = True  # no row was written after it (else: a page left behind)


# --- The one-time key ----------------------------------------------------------------------------


def next_sequence(character: UniqueCharacter | ManaCharacter) -> int:
    """The sequence the next roll form carries: one past the log's last row (1 for none)."""
    last = character.rolls.aggregate(last=Max("sequence"))["last"]
    return 1 if last is None else last + 1


def sequence_after(latest: UniqueRollEntry | ManaRollEntry | None) -> int:
    """`next_sequence` for a page that has loaded the log's last row anyway (None: empty)."""
    return 1 if latest is None else latest.sequence + 1


def saved_entry(
    character: UniqueCharacter | ManaCharacter, *, sequence: object, kinds: Sequence[str]
) -> UniqueRollEntry | ManaRollEntry | None:
    """The row a form with this sequence already wrote, if it is of the form's kind."""
    if isinstance(character, UniqueCharacter):
        return already_written(UniqueRollEntry, character, sequence, kinds)
    return already_written(ManaRollEntry, character, sequence, kinds)


def write_roll_once(
    character: UniqueCharacter | ManaCharacter,
    *,
    sequence: int,
    kinds: Sequence[str],
    build: Callable[[], Any],
) -> Saved[Any]:
    """Run `build` (which rolls and returns an unsaved log row) once for this sequence."""
    model: type[UniqueRollEntry | ManaRollEntry] = (
        UniqueRollEntry if isinstance(character, UniqueCharacter) else ManaRollEntry
    )
    try:
        written = write_once(
            model=model,
            subject=character,
            expected_sequence=sequence,
            kinds=kinds,
            build=lambda entries: build(),
        )
    except LogStale as stale:
        raise StaleForm(str(stale)) from None
    return Saved(entry=written.entry, created=written.created, newest=written.newest)


def dice_roll(spec: DiceSpec, entered_faces: Sequence[int] | str | None) -> Roll:
    """The server's secure roll, or the faces the player typed (read and checked against
    `spec`: as typed, "3 4", "3,4" or for d6s "34", or already read)."""
    if entered_faces is None:
        return roll(spec)
    if isinstance(entered_faces, str):
        return typed_roll(spec, entered_faces)
    return entered_roll(spec, entered_faces)


class SheetCapReached(Exception):
    """The owner already has as many roller sheets as one player may keep."""


def refuse_at_sheet_cap(owner: AbstractBaseUser) -> None:
    cap = creation_cap("MAX_ROLLER_SHEETS")

    def sheets() -> int:
        mine = {"owner_id": owner.pk}
        return UniqueCharacter.objects.filter(**mine).count() + (
            ManaCharacter.objects.filter(**mine).count()
        )

    if creation_cap_reached(owner=owner, cap=cap, count=sheets):
        raise SheetCapReached(
            f"You already have {cap} roller sheets, the most one player may keep. "
            "Delete one you no longer use before making another."
        )
