"""Creation steps for career survival (an optional rule): the roll after each group of
four, and a failure's death or setback."""

from __future__ import annotations

from dataclasses import replace

from rules.dice import DiceSpec, check_faces
from rules.errors import RulesError
from rules.infinity_drive.creation.registry import StepContext, handles
from rules.infinity_drive.creation.state import (
    SKILL_DICE,
    CreationState,
    Expect,
    HistoryEntry,
    noted,
)
from rules.infinity_drive.creation.steps import (
    SetbackChosen,
    SurvivalOutcomeChosen,
    SurvivalRolled,
)
from rules.infinity_drive.house_rules import SurvivalFailure
from rules.infinity_drive.survival import (
    apply_setback,
    survival_check,
    survival_failure_outcome,
)

# Nothing public: each step is applied through `apply_step` (creation/reducer.py), which
# finds these handlers by their `@handles` registrations.
__all__: list[str] = []


@handles(SurvivalRolled, answers=(Expect.SURVIVAL_ROLL,), dice=SKILL_DICE)
def on_survival_rolled(
    state: CreationState, step: SurvivalRolled, context: StepContext
) -> CreationState:
    assert state.career is not None
    assert state.learner is not None
    result = survival_check(
        career=state.career,
        learner_type=state.learner.learner_type,
        rulebook=context.rulebook,
        faces=check_faces(DiceSpec(2, 6), step.faces),
    )
    rolled = replace(state, survival_rolls=(*state.survival_rolls, result))
    if result.survived:
        following = Expect.SKILL_ROLL if state.rolls_left > 0 else Expect.COMPLETE
        return noted(replace(rolled, expecting=following), result.explanation)
    # A homebrew career may say what failing does in it; the book's follow the campaign.
    outcome = survival_failure_outcome(
        rulebook=context.rulebook, career=state.career, house_rules=context.house_rules
    )
    if outcome == SurvivalFailure.DEATH:
        return _dies(rolled, result.explanation)
    if outcome == SurvivalFailure.SETBACK:
        return noted(replace(rolled, expecting=Expect.SETBACK), result.explanation)
    return noted(replace(rolled, expecting=Expect.SURVIVAL_OUTCOME), result.explanation)


def _dies(state: CreationState, explanation: str) -> CreationState:
    prompt = (
        f"Your character died during their {state.specialisation} career after "
        f"{state.rolls_used} skill rolls. {explanation}"
    )
    return noted(
        replace(
            state,
            dead=True,
            expecting=Expect.DEAD,
            history=(*state.history, HistoryEntry("survival", None, prompt)),
        ),
        f"{explanation} The character dies.",
    )


@handles(SetbackChosen, answers=(Expect.SETBACK,))
def on_setback_chosen(
    state: CreationState, step: SetbackChosen, context: StepContext
) -> CreationState:
    setback = apply_setback(state.characteristics, step.characteristic, state.rolls_left)
    updated = replace(
        state,
        characteristics=setback.characteristics,
        rolls_forfeited=state.rolls_forfeited + setback.rolls_lost,
        setbacks=(*state.setbacks, setback),
        history=(
            *state.history,
            HistoryEntry(
                "setback",
                None,
                f"{setback.explanation} What went wrong in your {state.specialisation} career?",
            ),
        ),
    )
    following = Expect.SKILL_ROLL if updated.rolls_left > 0 else Expect.COMPLETE
    return noted(replace(updated, expecting=following), setback.explanation)


@handles(SurvivalOutcomeChosen, answers=(Expect.SURVIVAL_OUTCOME,))
def on_survival_outcome_chosen(
    state: CreationState, step: SurvivalOutcomeChosen, context: StepContext
) -> CreationState:
    outcome = SurvivalFailure(step.outcome)
    if outcome == SurvivalFailure.DEATH:
        return _dies(state, "You chose death.")
    if outcome == SurvivalFailure.SETBACK:
        return noted(replace(state, expecting=Expect.SETBACK), "You chose a setback.")
    raise RulesError("Choose death or a setback.")
