"""Where a character's creation stands: the state the reducer builds, step by step,
and the step it waits for next (`CreationState.expecting`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import ClassVar

from rules.dice import DiceSpec
from rules.infinity_drive.aliens import NonHumanoidRace, Race
from rules.infinity_drive.characteristics import HUMANOID_MAXIMUM, characteristic_name
from rules.infinity_drive.codes import characteristics_in_play
from rules.infinity_drive.creation.steps import Method
from rules.infinity_drive.house_rules import HouseRules, NonHumanoidMaximum
from rules.infinity_drive.learner import Learner
from rules.infinity_drive.profile import Characteristics
from rules.infinity_drive.rulebook import Learning
from rules.infinity_drive.skills import SkillSheet
from rules.infinity_drive.survival import Setback, SurvivalResult
from rules.inputs import instance, one_of, text

__all__ = [
    "EXPECTED_STEP_TYPES",
    "EXPECT_MESSAGES",
    "GROUP_SIZE",
    "SKILL_DICE",
    "SPECIALISATION_DICE",
    "CreationState",
    "Expect",
    "HistoryEntry",
    "LostRoll",
    "PendingRoll",
    "SkillRollRecord",
    "characteristic_dice",
    "characteristics_to_roll",
]

GROUP_SIZE = 4
SPECIALISATION_DICE = DiceSpec(1, 6)
SKILL_DICE = DiceSpec(2, 6)


class _Expectations(type):
    """Iterating `Expect` gives every expectation declared so far: the book's below and any
    a rule's own module declares (`declare_expectation`), so no list here must grow."""

    def __iter__(cls) -> Iterator[Expect]:
        return iter(tuple(_MESSAGES))

    def __len__(cls) -> int:
        return len(_MESSAGES)


class Expect(str, metaclass=_Expectations):
    """The step the creation is waiting for.

    A string (what a snapshot stores and a template compares), declared once with the
    words telling the player what comes next. Not a closed enum: a new rule's module
    declares its own expectation beside its step's handler without editing this file.
    """

    __slots__ = ()

    METHOD: ClassVar[Expect]
    POINT_BUY: ClassVar[Expect]
    CHARACTERISTIC_ROLL: ClassVar[Expect]
    RACE: ClassVar[Expect]
    CAREER: ClassVar[Expect]
    SPECIALISATION_ROLL: ClassVar[Expect]
    SKILL_ROLL: ClassVar[Expect]
    TABLE_CHOICE: ClassVar[Expect]
    SURVIVAL_ROLL: ClassVar[Expect]
    SURVIVAL_OUTCOME: ClassVar[Expect]
    SETBACK: ClassVar[Expect]
    COMPLETE: ClassVar[Expect]
    DEAD: ClassVar[Expect]

    @property
    def value(self) -> str:
        """The plain string, as the enum this was gave it (snapshots store `.value`)."""
        return str.__str__(self)

    @property
    def message(self) -> str:
        """What the player is told to do next."""
        return _MESSAGES[self]

    def __repr__(self) -> str:
        return f"Expect({str.__repr__(self)})"


# Filled only at import time, by `declare_expectation` and by the step registrations
# (creation/registry.py calls `allow_step`); read through the two read-only views.
_MESSAGES: dict[Expect, str] = {}
_ANSWERED_BY: dict[Expect, tuple[type, ...]] = {}
EXPECT_MESSAGES: Mapping[Expect, str] = MappingProxyType(_MESSAGES)
EXPECTED_STEP_TYPES: Mapping[Expect, tuple[type, ...]] = MappingProxyType(_ANSWERED_BY)


def declare_expectation(name: str, message: str) -> Expect:
    """A new expectation called `name`, telling the player `message`; a name declared
    twice is a programming error (two rules would share one wait)."""
    if name in _MESSAGES:
        raise ValueError(f"The expectation {name!r} is already declared.")
    expectation = Expect(name)
    _MESSAGES[expectation] = message
    _ANSWERED_BY[expectation] = ()  # COMPLETE and DEAD stay so: no step answers them
    return expectation


def allow_step(expecting: Expect, kind: type) -> None:
    """Let a `kind` step answer `expecting`; only `registry.handles` calls this, so the
    allowed steps and their handlers are declared in one place."""
    if expecting not in _ANSWERED_BY:
        raise ValueError(f"{kind.__name__} answers the undeclared expectation {expecting!r}.")
    _ANSWERED_BY[expecting] = (*_ANSWERED_BY[expecting], kind)


Expect.METHOD = declare_expectation(
    "method", "Choose how to generate characteristics: point buy or dice."
)
Expect.POINT_BUY = declare_expectation("point_buy", "Spend your points on your characteristics.")
Expect.CHARACTERISTIC_ROLL = declare_expectation(
    "characteristic_roll", "Roll the next characteristic and choose where it goes."
)
Expect.RACE = declare_expectation("race", "Choose your race (or stay a base humanoid).")
Expect.CAREER = declare_expectation("career", "Choose a career path: Military or Citizen.")
Expect.SPECIALISATION_ROLL = declare_expectation(
    "specialisation_roll", "Roll 1d6 for your specialisation."
)
Expect.SKILL_ROLL = declare_expectation("skill_roll", "Roll 2d6 for your next skill.")
Expect.TABLE_CHOICE = declare_expectation("table_choice", "Choose the table to read your roll on.")
Expect.SURVIVAL_ROLL = declare_expectation(
    "survival_roll", "Roll 2d6 to survive this period of your career."
)
Expect.SURVIVAL_OUTCOME = declare_expectation(
    "survival_outcome", "Your character failed the survival roll: choose death or a setback."
)
Expect.SETBACK = declare_expectation("setback", "Choose the characteristic your setback reduces.")
Expect.COMPLETE = declare_expectation("complete", "Creation is complete.")
Expect.DEAD = declare_expectation("dead", "This character died in their career; start a new one.")


# --- State --------------------------------------------------------------------------


@dataclass(frozen=True)
class HistoryEntry:
    """One piece of history: what happened (`prompt`, written by the engine) and the
    player's own words (`note`)."""

    kind: str  # "career", "skill", "survival", "setback"
    roll_number: int | None
    prompt: str
    note: str = ""


@dataclass(frozen=True)
class LostRoll:
    roll_number: int
    reason: str


@dataclass(frozen=True)
class SkillRollRecord:
    roll_number: int
    group: int
    faces: tuple[int, ...]
    rerolled_faces: tuple[int, ...]
    total: int
    table_slug: str
    learning: Learning
    outcome: str
    lost: bool


@dataclass(frozen=True)
class PendingRoll:
    faces: tuple[int, ...]
    total: int
    first_faces: tuple[int, ...] = ()
    rerolled_skill: str | None = None  # the skill whose prerequisite failed

    @property
    def is_reroll(self) -> bool:
        return self.rerolled_skill is not None


@dataclass(frozen=True)
class CreationState:
    expecting: Expect = Expect.METHOD
    method: Method | None = None
    characteristics: Characteristics = field(default_factory=lambda: Characteristics(()))
    characteristic_rolls: tuple[tuple[str, tuple[int, ...], int], ...] = ()
    race: Race | None = None
    career: str | None = None
    specialisation: str | None = None
    learner: Learner | None = None
    skills: SkillSheet = field(default_factory=SkillSheet)
    rolls_used: int = 0
    rolls_forfeited: int = 0  # taken away by setbacks
    academic_rolls: int = 0
    action_rolls: int = 0
    pending: PendingRoll | None = None
    records: tuple[SkillRollRecord, ...] = ()
    lost_rolls: tuple[LostRoll, ...] = ()
    survival_rolls: tuple[SurvivalResult, ...] = ()
    setbacks: tuple[Setback, ...] = ()
    dead: bool = False
    history: tuple[HistoryEntry, ...] = ()
    events: tuple[str, ...] = ()  # one explanation per step applied, for the player
    non_humanoid: NonHumanoidRace | None = None
    # The campaign's house rule for a non-humanoid's maximum, kept from the step that
    # chose the race: skill-roll options are read from the state alone (the wizard and
    # the autopilot pass no house rules there), and a character's rules never change.
    non_humanoid_maximum: NonHumanoidMaximum = NonHumanoidMaximum.DICE

    @property
    def profile(self) -> str:
        return self.characteristics.profile

    @property
    def learner_type(self) -> str | None:
        return self.learner.learner_type.value if self.learner else None

    @property
    def rolls_total(self) -> int:
        return self.learner.rolls if self.learner else 0

    @property
    def rolls_left(self) -> int:
        return max(0, self.rolls_total - self.rolls_forfeited - self.rolls_used)

    @property
    def current_group(self) -> int:
        """1-based group of four the next (or pending) skill roll belongs to."""
        return self.rolls_used // GROUP_SIZE + 1

    @property
    def index_in_group(self) -> int:
        """1-based position of the next (or pending) skill roll within its group."""
        return self.rolls_used % GROUP_SIZE + 1

    def rolls_on(self, learning: Learning) -> int:
        learning = one_of(learning, Learning, "a side of the tables")
        return self.academic_rolls if learning == Learning.ACADEMIC else self.action_rolls

    @property
    def owed(self) -> dict[Learning, int]:
        """Rolls still owed to each side of the tables."""
        owed = {Learning.ACADEMIC: 0, Learning.ACTION: 0}
        if self.learner and self.learner.quota_side:
            side = self.learner.quota_side
            owed[side] = self.learner.owed(self.rolls_on(side), self.rolls_left)
        return owed

    @property
    def quota_message(self) -> str:
        if not self.learner:
            return ""
        side = self.learner.quota_side
        if side is None:
            return "A balanced learner may use any table."
        owed = self.owed[side]
        if owed == 0:
            return f"Your {side.value} quota is met; any table will do."
        return f"You still owe {owed} {side.value} roll{'s' if owed != 1 else ''}."

    @property
    def is_complete(self) -> bool:
        return self.expecting == Expect.COMPLETE

    @property
    def next_step_message(self) -> str:
        if self.non_humanoid is not None and self.expecting == Expect.CHARACTERISTIC_ROLL:
            waiting = ", ".join(
                f"{characteristic_name(code)} {self.non_humanoid.dice_for(code)}"
                for code, _count in self.non_humanoid.plan.dice
                if code not in self.characteristics
            )
            return (
                f"Choose a characteristic and roll its dice ({self.non_humanoid.name}); "
                f"still to roll: {waiting}."
            )
        return self.expecting.message

    @property
    def race_name(self) -> str:
        """What the character is: a non-humanoid race, an alien humanoid race, or neither."""
        if self.non_humanoid is not None:
            return self.non_humanoid.name
        return self.race.name if self.race else "Humanoid"

    @property
    def skill_notation(self) -> str:
        return self.skills.notation

    @property
    def skill_summary(self) -> str:
        return self.skills.summary

    def maximum(self, code: str) -> int | None:
        """Rule 5's maximum for `code`, or None when a non-humanoid has none (house rule)."""
        text(code, "A characteristic")
        if self.non_humanoid is not None:
            return self.non_humanoid.maximum(code, self.non_humanoid_maximum)
        return self.race.maximum(code) if self.race else HUMANOID_MAXIMUM


def characteristics_to_roll(state: CreationState, house_rules: HouseRules) -> tuple[str, ...]:
    """The characteristics still waiting for a roll, in profile order (a bodiless race's
    Mus, Grc and Res are never rolled)."""
    instance(state, CreationState, "a character's creation so far")
    instance(house_rules, HouseRules, "a campaign's house rules")
    if state.expecting != Expect.CHARACTERISTIC_ROLL:
        return ()
    return tuple(
        code
        for code in characteristics_in_play(house_rules.metaphysical_in_play)
        if code not in state.characteristics
    )


def characteristic_dice(state: CreationState, code: str, house_rules: HouseRules) -> DiceSpec:
    """The dice a roll for `code` uses: the race's d6 for a non-humanoid, else the campaign's."""
    instance(state, CreationState, "a character's creation so far")
    text(code, "A characteristic")
    instance(house_rules, HouseRules, "a campaign's house rules")
    if state.non_humanoid is not None:
        return state.non_humanoid.dice_for(code)
    return house_rules.dice_spec


def noted(state: CreationState, event: str) -> CreationState:
    """`state` with `event` told to the player: one explanation per step applied."""
    return replace(state, events=(*state.events, event))
