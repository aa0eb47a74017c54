"""Characteristics: profile notation, the modifier table, point buy, dice and tests."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import DiceSpec, SeededDice
from rules.errors import RulesError
from rules.infinity_drive.characteristics import (
    characteristic_modifier,
    characteristic_roll,
    characteristic_test,
    expected_dice_total,
    point_buy_advantage,
    validate_point_buy,
)
from rules.infinity_drive.house_rules import BOOK_DEFAULTS, HouseRules
from rules.infinity_drive.profile import Characteristics, hex_value, read_hex_value
from rules.infinity_drive.rulebook import load_book


@pytest.mark.parametrize(
    ("value", "written"),
    [(0, "0"), (7, "7"), (10, "A"), (12, "C"), (15, "F"), (16, "(10)"), (17, "(11)"), (58, "(3A)")],
)
def test_hex_value_both_ways(value: int, written: str) -> None:
    assert hex_value(value) == written
    assert read_hex_value(written) == value


@pytest.mark.parametrize(
    ("profile", "values"),
    [
        ("76A5877", {"Mus": 7, "Grc": 6, "Res": 10, "Int": 5, "Sty": 8, "Chz": 7, "Mtp": 7}),
        ("58C2874", {"Mus": 5, "Grc": 8, "Res": 12, "Int": 2, "Sty": 8, "Chz": 7, "Mtp": 4}),
        ("7(11)A5877", {"Mus": 7, "Grc": 17, "Res": 10, "Int": 5, "Sty": 8, "Chz": 7, "Mtp": 7}),
    ],
)
def test_profile_reads_and_writes(profile: str, values: dict[str, int]) -> None:
    characteristics = Characteristics.from_profile(profile)
    assert characteristics.as_dict() == values
    assert characteristics.profile == profile


def test_six_figure_profile_without_metaphysical() -> None:
    codes = ("Mus", "Grc", "Res", "Int", "Sty", "Chz")
    assert Characteristics.from_profile("76A587", codes).profile == "76A587"


@pytest.mark.parametrize(
    ("profile", "reason"),
    [
        ("76A587", "has 6 figures"),
        ("76A58777", "has 8 figures"),
        ("76G5877", "not a hexadecimal"),
        ("7(11A5877", "never closed"),
        ("7)6A5877", "never opened"),
        ("7(9)A5877", "only for values of 16"),
        ("", "Type a Character Profile"),
    ],
)
def test_malformed_profiles_are_rejected_with_a_reason(profile: str, reason: str) -> None:
    with pytest.raises(RulesError, match=reason):
        Characteristics.from_profile(profile)


@pytest.mark.parametrize(
    ("value", "modifier"),
    [
        (0, -2),
        (1, -2),
        (2, -1),
        (4, -1),
        (5, 0),
        (7, 0),
        (8, 1),
        (10, 1),
        (11, 2),
        (13, 2),
        (14, 3),
        (17, 3),
        (18, 4),
        (20, 4),
        (21, 5),
        (24, 6),
    ],
)
def test_modifier_table_with_our_ruling_above_17(value: int, modifier: int) -> None:
    assert characteristic_modifier(value) == modifier
    assert characteristic_modifier(value, load_book().modifier_bands) == modifier


def test_rolled_example_is_46_points() -> None:
    assert Characteristics.from_profile("58C2874").total == 46


def test_point_buy_accepts_fifty_points() -> None:
    values = {"Mus": 7, "Grc": 7, "Res": 7, "Int": 8, "Sty": 7, "Chz": 7, "Mtp": 7}
    assert validate_point_buy(values, BOOK_DEFAULTS).total == 50


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"Mus": 2, "Grc": 13}, "above C"),
        ({"Mus": 1, "Grc": 7, "Int": 14}, "below 2"),
        ({"Mus": 6}, "1 is left"),
        ({"Mus": 8}, "only 50"),
    ],
)
def test_point_buy_rejects(change: dict[str, int], reason: str) -> None:
    values = {"Mus": 7, "Grc": 7, "Res": 7, "Int": 8, "Sty": 7, "Chz": 7, "Mtp": 7} | change
    with pytest.raises(RulesError, match=reason):
        validate_point_buy(values, BOOK_DEFAULTS)


def test_point_buy_without_metaphysical_has_six_characteristics() -> None:
    rules = HouseRules(metaphysical_in_play=False)
    values = {"Mus": 7, "Grc": 7, "Res": 7, "Int": 8, "Sty": 7, "Chz": 7}
    assert validate_point_buy(values, rules).profile == "777877"
    with pytest.raises(RulesError, match="not in play"):
        validate_point_buy(values | {"Mtp": 2}, rules)


def test_point_buy_beats_dice_by_the_books_102_percent() -> None:
    assert expected_dice_total(DiceSpec(2, 6), 7) == 49
    assert point_buy_advantage(BOOK_DEFAULTS) == Fraction(50, 49)
    assert round(float(point_buy_advantage(BOOK_DEFAULTS)) * 100) == 102


def test_heroic_dice_expectation() -> None:
    assert expected_dice_total(DiceSpec.parse("2d6+2"), 7) == 63


@given(st.integers(min_value=0, max_value=2**32))
def test_rolled_characteristic_lies_within_bounds(seed: int) -> None:
    for rules in (BOOK_DEFAULTS, HouseRules(characteristic_dice="2d6+2", point_buy_total=60)):
        rolled = characteristic_roll(rules, source=SeededDice(seed))
        assert rules.dice_spec.minimum <= rolled.total <= rules.dice_spec.maximum


@pytest.mark.parametrize(
    ("difficulty", "value", "faces", "success", "automatic"),
    [
        ("Normal", 7, (3, 4), True, False),
        ("Normal", 7, (4, 4), False, False),
        ("Easy", 7, None, True, True),  # 1d6 can never exceed 7
        ("Difficult", 2, None, False, True),  # 3d6 can never be under 3
        ("Near Impossible", 12, (3, 3, 3, 3), True, False),
        ("Impossible!", 5, None, False, True),
        ("impossible", 20, (4, 4, 4, 4, 4, 4), False, False),
    ],
)
def test_characteristic_test(
    difficulty: str, value: int, faces: tuple[int, ...] | None, success: bool, automatic: bool
) -> None:
    result = characteristic_test(
        characteristic="Res",
        value=value,
        difficulty=difficulty,
        faces=faces,
        difficulty_dice=load_book().characteristic_test_dice,
    )
    assert (result.success, result.automatic) == (success, automatic)
    assert "Resilience" in result.explanation


def test_characteristic_test_names_the_bad_die() -> None:
    with pytest.raises(RulesError, match="The 2nd d6 shows 7"):
        characteristic_test(characteristic="Res", value=7, faces=(3, 7))
    with pytest.raises(RulesError, match="not a difficulty"):
        characteristic_test(characteristic="Res", value=7, difficulty="Trivial", faces=(3, 3))


@given(
    value=st.integers(min_value=-5, max_value=40),
    difficulty=st.sampled_from(["Easy", "Normal", "Difficult", "Near Impossible", "Impossible!"]),
    faces=st.lists(st.integers(min_value=-2, max_value=9), max_size=8),
)
def test_characteristic_test_only_raises_rules_errors(
    value: int, difficulty: str, faces: list[int]
) -> None:
    try:
        result = characteristic_test(
            characteristic="Mus", value=value, difficulty=difficulty, faces=faces
        )
    except RulesError:
        return
    if result.total is not None:
        assert result.dice.minimum <= result.total <= result.dice.maximum
