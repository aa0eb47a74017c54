"""What every odds module shares: exact distributions, comparing two, and the caches.

Every chance is an exact `Fraction`; `as_percent` formats one for display.
Distributions are cached as immutable tuples and handed out as fresh dicts, so a
caller that edits its copy cannot corrupt the next caller's odds.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from itertools import accumulate
from math import lcm
from operator import sub
from typing import Protocol, TypeVar

import icepool

from rules.errors import RulesError
from rules.inputs import mapping, whole

__all__ = [
    "Distribution",
    "as_float",
    "as_percent",
    "chance_at_least",
    "chance_at_most",
    "clear_caches",
]

Distribution = tuple[tuple[int, Fraction], ...]
# More decimals than a chance shown to a player ever needs.
MOST_DECIMALS = 10
# (outcome, how many equally likely rolls give it), outcomes ascending.
Ways = tuple[tuple[int, int], ...]


class _Cache(Protocol):
    def cache_clear(self) -> None: ...


Cache = TypeVar("Cache", bound=_Cache)
_CACHES: list[_Cache] = []


def cleared_with_the_others(cache: Cache) -> Cache:
    """Remember an `lru_cache` so `clear_caches` empties every odds cache at once."""
    _CACHES.append(cache)
    return cache


def clear_caches() -> None:
    """Forget cached odds (for the benchmark's cold timings)."""
    for cache in _CACHES:
        cache.cache_clear()


def _chance(chance: object) -> Fraction | int:
    if isinstance(chance, bool) or not isinstance(chance, Fraction | int) or not 0 <= chance <= 1:
        raise RulesError("A chance is a fraction from 0 to 1.")
    return chance


def as_float(chance: Fraction) -> float:
    return float(_chance(chance))


def as_percent(chance: Fraction | int, digits: int = 1) -> str:
    """Format a chance for display, like 41.7%; "0%" and "100%" only when exactly so."""
    chance = _chance(chance)
    whole(digits, "The number of decimals", minimum=0, maximum=MOST_DECIMALS)
    if chance == 0:
        return "0%"
    if chance == 1:
        return "100%"
    text = f"{float(chance) * 100:.{digits}f}"
    # Never show a possible outcome as 0.0% or an uncertain one as 100.0%.
    if float(text) == 0:
        return f"<{10**-digits:g}%"
    if float(text) == 100:
        return f">{100 - 10**-digits:g}%"
    return f"{text}%"


def from_die(die: icepool.Die[int] | object) -> Distribution:
    # icepool types an evaluation as "a Die, or a raw result when given a multiset
    # parameter"; the odds never pass a parameter, so a Die it is.
    assert isinstance(die, icepool.Die)
    denominator = die.denominator()
    return tuple(
        (int(outcome), Fraction(quantity, denominator)) for outcome, quantity in die.items()
    )


def as_dict(distribution: Distribution) -> dict[int, Fraction]:
    return dict(distribution)


def chance_at_least(distribution: Mapping[int, Fraction], target: int) -> Fraction:
    distribution = _distribution(distribution)
    whole(target, "The target")
    return sum((p for outcome, p in distribution.items() if outcome >= target), Fraction(0))


def chance_at_most(distribution: Mapping[int, Fraction], target: int) -> Fraction:
    distribution = _distribution(distribution)
    whole(target, "The target")
    return sum((p for outcome, p in distribution.items() if outcome <= target), Fraction(0))


def dice_sum_ways(count: int, sides: int) -> tuple[int, ...]:
    """How many of the `sides ** count` rolls give each total from `count` to
    `count * sides` (index 0 is the lowest total).

    Adds one die at a time: the ways to reach a total with one more die are the ways to
    reach the `sides` totals just below it, read off running sums as the difference of
    two of them, so 30d100 costs 30 passes over 3,000 totals rather than a product of
    every pair of totals.
    """
    ways: list[int] = [1]  # no dice yet: one way to total nothing
    below = [0] * (sides - 1)
    for _ in range(count):
        # running[i + sides - 1]: the ways of every total under index i, padded on both
        # ends so each new total is one subtraction of two of them.
        running = [*below, 0, *accumulate(ways)]
        running += [running[-1]] * (sides - 1)
        ways = list(map(sub, running[sides:], running[: len(ways) + sides - 1]))
    return tuple(ways)


def compare_ways(mine: Ways, theirs: Ways) -> tuple[int, int, int]:
    """(higher, equal, lower) for two independent distributions given as whole-number
    ways per outcome, outcomes ascending: each count is out of the product of the two
    sides' total ways.

    One sweep up both sides keeps the ways of their outcomes below the current one of
    mine, so the work grows with the number of outcomes, not with its square.
    """
    theirs_total = sum(count for _, count in theirs)
    higher = equal = lower = 0
    below = 0
    index = 0
    for outcome, count in mine:
        while index < len(theirs) and theirs[index][0] < outcome:
            below += theirs[index][1]
            index += 1
        same = theirs[index][1] if index < len(theirs) and theirs[index][0] == outcome else 0
        higher += count * below
        equal += count * same
        lower += count * (theirs_total - below - same)
    return higher, equal, lower


def _as_ways(distribution: Distribution | Mapping[int, Fraction]) -> tuple[Ways, int]:
    """A distribution of exact chances as whole-number ways over one common total."""
    pairs = sorted(distribution.items() if isinstance(distribution, Mapping) else distribution)
    total = lcm(*(chance.denominator for _, chance in pairs))
    ways = tuple(
        (outcome, chance.numerator * (total // chance.denominator)) for outcome, chance in pairs
    )
    return ways, total


def _distribution(distribution: object) -> dict[int, Fraction]:
    """A distribution as given by the odds: whole-number outcomes and their chances."""
    checked: dict[int, Fraction] = {}
    for outcome, chance in mapping(distribution, "A distribution").items():
        checked[whole(outcome, "An outcome")] = Fraction(_chance(chance))
    return checked


def compare(
    mine: Distribution | Mapping[int, Fraction], theirs: Distribution | Mapping[int, Fraction]
) -> tuple[Fraction, Fraction, Fraction]:
    """(higher, equal, lower) for two independent distributions, exactly."""
    mine_ways, mine_total = _as_ways(mine)
    theirs_ways, theirs_total = _as_ways(theirs)
    higher, equal, lower = compare_ways(mine_ways, theirs_ways)
    pairs = mine_total * theirs_total
    return Fraction(higher, pairs), Fraction(equal, pairs), Fraction(lower, pairs)
