"""The odds' fast paths — dice totals by convolution, comparisons by one sweep — give
exactly what brute-force enumeration and the slow pairwise comparison give."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import odds
from rules.dice import DiceSpec
from rules.odds.distributions import compare, compare_ways, dice_sum_ways


def enumerated_totals(count: int, sides: int) -> Counter[int]:
    """How many rolls give each total, by rolling every combination of faces."""
    return Counter(sum(faces) for faces in itertools.product(range(1, sides + 1), repeat=count))


def ways_by_formula(count: int, sides: int, total: int) -> int:
    """The ways `count` dice of `sides` sides total `total`, by inclusion–exclusion
    (a formula that shares nothing with the convolution it checks)."""
    over = total - count  # how far above all ones
    return sum(
        (-1) ** taken * comb(count, taken) * comb(over - sides * taken + count - 1, count - 1)
        for taken in range(over // sides + 1)
    )


def pairwise(
    mine: dict[int, Fraction], theirs: dict[int, Fraction]
) -> tuple[Fraction, Fraction, Fraction]:
    """(higher, equal, lower) by trying every pair of outcomes: slow, obviously right."""
    higher = equal = lower = Fraction(0)
    for value, p in mine.items():
        for other, q in theirs.items():
            if value > other:
                higher += p * q
            elif value == other:
                equal += p * q
            else:
                lower += p * q
    return higher, equal, lower


@pytest.mark.parametrize(("count", "sides"), list(itertools.product(range(5), range(1, 7))))
def test_dice_sum_ways_match_enumeration(count: int, sides: int) -> None:
    tally = enumerated_totals(count, sides)

    ways = dice_sum_ways(count, sides)

    assert ways == tuple(tally[total] for total in range(count, count * sides + 1))


def test_dice_sum_ways_at_the_bound_match_the_formula() -> None:
    ways = dice_sum_ways(odds.MAX_DICE_FOR_ODDS, odds.MAX_SIDES_FOR_ODDS)
    count, sides = odds.MAX_DICE_FOR_ODDS, odds.MAX_SIDES_FOR_ODDS

    assert sum(ways) == sides**count
    assert ways == ways[::-1]
    for total in (count, count + 1, count + 99, 1234, 1515, count * sides):
        assert ways[total - count] == ways_by_formula(count, sides, total)


distributions = st.dictionaries(st.integers(-8, 8), st.integers(1, 20), min_size=1, max_size=8).map(
    lambda weights: {k: Fraction(w, sum(weights.values())) for k, w in weights.items()}
)


@given(mine=distributions, theirs=distributions)
def test_compare_matches_every_pair(mine: dict[int, Fraction], theirs: dict[int, Fraction]) -> None:
    assert compare(mine, theirs) == pairwise(mine, theirs)


@given(
    mine=st.dictionaries(st.integers(-5, 5), st.integers(1, 9), min_size=1),
    theirs=st.dictionaries(st.integers(-5, 5), st.integers(1, 9), min_size=1),
)
def test_compare_ways_counts_every_pair(mine: dict[int, int], theirs: dict[int, int]) -> None:
    expected = Counter[str]()
    for (value, count), (other, times) in itertools.product(mine.items(), theirs.items()):
        side = "higher" if value > other else "equal" if value == other else "lower"
        expected[side] += count * times

    result = compare_ways(tuple(sorted(mine.items())), tuple(sorted(theirs.items())))

    assert result == (expected["higher"], expected["equal"], expected["lower"])


dice_expressions = st.builds(
    lambda count, sides, bonus: str(DiceSpec(count, sides, bonus)),
    st.integers(1, 3),
    st.integers(1, 6),
    st.integers(-2, 2),
)


@given(
    dice_a=dice_expressions,
    mod_a=st.integers(-4, 4),
    dice_b=dice_expressions,
    mod_b=st.integers(-4, 4),
)
def test_opposed_check_matches_enumeration(
    dice_a: str, mod_a: int, dice_b: str, mod_b: int
) -> None:
    side_a, side_b = DiceSpec.parse(dice_a), DiceSpec.parse(dice_b)
    results = Counter[str]()
    for faces_a in itertools.product(range(1, side_a.sides + 1), repeat=side_a.count):
        for faces_b in itertools.product(range(1, side_b.sides + 1), repeat=side_b.count):
            difference = (sum(faces_a) + side_a.bonus + mod_a) - (
                sum(faces_b) + side_b.bonus + mod_b
            )
            results["win" if difference > 0 else "tie" if difference == 0 else "lose"] += 1
    rolls = side_a.sides**side_a.count * side_b.sides**side_b.count

    chances = odds.opposed_skill_check_chance(dice_a, mod_a, dice_b, mod_b)

    assert chances == tuple(Fraction(results[side], rolls) for side in ("win", "tie", "lose"))


def test_opposed_check_at_the_bound_is_exact() -> None:
    """30d100 against 30d100: a tie is the same total on both sides, and by symmetry
    each side wins half of the rest."""
    dice = f"{odds.MAX_DICE_FOR_ODDS}d{odds.MAX_SIDES_FOR_ODDS}"
    totals = odds.dice_total_distribution(dice)
    tie = sum(chance * chance for chance in totals.values())

    win, tied, lose = odds.opposed_skill_check_chance(dice, 0, dice, 0)

    assert tied == tie
    assert win == lose == (1 - tie) / 2


@pytest.mark.parametrize(
    ("dice", "modifier", "target"), [("3d6", 2, 9), ("2d6+2", -1, 7), ("30d100", 5, 1500)]
)
def test_chances_agree_with_the_distributions(dice: str, modifier: int, target: int) -> None:
    totals = odds.dice_total_distribution(dice)
    checks = odds.skill_check_distribution(dice, modifier)

    assert odds.characteristic_test_chance(dice, target) == sum(
        p for total, p in totals.items() if total <= target
    )
    assert odds.skill_check_chance(dice, modifier, target) == sum(
        p for total, p in checks.items() if total >= target
    )
    assert odds.survival_chance(target, dice) == sum(
        p for total, p in totals.items() if total > target
    )
