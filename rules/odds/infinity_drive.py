"""Infinity Drive odds (seed 003): characteristic tests, skill checks, opposed checks, survival."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from functools import lru_cache

from rules.dice import DiceSpec
from rules.errors import RulesError
from rules.inputs import whole, whole_numbers
from rules.odds.distributions import (
    Distribution,
    Ways,
    as_dict,
    cleared_with_the_others,
    compare_ways,
    dice_sum_ways,
)

__all__ = [
    "MAX_DICE_FOR_ODDS",
    "MAX_SIDES_FOR_ODDS",
    "chance_of_totals",
    "characteristic_test_chance",
    "dice_total_distribution",
    "opposed_skill_check_chance",
    "skill_check_chance",
    "skill_check_distribution",
    "survival_chance",
]

# Beyond these, an odds request is a typo or an attack, not a table situation; within
# them the slowest answer takes milliseconds (measured in docs/rulings.md, "What the
# odds accept").
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
def _total_ways(dice: str) -> tuple[Ways, int]:
    """The ways to roll each total of `dice`, and the number of rolls in all."""
    spec = _spec(dice)
    ways = dice_sum_ways(spec.count, spec.sides)
    lowest = spec.count + spec.bonus
    return tuple(enumerate(ways, start=lowest)), spec.sides**spec.count


@cleared_with_the_others
@lru_cache(maxsize=512)
def _dice_total(dice: str) -> Distribution:
    ways, rolls = _total_ways(dice)
    return tuple((total, Fraction(count, rolls)) for total, count in ways)


def dice_total_distribution(dice: str) -> dict[int, Fraction]:
    """The total of a dice expression such as 2d6 or 2d6+2."""
    _spec(dice)
    return as_dict(_dice_total(dice))


def _chance(dice: str, succeeds: Callable[[int], bool]) -> Fraction:
    """The chance a total of `dice` succeeds: whole-number ways added, one division."""
    _spec(dice)  # before the cache, which cannot even look up what is not a string
    ways, rolls = _total_ways(dice)
    return Fraction(sum(count for total, count in ways if succeeds(total)), rolls)


def characteristic_test_chance(dice: str, characteristic: int) -> Fraction:
    """A characteristic test succeeds on a total less than or equal to the characteristic."""
    whole(characteristic, "The characteristic", minimum=0)
    return _chance(dice, lambda total: total <= characteristic)


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
    _spec(dice)
    whole(modifier, "The modifier")
    return _chance(dice, lambda total: total + modifier >= target)


@cleared_with_the_others
@lru_cache(maxsize=1024)
def _opposed(
    dice_a: str, mod_a: int, dice_b: str, mod_b: int
) -> tuple[Fraction, Fraction, Fraction]:
    # Whole-number ways and one sweep: exact, and linear in the number of totals.
    ways_a, rolls_a = _total_ways(dice_a)
    ways_b, rolls_b = _total_ways(dice_b)
    # Adding a modifier to every total of one side is the same as taking the
    # difference of the modifiers from the other's.
    shifted_b = tuple((total + mod_b - mod_a, count) for total, count in ways_b)
    higher, equal, lower = compare_ways(ways_a, shifted_b)
    pairs = rolls_a * rolls_b
    return Fraction(higher, pairs), Fraction(equal, pairs), Fraction(lower, pairs)


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
    return _chance(dice, lambda total: total > target)


def chance_of_totals(totals: Iterable[int], dice: str = "2d6") -> Fraction:
    """The chance a roll of `dice` totals one of `totals` (say, a career table's legal rows;
    a total listed twice counts once)."""
    wanted = frozenset(whole_numbers(totals, "The totals"))
    return _chance(dice, lambda total: total in wanted)
