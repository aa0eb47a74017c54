"""What a career means for one character before it is published: each of its tables'
exact chance that the next skill roll lands on a row this character can use, the
chance of surviving a term and what failing it does, from the same rules the wizard
shows beside the roll.

The sample stands where the Planetside tables have opened (after the first group of
four rolls), with the skills every character starts with; a table its learner's quota
closes says so instead of a chance.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.errors import RulesError
from rules.infinity_drive.creation.state import GROUP_SIZE, CreationState, Expect
from rules.infinity_drive.creation.table_view import TableLegality, table_legality
from rules.infinity_drive.house_rules import BOOK_DEFAULTS, HouseRules, SurvivalFailure
from rules.infinity_drive.learner import learner_for
from rules.infinity_drive.profile import Characteristics
from rules.infinity_drive.rulebook import LearnerType, Rulebook
from rules.infinity_drive.skills import starting_skills
from rules.infinity_drive.survival import survival_failure_outcome
from rules.inputs import instance, text
from rules.odds.infinity_drive import survival_chance

__all__ = ["CareerPreview", "career_preview"]


@dataclass(frozen=True)
class CareerPreview:
    career: str
    characteristics: Characteristics
    learner_type: LearnerType
    survival_target: int
    survival_chance: Fraction
    survival_failure: SurvivalFailure  # what failing does, under the campaign's house rules
    survival_failure_is_careers: bool  # the career's own outcome, not the house rule's
    tables: tuple[TableLegality, ...]  # every table of the career, each once


def career_preview(
    rulebook: Rulebook,
    career: str,
    characteristics: Characteristics,
    house_rules: HouseRules = BOOK_DEFAULTS,
) -> CareerPreview:
    """The odds of the career `career` (in `rulebook`) for a character of `characteristics`
    in a campaign of `house_rules`."""
    instance(rulebook, Rulebook, "the rule book")
    text(career, "A career")
    instance(characteristics, Characteristics, "a character's characteristics")
    instance(house_rules, HouseRules, "the house rules")
    if career not in rulebook.careers:
        raise RulesError(f"There is no career called “{career}”.")
    learner = learner_for(characteristics)
    seen: dict[str, TableLegality] = {}
    for specialisation in dict.fromkeys(rulebook.specialisations[career].values()):
        state = CreationState(
            expecting=Expect.SKILL_ROLL,
            characteristics=characteristics,
            career=career,
            specialisation=specialisation,
            learner=learner,
            skills=starting_skills(rulebook),
            rolls_used=GROUP_SIZE,
        )
        for view in table_legality(state, rulebook):
            seen.setdefault(view.table.slug, view)
    target = rulebook.survival_target(career, learner.learner_type)
    return CareerPreview(
        career=career,
        characteristics=characteristics,
        learner_type=learner.learner_type,
        survival_target=target,
        survival_chance=survival_chance(target),
        survival_failure=survival_failure_outcome(
            rulebook=rulebook, career=career, house_rules=house_rules
        ),
        survival_failure_is_careers=career in rulebook.survival_failures,
        tables=tuple(seen.values()),
    )
