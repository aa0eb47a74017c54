"""The creation log's rows as rules/ steps: which row kind becomes which step.

No rule lives here: only the translation between the database's log rows and the
pure reducer in rules/infinity_drive/creation/, the row kinds, which of them can be
undone, and the race each step reads (its own copy, or the row for older steps).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from chargen.characters import part_two as part_two_log
from chargen.characters.models import CreationLogEntry, Race
from chargen.characters.pinned import (
    RaceCopy,
    humanoid_race,
    non_humanoid_race,
    race_copy,
)
from rules.errors import RulesError
from rules.infinity_drive import creation
from rules.infinity_drive.codes import CHARACTERISTIC_NAMES


class Kind:
    """The log's row kinds (CreationLogEntry.kind)."""

    METHOD = "method"
    NON_HUMANOID = "non_humanoid"  # a GM's non-humanoid race, chosen instead of a method
    POINT_BUY = "point_buy"
    CHARACTERISTIC_ROLL = "characteristic_roll"
    CHARACTERISTIC_PLACE = "characteristic_place"
    RACE = "race"
    RACE_CHANGE = "race_change"  # a new race after the GM rejected the first
    CAREER = "career"
    SPECIALISATION_ROLL = "specialisation_roll"
    SKILL_ROLL = "skill_roll"
    SKILL_REROLL = "skill_reroll"
    TABLE_CHOICE = "table_choice"
    SURVIVAL_ROLL = "survival_roll"
    SURVIVAL_OUTCOME = "survival_outcome"
    SETBACK = "setback"
    # Steps 7 and 8 (part_two.py): logged like every step, but not part of creation as
    # rules/infinity_drive/creation.py replays it.
    EQUIPMENT_OPTION = part_two_log.EQUIPMENT_OPTION
    BACKGROUND_ROLL = part_two_log.BACKGROUND_ROLL
    CREDITS = part_two_log.CREDITS
    PURCHASE = part_two_log.PURCHASE
    SALE = part_two_log.SALE
    DETAILS = part_two_log.DETAILS
    NOTE = part_two_log.NOTE


# Decisions without dice that the player may take back while they are the newest step.
# The method and the survival outcome are not: "once you choose the system, you must
# stick to it", and death is final.
UNDOABLE_KINDS: frozenset[str] = frozenset(
    {
        Kind.POINT_BUY,
        Kind.CHARACTERISTIC_PLACE,
        Kind.RACE,
        Kind.CAREER,
        Kind.TABLE_CHOICE,
        Kind.SETBACK,
    }
)

UNDO_LABELS: dict[str, str] = {
    Kind.POINT_BUY: "the point-buy values",
    Kind.CHARACTERISTIC_PLACE: "where the last roll went",
    Kind.RACE: "the race choice",
    Kind.CAREER: "the career choice",
    Kind.TABLE_CHOICE: "the last table choice",
    Kind.SETBACK: "the setback choice",
}


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
        return f"race {state.race.name if state.race is not None else 'Humanoid (no alien race)'}"
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


def step_for(
    entry: CreationLogEntry, previous: CreationLogEntry | None, race: RaceCopy | None
) -> creation.Step | None:
    """The rules/ step of one log row; `race` is the race in force (`race_in_force`)."""
    payload = entry.payload or {}
    faces = tuple(entry.faces or ())
    kind = entry.kind
    if kind == Kind.METHOD:
        return creation.MethodChosen(creation.Method(payload["method"]))
    if kind == Kind.POINT_BUY:
        return creation.PointBuyAssigned.of(payload["values"])
    if kind == Kind.NON_HUMANOID:
        chosen = payload.get("race", race)
        if chosen is None:
            raise RulesError("The non-humanoid race of this character is missing.")
        return non_humanoid_race(chosen)
    if kind == Kind.CHARACTERISTIC_ROLL:
        if payload.get("characteristic"):
            # A non-humanoid names the characteristic first: its dice depend on it.
            return creation.CharacteristicRolled(payload["characteristic"], faces)
        return None  # becomes a step once the player places it
    if kind == Kind.CHARACTERISTIC_PLACE:
        if previous is None or previous.kind != Kind.CHARACTERISTIC_ROLL:
            raise RulesError("A characteristic was placed without a roll before it.")
        return creation.CharacteristicRolled(payload["characteristic"], tuple(previous.faces))
    if kind == Kind.RACE:
        # The race the character has now: a replacement chosen after a rejection
        # stands where the first choice stood, and the later steps replay over it.
        return creation.RaceApplied(humanoid_race(race) if race is not None else None)
    if kind == Kind.RACE_CHANGE:
        return None
    if kind == Kind.CAREER:
        return creation.CareerChosen(payload["career"])
    if kind == Kind.SPECIALISATION_ROLL:
        return creation.SpecialisationRolled(faces)
    if kind == Kind.SKILL_ROLL:
        return creation.SkillRolled(faces)
    if kind == Kind.SKILL_REROLL:
        return creation.Rerolled(payload["table"], faces)
    if kind == Kind.TABLE_CHOICE:
        return creation.TableChosen(
            table_slug=payload["table"],
            specialty=payload.get("specialty", ""),
            history_reason=payload.get("history_reason", ""),
            note=entry.history_note,
        )
    if kind == Kind.SURVIVAL_ROLL:
        return creation.SurvivalRolled(faces)
    if kind == Kind.SURVIVAL_OUTCOME:
        return creation.SurvivalOutcomeChosen(payload["outcome"])
    if kind == Kind.SETBACK:
        return creation.SetbackChosen(payload["characteristic"])
    if kind in part_two_log.PART_TWO_KINDS:
        return None  # replayed by part_two.py
    raise RulesError(f"Unknown step “{kind}” in the creation log.")


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
        previous = entry
    unplaced = (
        previous
        if previous
        and previous.kind == Kind.CHARACTERISTIC_ROLL
        and not (previous.payload or {}).get("characteristic")
        else None
    )
    return steps, unplaced
