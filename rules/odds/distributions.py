"""What every odds module shares: exact distributions, comparing two, and the caches.

Every chance is an exact `Fraction`; `as_percent` formats one for display.
Distributions are cached as immutable tuples and handed out as fresh dicts, so a
caller that edits its copy cannot corrupt the next caller's odds.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Protocol, TypeVar

import icepool

from rules.errors import RulesError

Distribution = tuple[tuple[int, Fraction], ...]


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


def as_float(chance: Fraction) -> float:
    return float(chance)


def as_percent(chance: Fraction | int, digits: int = 1) -> str:
    """Format a chance for display, like 41.7%; "0%" and "100%" only when exactly so."""
    if isinstance(chance, bool) or not isinstance(chance, Fraction | int) or not 0 <= chance <= 1:
        raise RulesError("A chance is a fraction from 0 to 1.")
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


def whole(value: int, what: str, *, minimum: int | None = None, maximum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{what} must be a whole number.")
    if minimum is not None and value < minimum:
        raise RulesError(f"{what} cannot be less than {minimum}.")
    if maximum is not None and value > maximum:
        raise RulesError(f"{what} cannot be more than {maximum}.")
    return value


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
    return sum((p for outcome, p in distribution.items() if outcome >= target), Fraction(0))


def chance_at_most(distribution: Mapping[int, Fraction], target: int) -> Fraction:
    return sum((p for outcome, p in distribution.items() if outcome <= target), Fraction(0))


def compare(
    mine: Distribution | Mapping[int, Fraction], theirs: Distribution | Mapping[int, Fraction]
) -> tuple[Fraction, Fraction, Fraction]:
    """(higher, equal, lower) for two independent distributions."""
    mine_pairs = mine.items() if isinstance(mine, Mapping) else mine
    theirs_pairs = tuple(theirs.items() if isinstance(theirs, Mapping) else theirs)
    higher = equal = lower = Fraction(0)
    for value, p in mine_pairs:
        for other, q in theirs_pairs:
            if value > other:
                higher += p * q
            elif value == other:
                equal += p * q
            else:
                lower += p * q
    return higher, equal, lower
