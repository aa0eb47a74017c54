"""Learner type: Int + Sty against Int + Chz, the number of skill rolls and the ¾ quota."""

from __future__ import annotations

from dataclasses import dataclass

from rules.errors import RulesError
from rules.infinity_drive.profile import Characteristics
from rules.infinity_drive.rulebook import LearnerType, Learning
from rules.inputs import instance, one_of, whole

__all__ = ["BALANCED_BONUS_ROLLS", "Learner", "learner_for"]

BALANCED_BONUS_ROLLS = 1


def _ceil_three_quarters(rolls: int) -> int:
    return -(-rolls * 3 // 4)


@dataclass(frozen=True)
class Learner:
    """What kind of learner a character is and what that means for their skill rolls."""

    academic_total: int  # Int + Sty
    action_total: int  # Int + Chz
    learner_type: LearnerType
    rolls: int
    bonus_rolls: int
    quota: int  # rolls that must come from the learner's own side of the tables

    @property
    def quota_side(self) -> Learning | None:
        if self.learner_type == LearnerType.BALANCED:
            return None
        return Learning(self.learner_type.value)

    @property
    def arithmetic(self) -> str:
        """ "13 against 12": the comparison the book makes."""
        return f"Int + Sty = {self.academic_total} against Int + Chz = {self.action_total}"

    def explain(self) -> str:
        if self.learner_type == LearnerType.BALANCED:
            return (
                f"{self.arithmetic}: equal, so a balanced learner with no restrictions and "
                f"{self.rolls} skill rolls ({self.rolls - self.bonus_rolls} plus "
                f"{self.bonus_rolls} bonus roll for being well balanced)."
            )
        return (
            f"{self.arithmetic}: an {self.learner_type.value} learner with {self.rolls} skill "
            f"rolls; at least {self.quota} (¾ of {self.rolls}, rounded up) must come from "
            f"{self.learner_type.value} tables."
        )

    def owed(self, rolls_on_own_side: int, rolls_left: int) -> int:
        """Rolls still owed to the learner's own side (never more than the rolls left)."""
        whole(rolls_on_own_side, "The rolls on your own side", minimum=0)
        whole(rolls_left, "The rolls left", minimum=0)
        return max(0, min(self.quota - rolls_on_own_side, rolls_left))

    def may_use(self, learning: Learning, rolls_on_own_side: int, rolls_left: int) -> str:
        """Empty if a roll on `learning` tables is allowed now, else the reason it is not."""
        learning = one_of(learning, Learning, "a side of the tables")
        whole(rolls_on_own_side, "The rolls on your own side", minimum=0)
        whole(rolls_left, "The rolls left", minimum=0)
        side = self.quota_side
        if side is None or learning == side:
            return ""
        if rolls_left < 1:
            return "You have no skill rolls left."
        owed = self.owed(rolls_on_own_side, rolls_left)
        if rolls_left - 1 < owed:
            return f"You still owe {owed} {side.value} roll{'s' if owed != 1 else ''}."
        return ""


def learner_for(characteristics: Characteristics) -> Learner:
    """Decide the learner type from the characteristics as they stand before skill rolls."""
    instance(characteristics, Characteristics, "a character's characteristics")
    try:
        intellect = characteristics["Int"]
        sanity = characteristics["Sty"]
        chutzpah = characteristics["Chz"]
    except RulesError as error:
        raise RulesError("Learner type needs Int, Sty and Chz.") from error
    academic_total = intellect + sanity
    action_total = intellect + chutzpah
    if academic_total > action_total:
        return Learner(
            academic_total,
            action_total,
            LearnerType.ACADEMIC,
            academic_total,
            0,
            _ceil_three_quarters(academic_total),
        )
    if action_total > academic_total:
        return Learner(
            academic_total,
            action_total,
            LearnerType.ACTION,
            action_total,
            0,
            _ceil_three_quarters(action_total),
        )
    return Learner(
        academic_total,
        action_total,
        LearnerType.BALANCED,
        academic_total + BALANCED_BONUS_ROLLS,
        BALANCED_BONUS_ROLLS,
        0,
    )
