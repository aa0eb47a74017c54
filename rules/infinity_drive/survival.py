"""Career survival (optional rule): after each group of four rolls, 2d6 must beat a target."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.dice import SECURE_DICE, DiceSource, DiceSpec, Roll, check_faces, dice_source, roll
from rules.errors import RulesError
from rules.infinity_drive.characteristics import characteristic_name
from rules.infinity_drive.house_rules import HouseRules, SurvivalFailure
from rules.infinity_drive.profile import Characteristics
from rules.infinity_drive.rulebook import LearnerType, Rulebook
from rules.inputs import flag, instance, listed, one_of, text, whole

__all__ = [
    "LOWEST_AFTER_SETBACK",
    "SURVIVAL_DICE",
    "Setback",
    "SurvivalResult",
    "apply_setback",
    "survival_check",
    "survival_failure_outcome",
]

SURVIVAL_DICE = DiceSpec(2, 6)
LOWEST_AFTER_SETBACK = 1


@dataclass(frozen=True)
class SurvivalResult:
    career: str
    learner_type: LearnerType
    target: int
    faces: tuple[int, ...]
    total: int
    survived: bool
    explanation: str


def survival_check(
    *,
    career: str,
    learner_type: LearnerType | str,
    rulebook: Rulebook,
    faces: Sequence[int] | None = None,
    source: DiceSource = SECURE_DICE,
    entered: bool = False,
) -> SurvivalResult:
    """ "You must roll higher than the number listed" for career × learner type.

    Given faces may come from the server's log or from a player's physical dice;
    only the caller knows which, so it says so with `entered`.
    """
    text(career, "The career")
    learner_type = one_of(learner_type, LearnerType, "a learner type")
    instance(rulebook, Rulebook, "the rule book")
    flag(entered, "Whether the dice were entered")
    if faces is not None:
        listed(faces, "The faces")
    source = dice_source(source)
    target = rulebook.survival_target(career, learner_type)
    if faces is None:
        rolled = roll(SURVIVAL_DICE, source)
    else:
        rolled = Roll(SURVIVAL_DICE, check_faces(SURVIVAL_DICE, faces), entered=entered)
    survived = rolled.total > target
    # A failed roll is not death yet: the campaign (or the player) decides between death
    # and a setback, and the step that follows says which.
    verdict = "survived" if survived else "failed"
    return SurvivalResult(
        career,
        learner_type,
        target,
        rolled.faces,
        rolled.total,
        survived,
        f"Survival: {rolled.describe()} against {target} ({career} {learner_type.value} must "
        f"roll higher): {verdict}.",
    )


def survival_failure_outcome(
    *, rulebook: Rulebook, career: str, house_rules: HouseRules
) -> SurvivalFailure:
    """What a failed survival roll does in `career`: the career's own outcome where its
    GM set one (a homebrew career), else the campaign's house rule, as for the book's
    careers (docs/rulings.md, "A failed survival roll, career by career")."""
    instance(rulebook, Rulebook, "the rule book")
    text(career, "The career")
    instance(house_rules, HouseRules, "the house rules")
    return rulebook.survival_failures.get(career, house_rules.survival_failure)


@dataclass(frozen=True)
class Setback:
    characteristic: str
    amount: int
    rolls_lost: int
    characteristics: Characteristics
    explanation: str

    @property
    def effect(self) -> str:
        """What the setback cost: "one fewer skill roll and Mus −1 (13 → 12)"."""
        lowered = self.characteristics[self.characteristic]
        cost = "one fewer skill roll and " if self.rolls_lost else "no skill rolls left, so "
        return f"{cost}{self.characteristic} −{self.amount} ({lowered + self.amount} → {lowered})"


def apply_setback(
    characteristics: Characteristics, characteristic: str, rolls_left: int
) -> Setback:
    """One fewer roll and −1 to a characteristic, or −2 when no rolls remain."""
    instance(characteristics, Characteristics, "a character's characteristics")
    text(characteristic, "The characteristic")
    whole(rolls_left, "The rolls left", minimum=0)
    if characteristic not in characteristics:
        raise RulesError(f"Choose a characteristic this character has, not “{characteristic}”.")
    amount = 1 if rolls_left > 0 else 2
    value = characteristics[characteristic]
    if value - amount < LOWEST_AFTER_SETBACK:
        raise RulesError(
            f"{characteristic_name(characteristic)} is {value}; losing {amount} would take it "
            "below 1. Choose another characteristic."
        )
    lost = 1 if rolls_left > 0 else 0
    lowered = characteristics.changed(characteristic, -amount)
    unexplained = Setback(characteristic, amount, lost, lowered, "")
    return replace(unexplained, explanation=f"Setback: {unexplained.effect}.")
