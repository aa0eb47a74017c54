"""Which step answers which expectation, and what applies it.

Each handler's module declares, where the handler is written, the step type it applies
and the expectations that step answers (`@handles(StepType, answers=(...))`). The
reducer looks both up here, so a new step is its handler's module (and its data class)
alone: no dispatch chain and no table of allowed steps to extend elsewhere.

Every handler takes the same three arguments, `(state, step, context)`, so the reducer
need not know which of them reads the rule book and which the house rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from rules.dice import DiceSource, DiceSpec
from rules.infinity_drive.creation.state import (
    EXPECTED_STEP_TYPES,
    CreationState,
    Expect,
    allow_step,
)
from rules.infinity_drive.creation.steps import Step
from rules.infinity_drive.house_rules import HouseRules
from rules.infinity_drive.rulebook import Rulebook

__all__ = [
    "StepContext",
]

S = TypeVar("S", bound=Step)


@dataclass(frozen=True)
class StepContext:
    """What a step is applied with besides the state: the rule book and the campaign's
    house rules (a character's rules never change between its steps)."""

    rulebook: Rulebook
    house_rules: HouseRules


Handler = Callable[[CreationState, S, StepContext], CreationState]


@dataclass(frozen=True)
class _Entry:
    kind: type
    answers: tuple[Expect, ...]
    # The handler receives the step it was registered for; stored untyped because one
    # table holds every step type's handler.
    handler: Callable[[CreationState, Any, StepContext], CreationState]
    # For a roll of dice alone, the dice: the step is `build(faces)`, so the autopilot
    # can roll it without a line of its own.
    dice: DiceSpec | None
    build: Callable[..., Step]


# Filled by `handles` at import time (the package's __init__ imports every handler
# module); never changed afterwards.
_ENTRIES: dict[type, _Entry] = {}


def handles(
    kind: type[S], *, answers: tuple[Expect, ...], dice: DiceSpec | None = None
) -> Callable[[Handler[S]], Handler[S]]:
    """Register the decorated function as what applies a `kind` step, allowed while the
    creation expects any of `answers`; `dice` when the step is a roll of those dice alone.
    A step type registered twice is refused: the reducer would not know which to call."""

    def register(handler: Handler[S]) -> Handler[S]:
        if kind in _ENTRIES:
            raise ValueError(f"{kind.__name__} already has a handler.")
        if not answers:
            raise ValueError(f"{kind.__name__} answers no expectation: it could never apply.")
        for answer in answers:
            allow_step(answer, kind)
        _ENTRIES[kind] = _Entry(kind, tuple(answers), handler, dice, kind)
        return handler

    return register


def _entry_for(step: object) -> _Entry | None:
    # The nearest registered class, so a subclass of a step applies as its step did
    # under the isinstance chain this table replaced.
    for kind in type(step).__mro__:
        if kind in _ENTRIES:
            return _ENTRIES[kind]
    return None


def apply_registered(state: CreationState, step: Step, context: StepContext) -> CreationState:
    """`step` applied by its registered handler (the caller has checked it is allowed)."""
    entry = _entry_for(step)
    if entry is None:
        raise LookupError(f"No handler is registered for {type(step).__name__}.")
    return entry.handler(state, step, context)


def steps_answering(expecting: Expect) -> tuple[type, ...]:
    """The step types allowed while the creation expects `expecting`, in registration order."""
    return EXPECTED_STEP_TYPES[expecting]


def registered_step_types() -> tuple[type, ...]:
    return tuple(_ENTRIES)


def rolled_step(expecting: Expect, dice: DiceSource) -> Step | None:
    """The step rolling `dice` for `expecting` when a roll of dice alone answers it, else None."""
    for entry in _ENTRIES.values():
        if entry.dice is not None and expecting in entry.answers:
            return entry.build(dice.faces(entry.dice))
    return None
