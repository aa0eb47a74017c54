"""Drifting's exact token-roll odds against brute-force enumeration, alone and opposed."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from rules import odds
from tests.rules.odds_brute_force import brute_distribution, drifting_total, enumerate_faces


@pytest.mark.parametrize("extra_dice", range(5))  # 2 + 4 = 6 dice, all enumerated
@pytest.mark.parametrize("modifier", range(4))
def test_token_roll_distribution_matches_enumeration(extra_dice: int, modifier: int) -> None:
    expected = brute_distribution(2 + extra_dice, 6, lambda f: drifting_total(f, modifier))

    assert odds.token_roll_distribution(extra_dice, modifier) == expected


def test_jims_firefight_total_is_in_the_distribution() -> None:
    # Five dice 1, 4, 2, 5, 4 with +3 give fifteen.
    distribution = odds.token_roll_distribution(3, 3)

    assert drifting_total((1, 4, 2, 5, 4), 3) == 15
    assert distribution[15] > 0
    assert min(distribution) == 2 + 3
    assert max(distribution) == 6 + 6 + 3 * 3 + 3


def test_plain_token_roll_is_two_d6() -> None:
    assert odds.token_roll_distribution(0, 0) == odds.dice_total_distribution("2d6")
    assert odds.token_roll_chance(0, 0, 7) == Fraction(21, 36)


def test_token_roll_versus_matches_enumeration() -> None:
    results: Counter[str] = Counter()
    for mine in enumerate_faces(3, 6):
        for theirs in enumerate_faces(2, 6):
            difference = drifting_total(mine, 1) - drifting_total(theirs, 2)
            results["win" if difference > 0 else "tie" if difference == 0 else "lose"] += 1
    total = 6**5

    assert odds.token_roll_versus(1, 1, 0, 2) == (
        Fraction(results["win"], total),
        Fraction(results["tie"], total),
        Fraction(results["lose"], total),
    )
