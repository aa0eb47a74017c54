"""The creation log's rows as rules/ steps, through the step table (wizard/entry_kinds.py).

No rule lives here: only the walk over a log that hands each row to its kind's replay,
the race each step reads (its own copy, or the row for older steps), the roll still
waiting to be placed, and the words for what "Undo" takes back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from chargen.infinity_drive.models import CreationLogEntry, Race
from chargen.infinity_drive.pinned import RaceCopy, race_copy
from chargen.infinity_drive.wizard.entry_kinds import (
    UNDO_LABELS,
    UNDOABLE_KINDS,
    Kind,
    Replayed,
    step_kind,
)
from rules.infinity_drive import creation
from rules.infinity_drive.codes import CHARACTERISTIC_NAMES

__all__ = [
    "RACE_KINDS",
    "UNDOABLE_KINDS",
    "UNDO_LABELS",
    "Death",
    "Kind",
    "group_closed_by",
    "last_step_row",
    "race_in_force",
    "step_for",
    "steps_for",
    "undo_label",
]


def undo_label(entry: CreationLogEntry, state: creation.CreationState) -> str:
    """What "Undo" takes back, named: "race Nexan", "career Marine", "skill roll 3: …"."""
    payload = entry.payload or {}
    kind = entry.kind
    if kind == Kind.POINT_BUY and payload.get("values"):
        # In the book's order: a JSON column need not keep the order they were posted in
        # (PostgreSQL's jsonb sorts the keys).
        stored = payload["values"]
        order = [code for code in CHARACTERISTIC_NAMES if code in stored]
        order += [code for code in stored if code not in CHARACTERISTIC_NAMES]
        values = ", ".join(f"{code} {stored[code]}" for code in order)
        return f"point buy ({values})"
    if kind == Kind.CHARACTERISTIC_PLACE and payload.get("characteristic"):
        return f"the roll placed in {payload['characteristic']}"
    if kind == Kind.RACE:
        return f"race {state.race.name if state.race is not None else 'Base humanoid'}"
    if kind == Kind.CAREER and payload.get("career"):
        return f"career {payload['career']}"
    if kind == Kind.TABLE_CHOICE and state.records:
        record = state.records[-1]
        taken = "the roll lost" if record.lost else record.outcome.rstrip(".")
        return f"skill roll {record.roll_number} ({taken})"
    if kind == Kind.SETBACK and payload.get("characteristic"):
        return f"the setback to {payload['characteristic']}"
    return UNDO_LABELS.get(kind, "")


def group_closed_by(rolls_used: int) -> int:
    """The group of four skill rolls a survival roll closes (a last group may be short)."""
    return max(1, -(-rolls_used // creation.GROUP_SIZE))


@dataclass(frozen=True)
class Death:
    """How a character died, as its pages tell it: the failed survival roll, the group of
    skill rolls it closed, and when the death was recorded."""

    roll: CreationLogEntry
    target: int
    group: int
    skill_rolls: int
    when: datetime


RACE_KINDS: frozenset[str] = frozenset({Kind.RACE, Kind.RACE_CHANGE, Kind.NON_HUMANOID})


def race_in_force(entries: Sequence[CreationLogEntry], fallback: Race | None) -> RaceCopy | None:
    """The race the character has now, as its newest race step recorded it.

    Steps written before races were copied into the log (none since the migration that
    filled them in) fall back to the character's race row.
    """
    for entry in reversed(entries):
        if entry.kind in RACE_KINDS:
            payload = entry.payload or {}
            return payload["race"] if "race" in payload else race_copy(fallback)
    return race_copy(fallback)


def last_step_row(entries: Sequence[CreationLogEntry]) -> CreationLogEntry | None:
    """The newest row that is a step of the wizard: a name-and-concept row may come
    between a roll and its placing (or its table) and stands aside for them."""
    return next((entry for entry in reversed(entries) if entry.kind != Kind.CONCEPT), None)


def step_for(
    entry: CreationLogEntry, previous: CreationLogEntry | None, race: RaceCopy | None
) -> creation.Step | None:
    """The rules/ step of one log row; `race` is the race in force (`race_in_force`)."""
    return step_kind(entry.kind).replay(Replayed(entry, previous, race))


def steps_for(
    entries: Sequence[CreationLogEntry], race: Race | None
) -> tuple[list[creation.Step], CreationLogEntry | None]:
    """The rules/ steps of a log, and the characteristic roll still waiting to be placed.

    `race` is the character's race row, read only for race steps older than the copy.
    """
    steps: list[creation.Step] = []
    previous: CreationLogEntry | None = None
    in_force = race_in_force(entries, race)
    for entry in entries:
        step = step_for(entry, previous, in_force)
        if step is not None:
            steps.append(step)
        if entry.kind != Kind.CONCEPT:
            previous = entry
    unplaced = (
        previous
        if previous
        and previous.kind == Kind.CHARACTERISTIC_ROLL
        and not (previous.payload or {}).get("characteristic")
        else None
    )
    return steps, unplaced
