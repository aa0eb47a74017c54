"""The odds functions' input validation: no input crashes except with a rules error, bad
parameters are explained, and chances are written as percentages."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import odds
from rules.errors import RulesError

anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.lists(st.integers(), max_size=3),
    st.sampled_from(["2d6", "3d6+1", "d4", "0d6", "2d0", "999d6", "1d999", "2x6"]),
)

PUBLIC_ODDS: list[tuple[Callable[..., object], int]] = [
    (odds.characteristic_test_chance, 2),
    (odds.skill_check_distribution, 2),
    (odds.skill_check_chance, 3),
    (odds.opposed_skill_check_chance, 4),
    (odds.survival_chance, 2),
    (odds.dice_total_distribution, 1),
    (odds.token_roll_distribution, 2),
    (odds.token_roll_chance, 3),
    (odds.token_roll_versus, 4),
    (odds.unique_pool_distribution, 1),
    (odds.unique_pool_chance, 2),
    (odds.roll_and_keep_successes, 3),
    (odds.roll_and_keep_chance, 4),
    (odds.roll_and_keep_botch_chance, 2),
    (odds.roll_and_keep_contest, 5),
    (odds.roll_and_keep_degrees, 3),
    (odds.push_luck_chance, 1),
    (odds.as_percent, 1),
]


@pytest.mark.parametrize(
    ("function", "arity"), PUBLIC_ODDS, ids=[f.__name__ for f, _ in PUBLIC_ODDS]
)
@given(data=st.data())
def test_no_input_crashes_except_with_a_rules_error(
    function: Callable[..., object], arity: int, data: st.DataObject
) -> None:
    arguments = [data.draw(anything) for _ in range(arity)]
    # Returning normally is fine too; any exception but a RulesError fails the test.
    with contextlib.suppress(RulesError):
        function(*arguments)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: odds.skill_check_chance("2x6", 0), "not a dice expression"),
        (lambda: odds.skill_check_chance("0d6", 0), "rolls no dice"),
        (lambda: odds.characteristic_test_chance("500d6", 7), "too many dice"),
        (lambda: odds.unique_pool_distribution(9), "more than 8"),
        (lambda: odds.unique_pool_distribution(0), "less than 1"),
        (lambda: odds.token_roll_distribution(-1, 0), "less than 0"),
        (lambda: odds.token_roll_distribution(1, 4), "more than 3"),
        (lambda: odds.roll_and_keep_successes(-2, 1, 6), "less than 1"),
        (lambda: odds.roll_and_keep_successes(3, 0, 6), "less than 1"),
        (lambda: odds.roll_and_keep_botch_chance(3, -1), "less than 0"),
        (lambda: odds.push_luck_chance([7]), "more than 6"),
        (lambda: odds.skill_check_chance("2d6", 1.5), "whole number"),  # type: ignore[arg-type]
    ],
)
def test_bad_parameters_are_explained(call: Callable[[], object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        call()


def test_push_luck_chance_refuses_what_is_not_a_face() -> None:
    with pytest.raises(RulesError):
        odds.push_luck_chance(["x"])  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("chance", "text"),
    [
        (Fraction(0), "0%"),
        (Fraction(1), "100%"),
        (Fraction(5, 12), "41.7%"),
        (Fraction(1, 10**6), "<0.1%"),
        (1 - Fraction(1, 10**6), ">99.9%"),
    ],
)
def test_as_percent(chance: Fraction, text: str) -> None:
    assert odds.as_percent(chance) == text
    assert odds.as_float(chance) == float(chance)
