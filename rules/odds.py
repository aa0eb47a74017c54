"""Exact odds for every resolver, shown to a player before the dice are rolled.

Computed with icepool and cached, so a wizard or a sheet can ask on every render.
Every chance is an exact `Fraction`; `as_percent` formats one for display.
Distributions are returned as fresh dicts (the cache holds immutable tuples) so a
caller that edits its copy cannot corrupt the next caller's odds.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from fractions import Fraction
from functools import lru_cache

import icepool

from rules.dice import DiceSpec
from rules.errors import RulesError
from rules.roll_and_keep import DIE_SIDES as ROLL_AND_KEEP_SIDES
from rules.roll_and_keep import degree_of_success
from rules.unique_pool import DIE_SIDES as UNIQUE_POOL_SIDES
from rules.unique_pool import MAX_POOL, MIN_POOL

Distribution = tuple[tuple[int, Fraction], ...]

# Beyond these, an odds request is a typo or an attack, not a table situation; they keep
# every computation within a few milliseconds.
MAX_DICE_FOR_ODDS = 30
MAX_SIDES_FOR_ODDS = 100
MAX_ROLL_AND_KEEP_DICE = 30
MAX_DRIFTING_EXTRA_DICE = 10
DRIFTING_BASE_DICE = 2
DRIFTING_MAX_MODIFIER = 3
DRIFTING_SIDES = 6


def as_float(chance: Fraction) -> float:
    return float(chance)


def as_percent(chance: Fraction, digits: int = 1) -> str:
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


def _whole(value: int, what: str, *, minimum: int | None = None, maximum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{what} must be a whole number.")
    if minimum is not None and value < minimum:
        raise RulesError(f"{what} cannot be less than {minimum}.")
    if maximum is not None and value > maximum:
        raise RulesError(f"{what} cannot be more than {maximum}.")
    return value


def _spec(dice: str) -> DiceSpec:
    if not isinstance(dice, str):
        raise RulesError("Dice must be written like 2d6.")
    spec = DiceSpec.parse(dice)
    if spec.count < 1:
        raise RulesError(f"{dice} rolls no dice.")
    if spec.count > MAX_DICE_FOR_ODDS or spec.sides > MAX_SIDES_FOR_ODDS:
        raise RulesError(f"{dice} is too many dice to work out the odds for.")
    return spec


def _from_die(die: icepool.Die) -> Distribution:
    denominator = die.denominator()
    return tuple(
        (int(outcome), Fraction(quantity, denominator)) for outcome, quantity in die.items()
    )


def _as_dict(distribution: Distribution) -> dict[int, Fraction]:
    return dict(distribution)


def chance_at_least(distribution: Mapping[int, Fraction], target: int) -> Fraction:
    return sum((p for outcome, p in distribution.items() if outcome >= target), Fraction(0))


def chance_at_most(distribution: Mapping[int, Fraction], target: int) -> Fraction:
    return sum((p for outcome, p in distribution.items() if outcome <= target), Fraction(0))


# ---------------------------------------------------------------- Infinity Drive


@lru_cache(maxsize=512)
def _dice_total(dice: str) -> Distribution:
    spec = _spec(dice)
    return _from_die(spec.count @ icepool.d(spec.sides) + spec.bonus)


def dice_total_distribution(dice: str) -> dict[int, Fraction]:
    """The total of a dice expression such as 2d6 or 2d6+2."""
    _spec(dice)
    return _as_dict(_dice_total(dice))


def characteristic_test_chance(dice: str, characteristic: int) -> Fraction:
    """A characteristic test succeeds on a total less than or equal to the characteristic."""
    _whole(characteristic, "The characteristic")
    return chance_at_most(dice_total_distribution(dice), characteristic)


@lru_cache(maxsize=1024)
def _skill_check(dice: str, modifier: int) -> Distribution:
    return tuple((total + modifier, p) for total, p in _dice_total(dice))


def skill_check_distribution(dice: str, modifier: int) -> dict[int, Fraction]:
    """The total of a skill check: difficulty dice + skill rank + characteristic modifier."""
    _spec(dice)
    _whole(modifier, "The modifier")
    return _as_dict(_skill_check(dice, modifier))


def skill_check_chance(dice: str, modifier: int, target: int = 9) -> Fraction:
    """An unopposed skill check succeeds on a total of the target (9) or more."""
    _whole(target, "The target number")
    return chance_at_least(skill_check_distribution(dice, modifier), target)


def _compare(
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


@lru_cache(maxsize=1024)
def _opposed(
    dice_a: str, mod_a: int, dice_b: str, mod_b: int
) -> tuple[Fraction, Fraction, Fraction]:
    return _compare(_skill_check(dice_a, mod_a), _skill_check(dice_b, mod_b))


def opposed_skill_check_chance(
    dice_a: str, mod_a: int, dice_b: str, mod_b: int
) -> tuple[Fraction, Fraction, Fraction]:
    """(A wins, tie, B wins) for an opposed check: "the individual who scores the highest
    succeeds". Equal totals are returned as the tie chance (docs/rulings.md,
    "Opposed skill check ties"): the book names no winner, so the caller decides."""
    _spec(dice_a)
    _spec(dice_b)
    _whole(mod_a, "The first modifier")
    _whole(mod_b, "The second modifier")
    return _opposed(dice_a, mod_a, dice_b, mod_b)


def survival_chance(target: int, dice: str = "2d6") -> Fraction:
    """Career survival: the roll must be strictly higher than the target number."""
    _whole(target, "The survival target")
    return chance_at_least(dice_total_distribution(dice), target + 1)


# ---------------------------------------------------------------- Drifting


class _TokenTotal(icepool.MultisetEvaluator):
    """Highest two dice at face value, the rest halved rounding down (seed 000).

    Reads the pool from the highest face down, so the first two dice it meets are
    the kept pair; far faster than expanding every sorted roll of a large pool.
    """

    def initial_state(
        self, order: icepool.Order, outcomes: object, /, *sizes: int
    ) -> tuple[int, int]:
        if order != icepool.Order.Descending:
            raise icepool.UnsupportedOrder
        return (0, 0)

    def next_state(
        self, state: tuple[int, int], order: icepool.Order, outcome: int, count: int
    ) -> tuple[int, int]:
        if order != icepool.Order.Descending:
            raise icepool.UnsupportedOrder
        kept_whole, total = state
        whole = min(count, DRIFTING_BASE_DICE - kept_whole)
        halved = count - whole
        return kept_whole + whole, total + whole * outcome + halved * (outcome // 2)

    def final_outcome(
        self, final_state: tuple[int, int], order: icepool.Order, outcomes: object, /, *sizes: int
    ) -> int:
        return final_state[1]


_TOKEN_TOTAL = _TokenTotal()


@lru_cache(maxsize=64)
def _token_roll(extra_dice: int) -> Distribution:
    pool = icepool.d(DRIFTING_SIDES).pool(DRIFTING_BASE_DICE + extra_dice)
    return _from_die(_TOKEN_TOTAL.evaluate(pool))


def _check_token_inputs(extra_dice: int, modifier: int) -> None:
    _whole(extra_dice, "Extra dice", minimum=0, maximum=MAX_DRIFTING_EXTRA_DICE)
    _whole(modifier, "The token modifier", minimum=0, maximum=DRIFTING_MAX_MODIFIER)


def token_roll_distribution(extra_dice: int, modifier: int) -> dict[int, Fraction]:
    """A Drifting roll: 2 + extra d6 (depleted tokens and assisting dice), the highest two
    at face value, the rest halved rounding down, plus the token modifier (0–3)."""
    _check_token_inputs(extra_dice, modifier)
    return {total + modifier: p for total, p in _token_roll(extra_dice)}


def token_roll_chance(extra_dice: int, modifier: int, target: int) -> Fraction:
    """The chance a Drifting roll totals `target` or more."""
    _whole(target, "The target")
    return chance_at_least(token_roll_distribution(extra_dice, modifier), target)


def token_roll_versus(
    extra_dice: int, modifier: int, opponent_extra_dice: int, opponent_modifier: int
) -> tuple[Fraction, Fraction, Fraction]:
    """(win, tie, lose) for two opposed Drifting rolls, compared on their totals."""
    _check_token_inputs(extra_dice, modifier)
    _check_token_inputs(opponent_extra_dice, opponent_modifier)
    return _token_versus(extra_dice, modifier, opponent_extra_dice, opponent_modifier)


@lru_cache(maxsize=1024)
def _token_versus(
    extra_dice: int, modifier: int, opponent_extra_dice: int, opponent_modifier: int
) -> tuple[Fraction, Fraction, Fraction]:
    return _compare(
        token_roll_distribution(extra_dice, modifier),
        token_roll_distribution(opponent_extra_dice, opponent_modifier),
    )


# ---------------------------------------------------------------- unique-dice pool


@lru_cache(maxsize=16)
def _unique_pool(dice: int) -> Distribution:
    return _from_die(icepool.d(UNIQUE_POOL_SIDES).pool(dice).unique().sum())


def unique_pool_distribution(dice: int) -> dict[int, Fraction]:
    """The Roll Total of `dice` d6s with repeated numbers counted once."""
    _whole(dice, "The pool", minimum=MIN_POOL, maximum=MAX_POOL)
    return _as_dict(_unique_pool(dice))


def unique_pool_chance(dice: int, needed: int) -> Fraction:
    """The chance the first Roll Total reaches `needed`."""
    _whole(needed, "The number needed")
    return chance_at_least(unique_pool_distribution(dice), needed)


def push_luck_chance(faces_held: Collection[int]) -> Fraction:
    """The chance the next pushed die shows a number not already held (no crisis)."""
    if isinstance(faces_held, str | bytes) or not isinstance(faces_held, Collection):
        raise RulesError("The held dice must be a list of numbers from 1 to 6.")
    held: set[int] = set()
    for face in faces_held:
        _whole(face, "A held die", minimum=1, maximum=UNIQUE_POOL_SIDES)
        held.add(face)
    return Fraction(UNIQUE_POOL_SIDES - len(held), UNIQUE_POOL_SIDES)


# ---------------------------------------------------------------- roll and keep


def _success_face_count(difficulty: int, strictly_over: bool) -> int:
    lowest_success = difficulty + 1 if strictly_over else difficulty
    lowest_success = max(lowest_success, 1)
    return max(ROLL_AND_KEEP_SIDES - lowest_success + 1, 0)


def _check_roll_and_keep(rolled: int, difficulty: int) -> None:
    _whole(rolled, "Dice rolled", minimum=1, maximum=MAX_ROLL_AND_KEEP_DICE)
    _whole(difficulty, "The difficulty", minimum=0)


@lru_cache(maxsize=2048)
def _roll_and_keep(rolled: int, kept: int, difficulty: int, strictly_over: bool) -> Distribution:
    successes = _success_face_count(difficulty, strictly_over)
    weights = {1: successes, 0: ROLL_AND_KEEP_SIDES - successes}
    one_die = icepool.Die({outcome: weight for outcome, weight in weights.items() if weight})
    # The kept dice are the highest, so they hold every success up to the number kept.
    return _from_die((rolled @ one_die).map(lambda total: min(total, kept)))


def roll_and_keep_successes(
    rolled: int, kept: int, difficulty: int, *, strictly_over: bool = False
) -> dict[int, Fraction]:
    """Successes among the kept (highest) dice of `rolled` d10s."""
    _check_roll_and_keep(rolled, difficulty)
    _whole(kept, "Dice kept", minimum=1)
    return _as_dict(_roll_and_keep(rolled, kept, difficulty, bool(strictly_over)))


def roll_and_keep_chance(
    rolled: int, kept: int, difficulty: int, needed: int = 1, *, strictly_over: bool = False
) -> Fraction:
    """The chance of at least `needed` successes (1 by default: the action succeeds)."""
    _whole(needed, "Successes needed", minimum=0)
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
        _whole(kept, "Dice kept", minimum=1)
    return _contest(
        first_rolled, first_kept, second_rolled, second_kept, difficulty, bool(strictly_over)
    )


@lru_cache(maxsize=1024)
def _contest(
    first_rolled: int,
    first_kept: int,
    second_rolled: int,
    second_kept: int,
    difficulty: int,
    strictly_over: bool,
) -> tuple[Fraction, Fraction, Fraction]:
    return _compare(
        _roll_and_keep(first_rolled, first_kept, difficulty, strictly_over),
        _roll_and_keep(second_rolled, second_kept, difficulty, strictly_over),
    )


def clear_caches() -> None:
    """Forget cached odds (for the benchmark's cold timings)."""
    for cached in (
        _dice_total,
        _skill_check,
        _opposed,
        _token_roll,
        _token_versus,
        _unique_pool,
        _roll_and_keep,
        _botch,
        _contest,
    ):
        cached.cache_clear()
