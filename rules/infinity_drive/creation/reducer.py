"""The reducer: `apply_step` takes one step or refuses it, `replay` derives a character
from its whole creation log."""

from __future__ import annotations

from collections.abc import Iterable

from rules.errors import RulesError
from rules.infinity_drive.creation.registry import (
    StepContext,
    apply_registered,
    steps_answering,
)
from rules.infinity_drive.creation.state import CreationState
from rules.infinity_drive.creation.steps import Step, checked_step
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
    # The step's own module registered the expectations it answers and its handler
    # (creation/registry.py), so no list of step types lives here.
    if not isinstance(step, steps_answering(state.expecting)):
        raise RulesError(f"Not now: {state.next_step_message}")
    return apply_registered(state, step, StepContext(rulebook, house_rules))


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
