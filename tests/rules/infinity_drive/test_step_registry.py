"""The step registry: each step type's module declares its handler and what it answers."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from rules.infinity_drive import creation
from rules.infinity_drive.creation.registry import (
    StepContext,
    handles,
    registered_step_types,
)
from rules.infinity_drive.creation.state import EXPECTED_STEP_TYPES, Expect, declare_expectation


def test_every_step_type_has_exactly_one_handler() -> None:
    registered = registered_step_types()
    assert len(registered) == len(set(registered))
    assert set(registered) == set(creation.Step.__args__)


def test_every_expectation_but_the_ends_is_answered_by_some_step_type() -> None:
    unanswered = {expecting for expecting in Expect if not EXPECTED_STEP_TYPES[expecting]}
    assert unanswered == {Expect.COMPLETE, Expect.DEAD}
    every_answer = {kind for kinds in EXPECTED_STEP_TYPES.values() for kind in kinds}
    assert every_answer == set(creation.Step.__args__)


def test_registering_a_step_type_twice_is_refused() -> None:
    def again(
        state: creation.CreationState, step: creation.SkillRolled, context: StepContext
    ) -> creation.CreationState:
        return state

    with pytest.raises(ValueError, match="SkillRolled already has a handler"):
        handles(creation.SkillRolled, answers=(Expect.SKILL_ROLL,))(again)
    assert EXPECTED_STEP_TYPES[Expect.SKILL_ROLL] == (creation.SkillRolled,)


def test_declaring_an_expectation_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="already declared"):
        declare_expectation("skill_roll", "Roll again.")
    assert Expect.SKILL_ROLL.message == "Roll 2d6 for your next skill."


def test_a_step_answering_an_undeclared_expectation_is_refused() -> None:
    @dataclass(frozen=True)
    class Stray:
        faces: tuple[int, ...]

    def stray(
        state: creation.CreationState, step: Stray, context: StepContext
    ) -> creation.CreationState:
        return state

    with pytest.raises(ValueError, match="undeclared expectation"):
        handles(Stray, answers=(Expect("nowhere"),))(stray)  # type: ignore[type-var]
    assert Stray not in registered_step_types()


def test_an_expectation_is_the_string_a_snapshot_stores() -> None:
    assert Expect.METHOD == "method"
    assert Expect.METHOD.value == "method"
    assert type(Expect.METHOD.value) is str
    assert Expect.COMPLETE in set(Expect)
