"""The reducer: `apply_step` takes one step or refuses it, `replay` derives a character
from its whole creation log."""

from __future__ import annotations

from collections.abc import Iterable

from rules.errors import RulesError
from rules.infinity_drive.creation.career_steps import (
    on_career_chosen,
    on_rerolled,
    on_skill_rolled,
    on_specialisation_rolled,
    on_table_chosen,
)
from rules.infinity_drive.creation.characteristic_steps import (
    on_characteristic_rolled,
    on_method_chosen,
    on_non_humanoid_chosen,
    on_point_buy_assigned,
    on_race_applied,
)
from rules.infinity_drive.creation.state import EXPECTED_STEP_TYPES, CreationState
from rules.infinity_drive.creation.steps import (
    CareerChosen,
    CharacteristicRolled,
    MethodChosen,
    NonHumanoidChosen,
    PointBuyAssigned,
    RaceApplied,
    Rerolled,
    SkillRolled,
    SpecialisationRolled,
    Step,
    SurvivalOutcomeChosen,
    SurvivalRolled,
    TableChosen,
    checked_step,
)
from rules.infinity_drive.creation.survival_steps import (
    on_setback_chosen,
    on_survival_outcome_chosen,
    on_survival_rolled,
)
from rules.infinity_drive.house_rules import BOOK_DEFAULTS, HouseRules
from rules.infinity_drive.rulebook import Rulebook
from rules.inputs import instance, listed

__all__ = [
    "StepError",
    "apply_step",
    "replay",
]


def apply_step(
    state: CreationState,
    step: Step,
    *,
    rulebook: Rulebook,
    house_rules: HouseRules = BOOK_DEFAULTS,
) -> CreationState:
    """The state after `step`, or a RulesError (the given state is never changed)."""
    instance(state, CreationState, "a character's creation so far")
    instance(rulebook, Rulebook, "the rule book")
    instance(house_rules, HouseRules, "a campaign's house rules")
    step = checked_step(step)
    allowed = EXPECTED_STEP_TYPES[state.expecting]
    if not isinstance(step, allowed):
        raise RulesError(f"Not now: {state.next_step_message}")
    if isinstance(step, NonHumanoidChosen):
        return on_non_humanoid_chosen(state, step, house_rules)
    if isinstance(step, MethodChosen):
        return on_method_chosen(state, step, house_rules)
    if isinstance(step, PointBuyAssigned):
        return on_point_buy_assigned(state, step, house_rules)
    if isinstance(step, CharacteristicRolled):
        return on_characteristic_rolled(state, step, house_rules)
    if isinstance(step, RaceApplied):
        return on_race_applied(state, step, house_rules)
    if isinstance(step, CareerChosen):
        return on_career_chosen(state, step, rulebook)
    if isinstance(step, SpecialisationRolled):
        return on_specialisation_rolled(state, step, rulebook)
    if isinstance(step, SkillRolled):
        return on_skill_rolled(state, step)
    if isinstance(step, Rerolled):
        return on_rerolled(state, step, rulebook)
    if isinstance(step, TableChosen):
        return on_table_chosen(state, step, rulebook, house_rules)
    if isinstance(step, SurvivalRolled):
        return on_survival_rolled(state, step, rulebook, house_rules)
    if isinstance(step, SurvivalOutcomeChosen):
        return on_survival_outcome_chosen(state, step)
    return on_setback_chosen(state, step)


class StepError(RulesError):
    """A step in a creation log that the rules refuse; `index` is its 0-based position."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index


def replay(
    steps: Iterable[Step], *, rulebook: Rulebook, house_rules: HouseRules = BOOK_DEFAULTS
) -> CreationState:
    """Derive a character from its creation log."""
    instance(rulebook, Rulebook, "the rule book")
    instance(house_rules, HouseRules, "a campaign's house rules")
    state = CreationState()
    for index, step in enumerate(listed(steps, "The creation log")):
        try:
            state = apply_step(
                state, checked_step(step), rulebook=rulebook, house_rules=house_rules
            )
        except StepError:
            raise
        except RulesError as error:
            raise StepError(index, f"Step {index + 1}: {error}") from error
    return state
