"""Infinity Drive odds (seed 003): characteristic tests, skill checks, opposed checks, survival."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import icepool

from rules.dice import DiceSpec
from rules.errors import RulesError
from rules.odds.distributions import (
    Distribution,
    as_dict,
    chance_at_least,
    chance_at_most,
    cleared_with_the_others,
    compare,
    from_die,
    whole,
)

# Beyond these, an odds request is a typo or an attack, not a table situation; they keep
# every computation within a few milliseconds.
MAX_DICE_FOR_ODDS = 30
MAX_SIDES_FOR_ODDS = 100


def _spec(dice: str) -> DiceSpec:
    if not isinstance(dice, str):
        raise RulesError("Dice must be written like 2d6.")
    spec = DiceSpec.parse(dice)
    if spec.count < 1:
        raise RulesError(f"{dice} rolls no dice.")
    if spec.count > MAX_DICE_FOR_ODDS or spec.sides > MAX_SIDES_FOR_ODDS:
        raise RulesError(f"{dice} is too many dice to work out the odds for.")
    return spec


@cleared_with_the_others
@lru_cache(maxsize=512)
def _dice_total(dice: str) -> Distribution:
    spec = _spec(dice)
    return from_die(spec.count @ icepool.d(spec.sides) + spec.bonus)


def dice_total_distribution(dice: str) -> dict[int, Fraction]:
    """The total of a dice expression such as 2d6 or 2d6+2."""
    _spec(dice)
    return as_dict(_dice_total(dice))


def characteristic_test_chance(dice: str, characteristic: int) -> Fraction:
    """A characteristic test succeeds on a total less than or equal to the characteristic."""
    whole(characteristic, "The characteristic")
    return chance_at_most(dice_total_distribution(dice), characteristic)


@cleared_with_the_others
@lru_cache(maxsize=1024)
def _skill_check(dice: str, modifier: int) -> Distribution:
    return tuple((total + modifier, p) for total, p in _dice_total(dice))


def skill_check_distribution(dice: str, modifier: int) -> dict[int, Fraction]:
    """The total of a skill check: difficulty dice + skill rank + characteristic modifier."""
    _spec(dice)
    whole(modifier, "The modifier")
    return as_dict(_skill_check(dice, modifier))


def skill_check_chance(dice: str, modifier: int, target: int = 9) -> Fraction:
    """An unopposed skill check succeeds on a total of the target (9) or more."""
    whole(target, "The target number")
    return chance_at_least(skill_check_distribution(dice, modifier), target)


@cleared_with_the_others
@lru_cache(maxsize=1024)
def _opposed(
    dice_a: str, mod_a: int, dice_b: str, mod_b: int
) -> tuple[Fraction, Fraction, Fraction]:
    return compare(_skill_check(dice_a, mod_a), _skill_check(dice_b, mod_b))


def opposed_skill_check_chance(
    dice_a: str, mod_a: int, dice_b: str, mod_b: int
) -> tuple[Fraction, Fraction, Fraction]:
    """(A wins, tie, B wins) for an opposed check: "the individual who scores the highest
    succeeds". Equal totals are returned as the tie chance (docs/rulings.md,
    "Opposed skill check ties"): the book names no winner, so the caller decides."""
    _spec(dice_a)
    _spec(dice_b)
    whole(mod_a, "The first modifier")
    whole(mod_b, "The second modifier")
    return _opposed(dice_a, mod_a, dice_b, mod_b)


def survival_chance(target: int, dice: str = "2d6") -> Fraction:
    """Career survival: the roll must be strictly higher than the target number."""
    whole(target, "The survival target")
    return chance_at_least(dice_total_distribution(dice), target + 1)
