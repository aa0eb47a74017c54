"""The unique-dice pool's exact odds against brute-force enumeration, and the push-luck chance."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from rules import odds
from tests.rules.odds_brute_force import brute_distribution, sums_to_one


@pytest.mark.parametrize("dice", range(1, 7))
def test_unique_pool_distribution_matches_enumeration(dice: int) -> None:
    expected = brute_distribution(dice, 6, lambda faces: sum(set(faces)))

    assert odds.unique_pool_distribution(dice) == expected


def test_unique_pool_largest_pools_stay_in_range() -> None:
    eight = odds.unique_pool_distribution(8)

    assert sums_to_one(eight)
    assert min(eight) == 1
    assert max(eight) == 21
    # Eight dice cannot all differ; the chance that all six numbers show is the
    # inclusion–exclusion count of surjections from 8 dice onto 6 faces.
    surjections = sum((-1) ** k * comb(6, k) * (6 - k) ** 8 for k in range(7))
    assert eight[21] == Fraction(surjections, 6**8)


def test_unique_pool_chance() -> None:
    # Brian's 2 dice reaching 7: (1,6) (2,5) (3,4) and more, counted by enumeration.
    brute = brute_distribution(2, 6, lambda f: int(sum(set(f)) >= 7))

    assert odds.unique_pool_chance(2, 7) == brute[1]


@pytest.mark.parametrize(
    ("held", "chance"),
    [((), 1), ((2, 4, 5), Fraction(1, 2)), ((2, 4, 4, 4, 5, 1), Fraction(1, 3))],
)
def test_push_luck_chance_is_the_share_of_new_numbers(
    held: tuple[int, ...], chance: Fraction
) -> None:
    assert odds.push_luck_chance(held) == chance


def test_leanne_pushing_with_all_six_numbers_held_is_certain_crisis() -> None:
    assert odds.push_luck_chance({1, 2, 3, 4, 5, 6}) == 0
