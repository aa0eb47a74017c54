"""The steps of Infinity Drive creation: one row of the creation log each.

A step is a decision or a roll, as plain data; `rules.infinity_drive.creation.reducer`
says what each does to a character.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from rules.infinity_drive.aliens import NonHumanoidDice, NonHumanoidRace, Race
from rules.infinity_drive.house_rules import SurvivalFailure


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
        return cls(tuple((code, int(value)) for code, value in values.items()))


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
