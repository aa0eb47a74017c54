"""Infinity Drive's step table: one row per kind of log entry, and what the app knows of it.

Each kind says how it replays (the rules/ step it becomes, or None when it is not one
by itself), the GM's words for it, whether it holds dice, which of the reducer's
expectations it answers (so the wizard knows what it may write next) and whether the
player may take it back while it is the newest decision, with the words for that.
A new kind of step is one row here plus its rules/ step; everything that lists kinds
(replay, the GM's log, undo, the wizard's order check, export) reads this table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from chargen.infinity_drive import concept_log
from chargen.infinity_drive import part_two as part_two_log
from chargen.infinity_drive.models import CreationLogEntry
from chargen.infinity_drive.pinned import RaceCopy, humanoid_race, non_humanoid_race
from rules.dice import DiceSpec
from rules.errors import RulesError
from rules.infinity_drive import creation
from rules.infinity_drive.creation import Expect
from rules.infinity_drive.survival import SURVIVAL_DICE


class Kind:
    """The log's row kinds (CreationLogEntry.kind)."""

    CONCEPT = concept_log.CONCEPT  # the name and concept (chargen/infinity_drive/concept_log.py)
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
    # rules/infinity_drive/creation replays it.
    EQUIPMENT_OPTION = part_two_log.EQUIPMENT_OPTION
    BACKGROUND_ROLL = part_two_log.BACKGROUND_ROLL
    CREDITS = part_two_log.CREDITS
    PURCHASE = part_two_log.PURCHASE
    SALE = part_two_log.SALE
    DETAILS = part_two_log.DETAILS
    NOTE = part_two_log.NOTE


@dataclass(frozen=True)
class Replayed:
    """What a row's replay reads: the row, the row before it, and the race in force."""

    entry: CreationLogEntry
    previous: CreationLogEntry | None
    race: RaceCopy | None

    @property
    def payload(self) -> dict[str, Any]:
        # Any: the rules/ step checks each value it is given (rules.inputs).
        return dict(self.entry.payload or {})

    @property
    def faces(self) -> tuple[int, ...]:
        return tuple(self.entry.faces or ())


ReplayAs = Callable[[Replayed], creation.Step | None]


@dataclass(frozen=True)
class StepKind:
    kind: str
    label: str  # the GM's words for the row
    replay: ReplayAs
    answers: frozenset[Expect] = frozenset()
    dice: bool = False
    # Only decisions without dice: "once you choose the system, you must stick to it",
    # and a roll is never taken back.
    undo_words: str = ""  # what "Undo" takes back, when the player may
    # A roll that needs nothing but its dice (no table, no characteristic named): the
    # wizard's one roll action takes it (services_roll.py, views_roll.py), answered on
    # the page of wizard step `page`. A new roll of this sort is a row here and nothing else.
    simple_dice: DiceSpec | None = None
    page: str = ""

    @property
    def undoable(self) -> bool:
        return bool(self.undo_words)


def _payload_text(row: Replayed, key: str) -> str:
    value = row.payload.get(key)
    if not isinstance(value, str):
        raise RulesError(f"A “{row.entry.kind}” step in the log is missing its {key}.")
    return value


def _non_humanoid(row: Replayed) -> creation.Step:
    chosen = (row.entry.payload or {}).get("race", row.race)
    if chosen is None:
        raise RulesError("The non-humanoid race of this character is missing.")
    return non_humanoid_race(chosen)


def _characteristic_roll(row: Replayed) -> creation.Step | None:
    if row.payload.get("characteristic"):
        # A non-humanoid names the characteristic first: its dice depend on it.
        return creation.CharacteristicRolled(_payload_text(row, "characteristic"), row.faces)
    return None  # becomes a step once the player places it


def _characteristic_place(row: Replayed) -> creation.Step:
    previous = row.previous
    if previous is None or previous.kind != Kind.CHARACTERISTIC_ROLL:
        raise RulesError("A characteristic was placed without a roll before it.")
    return creation.CharacteristicRolled(
        _payload_text(row, "characteristic"), tuple(previous.faces or ())
    )


def _race(row: Replayed) -> creation.Step:
    # The race the character has now: a replacement chosen after a rejection stands
    # where the first choice stood, and the later steps replay over it.
    return creation.RaceApplied(humanoid_race(row.race) if row.race is not None else None)


def _table_choice(row: Replayed) -> creation.Step:
    payload = row.payload
    return creation.TableChosen(
        table_slug=_payload_text(row, "table"),
        specialty=str(payload.get("specialty", "")),
        history_reason=str(payload.get("history_reason", "")),
        note=row.entry.history_note,
    )


def _not_a_creation_step(_row: Replayed) -> None:
    return None


def _row(
    kind: str,
    label: str,
    replay: ReplayAs,
    *answers: Expect,
    dice: bool = False,
    undo_words: str = "",
    simple_dice: DiceSpec | None = None,
    page: str = "",
) -> StepKind:
    return StepKind(
        kind,
        label,
        replay,
        frozenset(answers),
        dice=dice or simple_dice is not None,
        undo_words=undo_words,
        simple_dice=simple_dice,
        page=page,
    )


_TABLE = (
    _row(Kind.CONCEPT, "Name and concept", _not_a_creation_step),
    _row(
        Kind.METHOD,
        "Characteristic method",
        lambda r: creation.MethodChosen(creation.Method(_payload_text(r, "method"))),
        Expect.METHOD,
    ),
    _row(Kind.NON_HUMANOID, "Non-humanoid race chosen", _non_humanoid, Expect.METHOD),
    _row(
        Kind.POINT_BUY,
        "Point buy",
        lambda r: creation.PointBuyAssigned.of(r.payload["values"]),
        Expect.POINT_BUY,
        undo_words="the point-buy values",
    ),
    _row(
        Kind.CHARACTERISTIC_ROLL,
        "Characteristic roll",
        _characteristic_roll,
        Expect.CHARACTERISTIC_ROLL,
        dice=True,
    ),
    _row(
        Kind.CHARACTERISTIC_PLACE,
        "Characteristic placed",
        _characteristic_place,
        Expect.CHARACTERISTIC_ROLL,
        undo_words="where the last roll went",
    ),
    _row(Kind.RACE, "Race", _race, Expect.RACE, undo_words="the race choice"),
    _row(Kind.RACE_CHANGE, "Race changed", _not_a_creation_step),
    _row(
        Kind.CAREER,
        "Career",
        lambda r: creation.CareerChosen(_payload_text(r, "career")),
        Expect.CAREER,
        undo_words="the career choice",
    ),
    _row(
        Kind.SPECIALISATION_ROLL,
        "Specialisation roll",
        lambda r: creation.SpecialisationRolled(r.faces),
        Expect.SPECIALISATION_ROLL,
        simple_dice=creation.SPECIALISATION_DICE,
        page="career",
    ),
    _row(
        Kind.SKILL_ROLL,
        "Skill roll",
        lambda r: creation.SkillRolled(r.faces),
        Expect.SKILL_ROLL,
        simple_dice=creation.SKILL_DICE,
        page="skills",
    ),
    _row(
        Kind.SKILL_REROLL,
        "Skill reroll",
        lambda r: creation.Rerolled(_payload_text(r, "table"), r.faces),
        Expect.TABLE_CHOICE,
        dice=True,
    ),
    _row(
        Kind.TABLE_CHOICE,
        "Table choice",
        _table_choice,
        Expect.TABLE_CHOICE,
        undo_words="the last table choice",
    ),
    _row(
        Kind.SURVIVAL_ROLL,
        "Survival roll",
        lambda r: creation.SurvivalRolled(r.faces),
        Expect.SURVIVAL_ROLL,
        simple_dice=SURVIVAL_DICE,
        page="skills",
    ),
    _row(
        Kind.SURVIVAL_OUTCOME,
        "Survival outcome",
        lambda r: creation.SurvivalOutcomeChosen(r.payload["outcome"]),
        Expect.SURVIVAL_OUTCOME,
    ),
    _row(
        Kind.SETBACK,
        "Setback",
        lambda r: creation.SetbackChosen(_payload_text(r, "characteristic")),
        Expect.SETBACK,
        undo_words="the setback choice",
    ),
    # Steps 7 and 8 replay in part_two.py, not in the creation reducer.
    _row(Kind.EQUIPMENT_OPTION, "Equipment option", _not_a_creation_step),
    _row(Kind.BACKGROUND_ROLL, "Background equipment roll", _not_a_creation_step, dice=True),
    _row(Kind.CREDITS, "Credits to spend", _not_a_creation_step),
    _row(Kind.PURCHASE, "Purchase", _not_a_creation_step),
    _row(Kind.SALE, "Sale", _not_a_creation_step),
    _row(Kind.DETAILS, "Age and appearance", _not_a_creation_step),
    _row(Kind.NOTE, "History note edited", _not_a_creation_step),
)

STEP_TABLE: Mapping[str, StepKind] = MappingProxyType({row.kind: row for row in _TABLE})


def step_kind(kind: str) -> StepKind:
    try:
        return STEP_TABLE[kind]
    except KeyError:
        raise RulesError(f"Unknown step “{kind}” in the creation log.") from None


def kinds_answering(expecting: Expect) -> frozenset[str]:
    """The kinds of row that answer what the reducer expects next."""
    return frozenset(row.kind for row in _TABLE if expecting in row.answers)


UNDOABLE_KINDS: frozenset[str] = frozenset(row.kind for row in _TABLE if row.undoable)
UNDO_LABELS: Mapping[str, str] = MappingProxyType(
    {row.kind: row.undo_words for row in _TABLE if row.undoable}
)


def simple_roll(kind: str) -> StepKind | None:
    """The table's row for `kind` when it is a roll of dice alone, else None."""
    row = STEP_TABLE.get(kind)
    return row if row is not None and row.simple_dice is not None else None
