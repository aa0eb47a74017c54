"""Unique-dice pool odds (seed 001): the Roll Total, a number needed, pushing your luck."""

from __future__ import annotations

from collections.abc import Collection
from fractions import Fraction
from functools import lru_cache

import icepool

from rules.errors import RulesError
from rules.inputs import whole
from rules.odds.distributions import (
    Distribution,
    as_dict,
    chance_at_least,
    cleared_with_the_others,
    from_die,
)
from rules.unique_pool import DIE_SIDES as UNIQUE_POOL_SIDES
from rules.unique_pool import MAX_POOL, MIN_POOL

__all__ = [
    "push_luck_chance",
    "unique_pool_chance",
    "unique_pool_distribution",
]


@cleared_with_the_others
@lru_cache(maxsize=16)
def _unique_pool(dice: int) -> Distribution:
    return from_die(icepool.d(UNIQUE_POOL_SIDES).pool(dice).unique().sum())


def unique_pool_distribution(dice: int) -> dict[int, Fraction]:
    """The Roll Total of `dice` d6s with repeated numbers counted once."""
    whole(dice, "The pool", minimum=MIN_POOL, maximum=MAX_POOL)
    return as_dict(_unique_pool(dice))


def unique_pool_chance(dice: int, needed: int) -> Fraction:
    """The chance the first Roll Total reaches `needed`."""
    whole(needed, "The number needed")
    return chance_at_least(unique_pool_distribution(dice), needed)


def push_luck_chance(faces_held: Collection[int]) -> Fraction:
    """The chance the next pushed die shows a number not already held (no crisis)."""
    if isinstance(faces_held, str | bytes) or not isinstance(faces_held, Collection):
        raise RulesError("The held dice must be a list of numbers from 1 to 6.")
    held: set[int] = set()
    for face in faces_held:
        whole(face, "A held die", minimum=1, maximum=UNIQUE_POOL_SIDES)
        held.add(face)
    return Fraction(UNIQUE_POOL_SIDES - len(held), UNIQUE_POOL_SIDES)
