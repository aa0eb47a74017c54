"""Every public function of rules/ refuses malformed input with a RulesError.

A word where a number belongs, a float, None, a negative count, an unknown choice, a
value built with wrong fields: whatever a caller passes, the only exception that may
escape is a `RulesError` (a message fit for a form field, which the web app already
catches), never a TypeError, KeyError, AttributeError, ZeroDivisionError or a bare
ValueError from an enum.

The public functions are read from each module's `__all__`, with every public method
that takes an argument and every value a caller builds; tests/rules/public_calls*.py
hold one valid call of each, and hypothesis spoils some of its arguments: replaced by
junk, or opened up (a field of a value a caller builds, an item of a list, an entry of
a mapping) and spoiled inside.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil
from collections.abc import Callable, Iterator, Mapping
from enum import Enum
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules import drifting, odds
from rules import roll_and_keep as keep
from rules import unique_pool as pool
from rules.dice import DiceSpec, Roll
from rules.drifting import lifepath_checks, lifepath_preview
from rules.errors import RulesError
from rules.infinity_drive import aliens, characteristics, creation, profile, rulebook, skills
from rules.infinity_drive.codes import CHARACTERISTICS
from rules.infinity_drive.house_rules import HouseRules
from tests.rules import public_calls, public_calls_infinity_drive, public_calls_part_two

CALLS = {
    **public_calls.CALLS,
    **public_calls_infinity_drive.CALLS,
    **public_calls_part_two.CALLS,
}
BOOK = public_calls_infinity_drive.BOOK

# The checks themselves: they refuse by raising, and trust the kinds they are given.
NOT_CHECKED = {
    "rules.inputs",
}

# Values callers build themselves: the test opens them up and spoils their fields.
# Values rules/ makes and hands back (a creation state, a rule book, a token plan) are
# only ever replaced whole.
INPUT_VALUES: tuple[type, ...] = (
    DiceSpec,
    Roll,
    HouseRules,
    profile.Characteristics,
    aliens.Race,
    aliens.NonHumanoidDice,
    aliens.NonHumanoidRace,
    rulebook.ModifierBand,
    rulebook.GradeBand,
    rulebook.TableEntry,
    skills.SkillRank,
    skills.SkillSheet,
    drifting.TokenState,
    drifting.TokenGrant,
    drifting.Lifepath,
    drifting.Assist,
    lifepath_checks.GrantLine,
    lifepath_checks.LifepathLines,
    lifepath_preview.DraftLines,
    pool.PoolSize,
    pool.UniqueRoll,
    pool.CrisisTrack,
    keep.KeptRoll,
    *creation.Step.__args__,
    *public_calls_part_two.INPUT_VALUES,
)

# Classes that are not plain values but check what they are built from.
OTHER_CONSTRUCTORS = {
    "rules.dice.SeededDice",
    "rules.dice.GivenFaces",
    "rules.infinity_drive.autopilot.Autopilot",
}
# Words the rules know, in places they do not belong.
WORDS = (
    *("", " ", "2d6", "0d6", "d0", "30d100", "Mus", "Xyz", "dice", "death", "Military"),
    *("focus", "physical", "academic", "(11)", "((", "None", "Int: 7", "Firearms"),
)
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.sampled_from([-(10**12), 10**12, 2**64]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=10),
    st.binary(max_size=4),
    st.sampled_from(WORDS),
    st.lists(st.integers(-2, 12), max_size=5),
    st.lists(st.text(max_size=3), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(-3, 15), max_size=3),
    st.dictionaries(
        st.sampled_from([*CHARACTERISTICS, "Firearms", "black"]),
        st.one_of(st.integers(-3, 15), st.text(max_size=2), st.none()),
        max_size=4,
    ),
    st.tuples(st.text(max_size=3), st.integers(-3, 15)),
    st.just(object()),
    st.just(Fraction(1, 3)),
)
# A rule data file is looked for only inside the repository.
PATH_JUNK = st.sampled_from(
    [None, 5, Path("fixtures"), Path("fixtures/missing.json"), Path("README.md"), "fixtures"]
)


def rules_modules() -> Iterator[ModuleType]:
    for found in pkgutil.walk_packages(rules.__path__, "rules."):
        if found.name not in NOT_CHECKED:
            yield importlib.import_module(found.name)


def takes_arguments(function: Callable[..., object]) -> bool:
    return any(name not in {"self", "cls"} for name in inspect.signature(function).parameters)


def public_callables() -> set[str]:
    """Every public function, classmethod and method taking an argument, by where it lives."""
    found: set[str] = set()
    for module in rules_modules():
        for name in module.__all__:
            value = getattr(module, name)
            if getattr(value, "__module__", None) != module.__name__:
                continue  # re-exported from where it is defined
            if inspect.isfunction(value):
                found.add(f"{module.__name__}.{name}")
            elif inspect.isclass(value) and not issubclass(value, Enum | BaseException):
                if getattr(value, "_is_protocol", False):
                    continue  # a protocol only describes; its implementations are listed
                for attribute, member in vars(value).items():
                    is_method = inspect.isfunction(member) or isinstance(member, classmethod)
                    method = getattr(value, attribute)
                    if is_method and not attribute.startswith("_") and takes_arguments(method):
                        found.add(f"{module.__name__}.{name}.{attribute}")
    return found


def test_every_module_declares_what_is_public() -> None:
    undeclared = [module.__name__ for module in rules_modules() if not hasattr(module, "__all__")]
    assert undeclared == []


def test_every_public_function_has_a_valid_call_to_spoil() -> None:
    """A new public function must join the calls below, so it is spoiled too."""
    called = {key.split("#")[0] for key in CALLS}
    constructors = {f"{kind.__module__}.{kind.__qualname__}" for kind in INPUT_VALUES}
    steps = {f"{kind.__module__}.{kind.__qualname__}" for kind in creation.Step.__args__}
    assert called - public_callables() - constructors == OTHER_CONSTRUCTORS
    assert public_callables() - called == set()
    # Steps are checked where they are applied, not when they are built.
    assert constructors - called == steps


def can_open(value: object, depth: int) -> bool:
    if depth >= 2:
        return False
    if dataclasses.is_dataclass(value) and isinstance(value, INPUT_VALUES):
        return True
    return isinstance(value, list | tuple | Mapping) and len(value) > 0


def spoiled(value: object, data: st.DataObject, depth: int = 0) -> object:
    """`value` replaced by junk, or opened up and spoiled inside."""
    if not can_open(value, depth) or data.draw(st.booleans()):
        return data.draw(JUNK)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = [field.name for field in dataclasses.fields(value) if field.init]
        chosen = data.draw(st.sets(st.sampled_from(fields), min_size=1))
        changes = {name: spoiled(getattr(value, name), data, depth + 1) for name in chosen}
        # Building the spoiled value is part of the test: it may refuse, with a RulesError.
        return dataclasses.replace(value, **changes)
    if isinstance(value, Mapping):
        entries = dict(value)
        key = data.draw(st.sampled_from(list(entries)))
        if data.draw(st.booleans()):
            entries[key] = spoiled(entries[key], data, depth + 1)
        else:
            entries[data.draw(JUNK.filter(lambda junk: junk.__hash__ is not None))] = entries.pop(
                key
            )
        return entries
    if isinstance(value, list | tuple):
        items = list(value)
        index = data.draw(st.integers(0, len(items) - 1))
        items[index] = spoiled(items[index], data, depth + 1)
        return tuple(items) if isinstance(value, tuple) else items
    return data.draw(JUNK)


@pytest.mark.parametrize("key", sorted(CALLS))
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_malformed_input_is_refused_with_a_rules_error(key: str, data: st.DataObject) -> None:
    try:
        function, arguments = CALLS[key]()
        if arguments:
            names = data.draw(st.sets(st.sampled_from(sorted(arguments)), min_size=1))
            for name in names:
                if name == "path":
                    arguments[name] = data.draw(PATH_JUNK)
                else:
                    arguments[name] = spoiled(arguments[name], data)
        function(**arguments)
    except RulesError:
        pass  # refused, in words a player can read


def wrong(value: object) -> Any:
    """A value of the wrong kind, passed on purpose where the types say otherwise."""
    return value


# The issue's own examples, each with the words the player reads.
EXAMPLES: list[tuple[Callable[[], object], str]] = [
    (lambda: profile.hex_value(wrong(1.5)), "whole number"),
    (lambda: profile.read_hex_value(wrong(None)), "written as text"),
    (
        lambda: characteristics.validate_point_buy(
            {"Mus": wrong("7"), "Grc": 8, "Res": 6, "Int": 9, "Sty": 7, "Chz": 6, "Mtp": 7},
            HouseRules(),
        ),
        "Give Muscle a whole number",
    ),
    (lambda: creation.PointBuyAssigned.of({"Mus": wrong("7")}), "Mus must be a whole number"),
    (
        lambda: creation.apply_step(
            creation.CreationState(), creation.MethodChosen(wrong("telepathy")), rulebook=BOOK
        ),
        "“telepathy” is not a way to make characteristics; choose one of point_buy, dice",
    ),
    (
        lambda: creation.apply_step(
            dataclasses.replace(
                creation.CreationState(), expecting=creation.Expect.SURVIVAL_OUTCOME
            ),
            creation.SurvivalOutcomeChosen(wrong("exile")),
            rulebook=BOOK,
        ),
        "“exile” is not an outcome of a failed survival roll",
    ),
    (
        lambda: characteristics.characteristic_test(characteristic="Mus", value=-1),
        "Muscle cannot be less than 0",
    ),
    (lambda: odds.characteristic_test_chance("2d6", -1), "cannot be less than 0"),
    (lambda: pool.CrisisTrack().boxes("spiritual"), "not a kind of crisis"),
]


@pytest.mark.parametrize(("call", "message"), EXAMPLES)
def test_the_reported_inputs_are_refused_in_words(call: Callable[[], object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        call()


def test_replay_names_the_step_whose_field_is_malformed() -> None:
    race = creation.RaceApplied(wrong("Vessk"))  # a name where a Race belongs
    steps = [*public_calls_infinity_drive.STEPS[:2], race]

    expected = "Step 3: Expected an alien humanoid race"
    with pytest.raises(creation.StepError, match=expected) as error:
        creation.replay(steps, rulebook=BOOK)
    assert error.value.index == 2
