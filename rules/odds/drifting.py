"""Drifting odds (seed 000): a token roll's total, a target, and two rolls opposed."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import cast

import icepool

from rules.inputs import whole
from rules.odds.distributions import (
    Distribution,
    chance_at_least,
    cleared_with_the_others,
    compare,
    from_die,
)

__all__ = [
    "DRIFTING_BASE_DICE",
    "DRIFTING_MAX_MODIFIER",
    "DRIFTING_SIDES",
    "MAX_DRIFTING_EXTRA_DICE",
    "token_roll_chance",
    "token_roll_distribution",
    "token_roll_versus",
]

# 3 depleted tokens plus assisting dice is far below this; more is a typo, not a roll.
MAX_DRIFTING_EXTRA_DICE = 10
DRIFTING_BASE_DICE = 2
DRIFTING_MAX_MODIFIER = 3
DRIFTING_SIDES = 6


class _TokenTotal(icepool.MultisetEvaluator[int, int]):
    """Highest two dice at face value, the rest halved rounding down (seed 000).

    Reads the pool from the highest face down, so the first two dice it meets are
    the kept pair; far faster than expanding every sorted roll of a large pool.
    """

    def initial_state(
        self,
        order: icepool.Order,
        outcomes: Sequence[int],
        /,
        *sizes: int | None,
        **kwargs: Hashable,
    ) -> tuple[int, int]:
        if order != icepool.Order.Descending:
            raise icepool.UnsupportedOrder
        return (0, 0)

    def next_state(
        self, state: Hashable, order: icepool.Order, outcome: int, /, *counts: int
    ) -> tuple[int, int]:
        if order != icepool.Order.Descending:
            raise icepool.UnsupportedOrder
        kept_whole, total = _as_state(state)
        (count,) = counts  # one pool, so one count
        whole = min(count, DRIFTING_BASE_DICE - kept_whole)
        halved = count - whole
        return kept_whole + whole, total + whole * outcome + halved * (outcome // 2)

    def final_outcome(
        self,
        final_state: Hashable,
        order: icepool.Order,
        outcomes: tuple[int, ...],
        /,
        *sizes: int | None,
        **kwargs: Hashable,
    ) -> int:
        return _as_state(final_state)[1]


def _as_state(state: Hashable) -> tuple[int, int]:
    """icepool types a state as any Hashable; ours is always (dice kept whole, total)."""
    return cast(tuple[int, int], state)


_TOKEN_TOTAL = _TokenTotal()


@cleared_with_the_others
@lru_cache(maxsize=64)
def _token_roll(extra_dice: int) -> Distribution:
    pool = icepool.d(DRIFTING_SIDES).pool(DRIFTING_BASE_DICE + extra_dice)
    return from_die(_TOKEN_TOTAL.evaluate(pool))


def _check_token_inputs(extra_dice: int, modifier: int) -> None:
    whole(extra_dice, "Extra dice", minimum=0, maximum=MAX_DRIFTING_EXTRA_DICE)
    whole(modifier, "The token modifier", minimum=0, maximum=DRIFTING_MAX_MODIFIER)


def token_roll_distribution(extra_dice: int, modifier: int) -> dict[int, Fraction]:
    """A Drifting roll: 2 + extra d6 (depleted tokens and assisting dice), the highest two
    at face value, the rest halved rounding down, plus the token modifier (0–3)."""
    _check_token_inputs(extra_dice, modifier)
    return {total + modifier: p for total, p in _token_roll(extra_dice)}


def token_roll_chance(extra_dice: int, modifier: int, target: int) -> Fraction:
    """The chance a Drifting roll totals `target` or more."""
    whole(target, "The target")
    return chance_at_least(token_roll_distribution(extra_dice, modifier), target)


def token_roll_versus(
    extra_dice: int, modifier: int, opponent_extra_dice: int, opponent_modifier: int
) -> tuple[Fraction, Fraction, Fraction]:
    """(win, tie, lose) for two opposed Drifting rolls, compared on their totals."""
    _check_token_inputs(extra_dice, modifier)
    _check_token_inputs(opponent_extra_dice, opponent_modifier)
    return _token_versus(extra_dice, modifier, opponent_extra_dice, opponent_modifier)


@cleared_with_the_others
@lru_cache(maxsize=1024)
def _token_versus(
    extra_dice: int, modifier: int, opponent_extra_dice: int, opponent_modifier: int
) -> tuple[Fraction, Fraction, Fraction]:
    return compare(
        token_roll_distribution(extra_dice, modifier),
        token_roll_distribution(opponent_extra_dice, opponent_modifier),
    )
