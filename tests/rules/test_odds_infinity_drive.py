"""Infinity Drive's exact odds against brute-force enumeration: skill checks, characteristic
tests, opposed checks and survival."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from rules import odds
from rules.dice import DiceSpec
from tests.rules.odds_brute_force import brute_distribution, enumerate_faces

SKILL_DICE = ["1d4", "2d4", "1d6", "2d6", "3d6"]


@pytest.mark.parametrize("dice", SKILL_DICE)
@pytest.mark.parametrize("modifier", [-2, 0, 3, 8])
def test_skill_check_distribution_matches_enumeration(dice: str, modifier: int) -> None:
    spec = DiceSpec.parse(dice)
    expected = brute_distribution(spec.count, spec.sides, lambda faces: sum(faces) + modifier)

    assert odds.skill_check_distribution(dice, modifier) == expected


@pytest.mark.parametrize("dice", SKILL_DICE)
@pytest.mark.parametrize("modifier", [-2, 0, 1, 4])
def test_skill_check_chance_is_nine_or_more(dice: str, modifier: int) -> None:
    spec = DiceSpec.parse(dice)
    wins = brute_distribution(spec.count, spec.sides, lambda f: int(sum(f) + modifier >= 9))

    assert odds.skill_check_chance(dice, modifier) == wins.get(1, 0)


def test_skill_check_known_values() -> None:
    assert odds.skill_check_chance("2d6", 0) == Fraction(10, 36)
    assert odds.skill_check_chance("2d6", 7) == 1
    assert odds.skill_check_chance("1d4", 0) == 0
    assert odds.skill_check_chance("2d6", 0, target=12) == Fraction(1, 36)


@pytest.mark.parametrize("dice", ["1d6", "2d6", "3d6", "4d6", "6d6", "2d6+2"])
@pytest.mark.parametrize("characteristic", [0, 1, 5, 7, 10, 15, 40])
def test_characteristic_test_is_roll_at_most_the_characteristic(
    dice: str, characteristic: int
) -> None:
    spec = DiceSpec.parse(dice)
    passes = brute_distribution(
        spec.count, spec.sides, lambda f: int(sum(f) + spec.bonus <= characteristic)
    )

    assert odds.characteristic_test_chance(dice, characteristic) == passes.get(1, 0)


def test_characteristic_test_automatic_results() -> None:
    # "If the minimum score is above your characteristic then you cannot succeed … while
    # if the maximum score is below your characteristic you automatically succeed."
    assert odds.characteristic_test_chance("6d6", 5) == 0
    assert odds.characteristic_test_chance("1d6", 7) == 1
    assert odds.characteristic_test_chance("2d6", 7) == Fraction(21, 36)


@pytest.mark.parametrize(
    ("dice_a", "mod_a", "dice_b", "mod_b"),
    [("2d6", 0, "2d6", 0), ("2d6", 2, "3d6", -1), ("1d4", 3, "2d4", 0), ("1d6", 0, "3d6", 0)],
)
def test_opposed_skill_check_matches_enumeration(
    dice_a: str, mod_a: int, dice_b: str, mod_b: int
) -> None:
    side_a = DiceSpec.parse(dice_a)
    side_b = DiceSpec.parse(dice_b)
    results: Counter[str] = Counter()
    for faces_a in enumerate_faces(side_a.count, side_a.sides):
        for faces_b in enumerate_faces(side_b.count, side_b.sides):
            difference = (sum(faces_a) + mod_a) - (sum(faces_b) + mod_b)
            results["win" if difference > 0 else "tie" if difference == 0 else "lose"] += 1
    total = side_a.sides**side_a.count * side_b.sides**side_b.count

    win, tie, lose = odds.opposed_skill_check_chance(dice_a, mod_a, dice_b, mod_b)

    assert (win, tie, lose) == (
        Fraction(results["win"], total),
        Fraction(results["tie"], total),
        Fraction(results["lose"], total),
    )
    assert win + tie + lose == 1


def test_equal_opposed_checks_are_symmetric() -> None:
    win, tie, lose = odds.opposed_skill_check_chance("2d6", 1, "2d6", 1)

    assert win == lose
    assert tie == Fraction(146, 1296)


@pytest.mark.parametrize("target", range(1, 13))
def test_survival_needs_strictly_higher_than_the_target(target: int) -> None:
    expected = brute_distribution(2, 6, lambda f: int(sum(f) > target))

    assert odds.survival_chance(target) == expected.get(1, 0)


def test_treva_survival_target_three() -> None:
    assert odds.survival_chance(3) == Fraction(33, 36)
