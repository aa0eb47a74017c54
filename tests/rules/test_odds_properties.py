"""Properties of every odds function: each distribution sums to one, every rolled result lies
in its distribution, and callers cannot corrupt the cache."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules import odds
from rules.roll_and_keep import resolve_roll_and_keep
from rules.unique_pool import resolve_unique_pool
from tests.rules.odds_brute_force import drifting_total, sums_to_one


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
