"""Brute-force helpers for the odds tests: every face of a small pool enumerated, the exact
distribution it gives, d10 rolls grouped by their faces, a Drifting total, and a check that
a distribution sums to one."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable
from fractions import Fraction
from functools import cache


def enumerate_faces(count: int, sides: int) -> Iterable[tuple[int, ...]]:
    return itertools.product(range(1, sides + 1), repeat=count)


def brute_distribution(
    count: int, sides: int, outcome: Callable[[tuple[int, ...]], int]
) -> dict[int, Fraction]:
    tally = Counter(outcome(faces) for faces in enumerate_faces(count, sides))
    total = sides**count
    return {value: Fraction(times, total) for value, times in tally.items()}


@cache
def d10_multisets(count: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every d10 roll of `count` dice, enumerated, grouped by its sorted faces."""
    tally = Counter(tuple(sorted(faces)) for faces in enumerate_faces(count, 10))
    return tuple(tally.items())


def drifting_total(faces: tuple[int, ...], modifier: int) -> int:
    ordered = sorted(faces)
    return sum(ordered[-2:]) + sum(face // 2 for face in ordered[:-2]) + modifier


def sums_to_one(distribution: dict[int, Fraction]) -> bool:
    return sum(distribution.values()) == 1 and all(p > 0 for p in distribution.values())
