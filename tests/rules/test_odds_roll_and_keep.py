"""Roll and keep's exact odds against brute-force enumeration: successes, botches, degrees and
contests."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from rules import odds
from rules.roll_and_keep import resolve_roll_and_keep
from tests.rules.odds_brute_force import d10_multisets


@pytest.mark.parametrize("rolled", range(1, 6))
@pytest.mark.parametrize("strictly_over", [False, True])
def test_roll_and_keep_successes_match_enumeration(rolled: int, strictly_over: bool) -> None:
    for kept in range(1, rolled + 2):
        for difficulty in range(0, 12):
            tally: Counter[int] = Counter()
            for faces, times in d10_multisets(rolled):
                result = resolve_roll_and_keep(
                    faces, keep=kept, difficulty=difficulty, strictly_over=strictly_over
                )
                tally[result.successes] += times
            expected = {s: Fraction(n, 10**rolled) for s, n in tally.items()}

            assert (
                odds.roll_and_keep_successes(rolled, kept, difficulty, strictly_over=strictly_over)
                == expected
            ), (rolled, kept, difficulty)


@pytest.mark.parametrize("rolled", range(1, 6))
@pytest.mark.parametrize("strictly_over", [False, True])
def test_botch_chance_matches_enumeration(rolled: int, strictly_over: bool) -> None:
    for difficulty in range(0, 12):
        botches = sum(
            times
            for faces, times in d10_multisets(rolled)
            if resolve_roll_and_keep(
                faces, keep=1, difficulty=difficulty, strictly_over=strictly_over
            ).botch
        )

        assert odds.roll_and_keep_botch_chance(
            rolled, difficulty, strictly_over=strictly_over
        ) == Fraction(botches, 10**rolled), (rolled, difficulty)


@pytest.mark.parametrize(
    ("rolled", "kept", "difficulty"), [(3, 2, 7), (5, 5, 3), (4, 1, 10), (1, 1, 1)]
)
def test_roll_and_keep_degrees_match_enumeration(rolled: int, kept: int, difficulty: int) -> None:
    tally: Counter[str] = Counter()
    for faces, times in d10_multisets(rolled):
        tally[resolve_roll_and_keep(faces, keep=kept, difficulty=difficulty).degree] += times
    expected = {degree: Fraction(n, 10**rolled) for degree, n in tally.items()}

    assert odds.roll_and_keep_degrees(rolled, kept, difficulty) == expected


def test_roll_and_keep_known_values() -> None:
    # One die at Virtually impossible: only a 10 (by default) succeeds.
    assert odds.roll_and_keep_chance(1, 1, 10) == Fraction(1, 10)
    assert odds.roll_and_keep_chance(1, 1, 10, strictly_over=True) == 0
    # Difficulty 2 from Acuity 2: only a 1 fails, and a 1 alone is a botch.
    assert odds.roll_and_keep_botch_chance(5, 2) == Fraction(1, 10**5)
    assert odds.roll_and_keep_chance(3, 3, 7, needed=3) == Fraction(64, 1000)


def test_roll_and_keep_contest_matches_enumeration() -> None:
    first = odds.roll_and_keep_successes(3, 2, 7)
    second = odds.roll_and_keep_successes(2, 2, 7)
    win = sum((p * q for a, p in first.items() for b, q in second.items() if a > b), Fraction(0))
    tie = sum((p * q for a, p in first.items() for b, q in second.items() if a == b), Fraction(0))

    assert odds.roll_and_keep_contest(3, 2, 2, 2, 7) == (win, tie, 1 - win - tie)
