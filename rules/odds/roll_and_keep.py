"""Roll-and-keep odds (seed 004): successes, degrees, botches and directly opposed actions."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import icepool

from rules.inputs import whole
from rules.odds.distributions import (
    Distribution,
    as_dict,
    chance_at_least,
    cleared_with_the_others,
    compare,
    from_die,
)
from rules.roll_and_keep import DIE_SIDES as ROLL_AND_KEEP_SIDES
from rules.roll_and_keep import degree_of_success

__all__ = [
    "MAX_ROLL_AND_KEEP_DICE",
    "roll_and_keep_botch_chance",
    "roll_and_keep_chance",
    "roll_and_keep_contest",
    "roll_and_keep_degrees",
    "roll_and_keep_successes",
]

# Beyond this, an odds request is a typo or an attack, not a table situation.
MAX_ROLL_AND_KEEP_DICE = 30


def _success_face_count(difficulty: int, strictly_over: bool) -> int:
    lowest_success = difficulty + 1 if strictly_over else difficulty
    lowest_success = max(lowest_success, 1)
    return max(ROLL_AND_KEEP_SIDES - lowest_success + 1, 0)


def _check_roll_and_keep(rolled: int, difficulty: int) -> None:
    whole(rolled, "Dice rolled", minimum=1, maximum=MAX_ROLL_AND_KEEP_DICE)
    whole(difficulty, "The difficulty", minimum=0)


@cleared_with_the_others
@lru_cache(maxsize=2048)
def _roll_and_keep(rolled: int, kept: int, difficulty: int, strictly_over: bool) -> Distribution:
    successes = _success_face_count(difficulty, strictly_over)
    weights = {1: successes, 0: ROLL_AND_KEEP_SIDES - successes}
    one_die: icepool.Die[int] = icepool.Die(
        {outcome: weight for outcome, weight in weights.items() if weight}
    )
    # The kept dice are the highest, so they hold every success up to the number kept.
    return from_die((rolled @ one_die).map(lambda total: min(total, kept)))


def roll_and_keep_successes(
    rolled: int, kept: int, difficulty: int, *, strictly_over: bool = False
) -> dict[int, Fraction]:
    """Successes among the kept (highest) dice of `rolled` d10s."""
    _check_roll_and_keep(rolled, difficulty)
    whole(kept, "Dice kept", minimum=1)
    return as_dict(_roll_and_keep(rolled, kept, difficulty, bool(strictly_over)))


def roll_and_keep_chance(
    rolled: int, kept: int, difficulty: int, needed: int = 1, *, strictly_over: bool = False
) -> Fraction:
    """The chance of at least `needed` successes (1 by default: the action succeeds)."""
    whole(needed, "Successes needed", minimum=0)
    distribution = roll_and_keep_successes(rolled, kept, difficulty, strictly_over=strictly_over)
    return chance_at_least(distribution, needed)


def roll_and_keep_degrees(
    rolled: int, kept: int, difficulty: int, *, strictly_over: bool = False
) -> dict[str, Fraction]:
    """The chance of each outcome a player reads: Botch, Failure, Marginal … Phenomenal
    (five or more successes are all Phenomenal). Impossible outcomes are left out."""
    successes = roll_and_keep_successes(rolled, kept, difficulty, strictly_over=strictly_over)
    botch = roll_and_keep_botch_chance(rolled, difficulty, strictly_over=strictly_over)
    chances: dict[str, Fraction] = {"Botch": botch}
    for count, chance in sorted(successes.items()):
        name = degree_of_success(count)
        chances[name] = chances.get(name, Fraction(0)) + chance
    chances["Failure"] = chances.get("Failure", Fraction(0)) - botch
    return {name: chance for name, chance in chances.items() if chance}


@cleared_with_the_others
@lru_cache(maxsize=512)
def _botch(rolled: int, difficulty: int, strictly_over: bool) -> Fraction:
    successes = _success_face_count(difficulty, strictly_over)
    failing = ROLL_AND_KEEP_SIDES - successes
    # A 1 that is itself a success (difficulty 1 or less) can never botch.
    failing_but_not_one = max(failing - 1, 0)
    no_success = Fraction(failing, ROLL_AND_KEEP_SIDES) ** rolled
    no_success_and_no_one = Fraction(failing_but_not_one, ROLL_AND_KEEP_SIDES) ** rolled
    return no_success - no_success_and_no_one


def roll_and_keep_botch_chance(
    rolled: int, difficulty: int, *, strictly_over: bool = False
) -> Fraction:
    """The chance of a botch: a 1 among the dice and no success (rules/roll_and_keep.py)."""
    _check_roll_and_keep(rolled, difficulty)
    return _botch(rolled, difficulty, bool(strictly_over))


def roll_and_keep_contest(
    first_rolled: int,
    first_kept: int,
    second_rolled: int,
    second_kept: int,
    difficulty: int,
    *,
    strictly_over: bool = False,
) -> tuple[Fraction, Fraction, Fraction]:
    """(first wins, neither, second wins) for a directly opposed action."""
    for rolled, kept in ((first_rolled, first_kept), (second_rolled, second_kept)):
        _check_roll_and_keep(rolled, difficulty)
        whole(kept, "Dice kept", minimum=1)
    return _contest(
        first_rolled, first_kept, second_rolled, second_kept, difficulty, bool(strictly_over)
    )


@cleared_with_the_others
@lru_cache(maxsize=1024)
def _contest(
    first_rolled: int,
    first_kept: int,
    second_rolled: int,
    second_kept: int,
    difficulty: int,
    strictly_over: bool,
) -> tuple[Fraction, Fraction, Fraction]:
    return compare(
        _roll_and_keep(first_rolled, first_kept, difficulty, strictly_over),
        _roll_and_keep(second_rolled, second_kept, difficulty, strictly_over),
    )
