"""The steps of Infinity Drive creation: one row of the creation log each.

A step is a decision or a roll, as plain data; its handler, in the module for its part
of creation, says what it does to a character and registers itself for it
(creation/registry.py), and `rules.infinity_drive.creation.reducer` applies it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum

from rules.errors import RulesError
from rules.infinity_drive.aliens import NonHumanoidDice, NonHumanoidRace, Race
from rules.infinity_drive.house_rules import SurvivalFailure
from rules.inputs import counts_by_name, instance, listed, one_of, optional_instance, text, whole

__all__ = [
    "CareerChosen",
    "CharacteristicRolled",
    "Method",
    "MethodChosen",
    "NonHumanoidChosen",
    "PointBuyAssigned",
    "RaceApplied",
    "Rerolled",
    "SetbackChosen",
    "SkillRolled",
    "SpecialisationRolled",
    "Step",
    "SurvivalOutcomeChosen",
    "SurvivalRolled",
    "TableChosen",
]


class Method(StrEnum):
    POINT_BUY = "point_buy"
    DICE = "dice"
    # Chosen by `NonHumanoidChosen` (which names the race), never by `MethodChosen`.
    NON_HUMANOID = "non_humanoid"


@dataclass(frozen=True)
class MethodChosen:
    method: Method


@dataclass(frozen=True)
class NonHumanoidChosen:
    """Characteristics by a GM's non-humanoid race, chosen before any is rolled: its dice
    decide how many d6 each characteristic rolls."""

    plan: NonHumanoidDice
    name: str
    description: str = ""

    @property
    def race(self) -> NonHumanoidRace:
        return NonHumanoidRace(self.name, self.plan, self.description)


@dataclass(frozen=True)
class PointBuyAssigned:
    values: tuple[tuple[str, int], ...]

    @classmethod
    def of(cls, values: Mapping[str, int]) -> PointBuyAssigned:
        return cls(tuple(counts_by_name(values, "The point-buy values").items()))


@dataclass(frozen=True)
class CharacteristicRolled:
    """One roll of the characteristic dice, put into a characteristic as it is rolled."""

    characteristic: str
    faces: tuple[int, ...]


@dataclass(frozen=True)
class RaceApplied:
    """The character's race: None for the base humanoid."""

    race: Race | None = None


@dataclass(frozen=True)
class CareerChosen:
    career: str


@dataclass(frozen=True)
class SpecialisationRolled:
    faces: tuple[int, ...]


@dataclass(frozen=True)
class SkillRolled:
    faces: tuple[int, ...]


@dataclass(frozen=True)
class Rerolled:
    """Rule 7: the entry on `table_slug` needs a prerequisite the character lacks; roll again."""

    table_slug: str
    faces: tuple[int, ...]


@dataclass(frozen=True)
class TableChosen:
    """Read the pending roll on one table; `history_reason` lets a characteristic pass its
    maximum (rule 5); `note` is the player's history for this roll."""

    table_slug: str
    specialty: str = ""
    history_reason: str = ""
    note: str = ""


@dataclass(frozen=True)
class SurvivalRolled:
    faces: tuple[int, ...]


@dataclass(frozen=True)
class SurvivalOutcomeChosen:
    """After a failed survival roll under the player-choice house rule: death or setback."""

    outcome: SurvivalFailure


@dataclass(frozen=True)
class SetbackChosen:
    characteristic: str


Step = (
    MethodChosen
    | NonHumanoidChosen
    | PointBuyAssigned
    | CharacteristicRolled
    | RaceApplied
    | CareerChosen
    | SpecialisationRolled
    | SkillRolled
    | Rerolled
    | TableChosen
    | SurvivalRolled
    | SurvivalOutcomeChosen
    | SetbackChosen
)


def checked_step(step: object) -> Step:
    """`step` if it is a creation step whose every field is the kind the reducer reads;
    a method or a survival outcome stored as its string becomes that choice."""
    if isinstance(step, MethodChosen):
        return replace(step, method=one_of(step.method, Method, "a way to make characteristics"))
    if isinstance(step, NonHumanoidChosen):
        instance(step.plan, NonHumanoidDice, "a non-humanoid race's dice")
        text(step.name, "The race's name")
        text(step.description, "The race's description")
    elif isinstance(step, PointBuyAssigned):
        for pair in listed(step.values, "The point-buy values"):
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise RulesError("Each point-buy value is a characteristic and a number.")
            whole(pair[1], text(pair[0], "A characteristic"))
    elif isinstance(step, CharacteristicRolled):
        text(step.characteristic, "The characteristic")
        listed(step.faces, "The faces")
    elif isinstance(step, RaceApplied):
        optional_instance(step.race, Race, "an alien humanoid race")
    elif isinstance(step, CareerChosen):
        text(step.career, "The career")
    elif isinstance(step, SpecialisationRolled | SkillRolled | SurvivalRolled):
        listed(step.faces, "The faces")
    elif isinstance(step, Rerolled):
        text(step.table_slug, "The career table")
        listed(step.faces, "The faces")
    elif isinstance(step, TableChosen):
        text(step.table_slug, "The career table")
        text(step.specialty, "The specialty")
        text(step.history_reason, "The history reason")
        text(step.note, "The note")
    elif isinstance(step, SurvivalOutcomeChosen):
        outcome = one_of(step.outcome, SurvivalFailure, "an outcome of a failed survival roll")
        return replace(step, outcome=outcome)
    elif isinstance(step, SetbackChosen):
        text(step.characteristic, "The characteristic")
    else:
        raise RulesError("That is not a step of character creation.")
    return step
