"""Exact odds, checked against brute-force enumeration of every small enough pool."""

from __future__ import annotations

import contextlib
import itertools
from collections import Counter
from collections.abc import Callable, Iterable
from fractions import Fraction
from functools import cache
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import odds
from rules.dice import DiceSpec
from rules.errors import RulesError
from rules.roll_and_keep import resolve_roll_and_keep
from rules.unique_pool import resolve_unique_pool

# ---------------------------------------------------------------- brute force helpers


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


# ---------------------------------------------------------------- Infinity Drive


SKILL_DICE = ["1d4", "2d4", "1d6", "2d6", "3d6"]


@pytest.mark.parametrize("dice", SKILL_DICE)
@pytest.mark.parametrize("modifier", [-2, 0, 3, 8])
def test_skill_check_distribution_matches_enumeration(dice: str, modifier: int) -> None:
    spec = DiceSpec.parse(dice)
    expected = brute_distribution(spec.count, spec.sides, lambda faces: sum(faces) + modifier)

    assert odds.skill_check_distribution(dice, modifier) == expected


@pytest.mark.parametrize("dice", SKILL_DICE)
@pytest.mark.parametrize("modifier", [-2, 0, 1, 4])
def test_skill_check_chance_is_nine_or_more(dice: str, modifier: int) -> None:
    spec = DiceSpec.parse(dice)
    wins = brute_distribution(spec.count, spec.sides, lambda f: int(sum(f) + modifier >= 9))

    assert odds.skill_check_chance(dice, modifier) == wins.get(1, 0)


def test_skill_check_known_values() -> None:
    assert odds.skill_check_chance("2d6", 0) == Fraction(10, 36)
    assert odds.skill_check_chance("2d6", 7) == 1
    assert odds.skill_check_chance("1d4", 0) == 0
    assert odds.skill_check_chance("2d6", 0, target=12) == Fraction(1, 36)


@pytest.mark.parametrize("dice", ["1d6", "2d6", "3d6", "4d6", "6d6", "2d6+2"])
@pytest.mark.parametrize("characteristic", [0, 1, 5, 7, 10, 15, 40])
def test_characteristic_test_is_roll_at_most_the_characteristic(
    dice: str, characteristic: int
) -> None:
    spec = DiceSpec.parse(dice)
    passes = brute_distribution(
        spec.count, spec.sides, lambda f: int(sum(f) + spec.bonus <= characteristic)
    )

    assert odds.characteristic_test_chance(dice, characteristic) == passes.get(1, 0)


def test_characteristic_test_automatic_results() -> None:
    # "If the minimum score is above your characteristic then you cannot succeed … while
    # if the maximum score is below your characteristic you automatically succeed."
    assert odds.characteristic_test_chance("6d6", 5) == 0
    assert odds.characteristic_test_chance("1d6", 7) == 1
    assert odds.characteristic_test_chance("2d6", 7) == Fraction(21, 36)


@pytest.mark.parametrize(
    ("dice_a", "mod_a", "dice_b", "mod_b"),
    [("2d6", 0, "2d6", 0), ("2d6", 2, "3d6", -1), ("1d4", 3, "2d4", 0), ("1d6", 0, "3d6", 0)],
)
def test_opposed_skill_check_matches_enumeration(
    dice_a: str, mod_a: int, dice_b: str, mod_b: int
) -> None:
    side_a = DiceSpec.parse(dice_a)
    side_b = DiceSpec.parse(dice_b)
    results: Counter[str] = Counter()
    for faces_a in enumerate_faces(side_a.count, side_a.sides):
        for faces_b in enumerate_faces(side_b.count, side_b.sides):
            difference = (sum(faces_a) + mod_a) - (sum(faces_b) + mod_b)
            results["win" if difference > 0 else "tie" if difference == 0 else "lose"] += 1
    total = side_a.sides**side_a.count * side_b.sides**side_b.count

    win, tie, lose = odds.opposed_skill_check_chance(dice_a, mod_a, dice_b, mod_b)

    assert (win, tie, lose) == (
        Fraction(results["win"], total),
        Fraction(results["tie"], total),
        Fraction(results["lose"], total),
    )
    assert win + tie + lose == 1


def test_equal_opposed_checks_are_symmetric() -> None:
    win, tie, lose = odds.opposed_skill_check_chance("2d6", 1, "2d6", 1)

    assert win == lose
    assert tie == Fraction(146, 1296)


@pytest.mark.parametrize("target", range(1, 13))
def test_survival_needs_strictly_higher_than_the_target(target: int) -> None:
    expected = brute_distribution(2, 6, lambda f: int(sum(f) > target))

    assert odds.survival_chance(target) == expected.get(1, 0)


def test_treva_survival_target_three() -> None:
    assert odds.survival_chance(3) == Fraction(33, 36)


# ---------------------------------------------------------------- Drifting


@pytest.mark.parametrize("extra_dice", range(5))  # 2 + 4 = 6 dice, all enumerated
@pytest.mark.parametrize("modifier", range(4))
def test_token_roll_distribution_matches_enumeration(extra_dice: int, modifier: int) -> None:
    expected = brute_distribution(2 + extra_dice, 6, lambda f: drifting_total(f, modifier))

    assert odds.token_roll_distribution(extra_dice, modifier) == expected


def test_jims_firefight_total_is_in_the_distribution() -> None:
    # Five dice 1, 4, 2, 5, 4 with +3 give fifteen.
    distribution = odds.token_roll_distribution(3, 3)

    assert drifting_total((1, 4, 2, 5, 4), 3) == 15
    assert distribution[15] > 0
    assert min(distribution) == 2 + 3
    assert max(distribution) == 6 + 6 + 3 * 3 + 3


def test_plain_token_roll_is_two_d6() -> None:
    assert odds.token_roll_distribution(0, 0) == odds.dice_total_distribution("2d6")
    assert odds.token_roll_chance(0, 0, 7) == Fraction(21, 36)


def test_token_roll_versus_matches_enumeration() -> None:
    results: Counter[str] = Counter()
    for mine in enumerate_faces(3, 6):
        for theirs in enumerate_faces(2, 6):
            difference = drifting_total(mine, 1) - drifting_total(theirs, 2)
            results["win" if difference > 0 else "tie" if difference == 0 else "lose"] += 1
    total = 6**5

    assert odds.token_roll_versus(1, 1, 0, 2) == (
        Fraction(results["win"], total),
        Fraction(results["tie"], total),
        Fraction(results["lose"], total),
    )


# ---------------------------------------------------------------- unique-dice pool


@pytest.mark.parametrize("dice", range(1, 7))
def test_unique_pool_distribution_matches_enumeration(dice: int) -> None:
    expected = brute_distribution(dice, 6, lambda faces: sum(set(faces)))

    assert odds.unique_pool_distribution(dice) == expected


def test_unique_pool_largest_pools_stay_in_range() -> None:
    eight = odds.unique_pool_distribution(8)

    assert sums_to_one(eight)
    assert min(eight) == 1
    assert max(eight) == 21
    # Eight dice cannot all differ; the chance that all six numbers show is the
    # inclusion–exclusion count of surjections from 8 dice onto 6 faces.
    surjections = sum((-1) ** k * comb(6, k) * (6 - k) ** 8 for k in range(7))
    assert eight[21] == Fraction(surjections, 6**8)


def test_unique_pool_chance() -> None:
    # Brian's 2 dice reaching 7: (1,6) (2,5) (3,4) and more, counted by enumeration.
    brute = brute_distribution(2, 6, lambda f: int(sum(set(f)) >= 7))

    assert odds.unique_pool_chance(2, 7) == brute[1]


@pytest.mark.parametrize(
    ("held", "chance"),
    [((), 1), ((2, 4, 5), Fraction(1, 2)), ((2, 4, 4, 4, 5, 1), Fraction(1, 3))],
)
def test_push_luck_chance_is_the_share_of_new_numbers(
    held: tuple[int, ...], chance: Fraction
) -> None:
    assert odds.push_luck_chance(held) == chance


def test_leanne_pushing_with_all_six_numbers_held_is_certain_crisis() -> None:
    assert odds.push_luck_chance({1, 2, 3, 4, 5, 6}) == 0


# ---------------------------------------------------------------- roll and keep


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


# ---------------------------------------------------------------- properties


@given(
    st.integers(1, 30),
    st.integers(1, 30),
    st.integers(0, 12),
    st.booleans(),
)
def test_roll_and_keep_distribution_sums_to_one(
    rolled: int, kept: int, difficulty: int, strictly_over: bool
) -> None:
    distribution = odds.roll_and_keep_successes(
        rolled, kept, difficulty, strictly_over=strictly_over
    )

    assert sums_to_one(distribution)
    assert max(distribution) <= min(rolled, kept)
    assert 0 <= odds.roll_and_keep_botch_chance(rolled, difficulty) <= distribution.get(0, 0)


@given(st.integers(1, 8))
def test_unique_pool_distribution_sums_to_one(dice: int) -> None:
    assert sums_to_one(odds.unique_pool_distribution(dice))


@given(st.integers(0, 10), st.integers(0, 3))
def test_token_roll_distribution_sums_to_one(extra_dice: int, modifier: int) -> None:
    assert sums_to_one(odds.token_roll_distribution(extra_dice, modifier))


@given(st.integers(1, 10), st.sampled_from([4, 6, 8, 10, 12, 20]), st.integers(-5, 10))
def test_skill_check_distribution_sums_to_one(count: int, sides: int, modifier: int) -> None:
    assert sums_to_one(odds.skill_check_distribution(f"{count}d{sides}", modifier))


@given(st.lists(st.integers(1, 6), min_size=1, max_size=8))
def test_a_rolled_unique_pool_lies_in_its_distribution(faces: list[int]) -> None:
    total = resolve_unique_pool(faces).total

    assert odds.unique_pool_distribution(len(faces))[total] > 0


@given(
    st.lists(st.integers(1, 10), min_size=1, max_size=15),
    st.integers(1, 15),
    st.integers(0, 11),
    st.booleans(),
)
def test_a_rolled_keep_result_lies_in_its_distribution(
    faces: list[int], keep: int, difficulty: int, strictly_over: bool
) -> None:
    result = resolve_roll_and_keep(
        faces, keep=keep, difficulty=difficulty, strictly_over=strictly_over
    )
    distribution = odds.roll_and_keep_successes(
        len(faces), keep, difficulty, strictly_over=strictly_over
    )

    assert distribution[result.successes] > 0
    if result.botch:
        assert (
            odds.roll_and_keep_botch_chance(len(faces), difficulty, strictly_over=strictly_over) > 0
        )


@given(st.lists(st.integers(1, 6), min_size=2, max_size=12), st.integers(0, 3))
def test_a_token_roll_lies_in_its_distribution(faces: list[int], modifier: int) -> None:
    distribution = odds.token_roll_distribution(len(faces) - 2, modifier)

    assert distribution[drifting_total(tuple(faces), modifier)] > 0


@given(st.lists(st.integers(1, 6), min_size=1, max_size=6), st.integers(-3, 6))
def test_a_skill_check_total_lies_in_its_distribution(faces: list[int], modifier: int) -> None:
    distribution = odds.skill_check_distribution(f"{len(faces)}d6", modifier)

    assert distribution[sum(faces) + modifier] > 0


def test_callers_cannot_corrupt_the_cache() -> None:
    first = odds.unique_pool_distribution(3)
    first.clear()

    assert sums_to_one(odds.unique_pool_distribution(3))


# ---------------------------------------------------------------- validation

anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.lists(st.integers(), max_size=3),
    st.sampled_from(["2d6", "3d6+1", "d4", "0d6", "2d0", "999d6", "1d999", "2x6"]),
)

PUBLIC_ODDS: list[tuple[Callable[..., object], int]] = [
    (odds.characteristic_test_chance, 2),
    (odds.skill_check_distribution, 2),
    (odds.skill_check_chance, 3),
    (odds.opposed_skill_check_chance, 4),
    (odds.survival_chance, 2),
    (odds.dice_total_distribution, 1),
    (odds.token_roll_distribution, 2),
    (odds.token_roll_chance, 3),
    (odds.token_roll_versus, 4),
    (odds.unique_pool_distribution, 1),
    (odds.unique_pool_chance, 2),
    (odds.roll_and_keep_successes, 3),
    (odds.roll_and_keep_chance, 4),
    (odds.roll_and_keep_botch_chance, 2),
    (odds.roll_and_keep_contest, 5),
    (odds.roll_and_keep_degrees, 3),
    (odds.push_luck_chance, 1),
    (odds.as_percent, 1),
]


@pytest.mark.parametrize(
    ("function", "arity"), PUBLIC_ODDS, ids=[f.__name__ for f, _ in PUBLIC_ODDS]
)
@given(data=st.data())
def test_no_input_crashes_except_with_a_rules_error(
    function: Callable[..., object], arity: int, data: st.DataObject
) -> None:
    arguments = [data.draw(anything) for _ in range(arity)]
    # Returning normally is fine too; any exception but a RulesError fails the test.
    with contextlib.suppress(RulesError):
        function(*arguments)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: odds.skill_check_chance("2x6", 0), "not a dice expression"),
        (lambda: odds.skill_check_chance("0d6", 0), "rolls no dice"),
        (lambda: odds.characteristic_test_chance("500d6", 7), "too many dice"),
        (lambda: odds.unique_pool_distribution(9), "more than 8"),
        (lambda: odds.unique_pool_distribution(0), "less than 1"),
        (lambda: odds.token_roll_distribution(-1, 0), "less than 0"),
        (lambda: odds.token_roll_distribution(1, 4), "more than 3"),
        (lambda: odds.roll_and_keep_successes(-2, 1, 6), "less than 1"),
        (lambda: odds.roll_and_keep_successes(3, 0, 6), "less than 1"),
        (lambda: odds.roll_and_keep_botch_chance(3, -1), "less than 0"),
        (lambda: odds.push_luck_chance([7]), "more than 6"),
        (lambda: odds.skill_check_chance("2d6", 1.5), "whole number"),  # type: ignore[arg-type]
    ],
)
def test_bad_parameters_are_explained(call: Callable[[], object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        call()


def test_push_luck_chance_refuses_what_is_not_a_face() -> None:
    with pytest.raises(RulesError):
        odds.push_luck_chance(["x"])  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("chance", "text"),
    [
        (Fraction(0), "0%"),
        (Fraction(1), "100%"),
        (Fraction(5, 12), "41.7%"),
        (Fraction(1, 10**6), "<0.1%"),
        (1 - Fraction(1, 10**6), ">99.9%"),
    ],
)
def test_as_percent(chance: Fraction, text: str) -> None:
    assert odds.as_percent(chance) == text
    assert odds.as_float(chance) == float(chance)
