from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import GivenFaces, SeededDice
from rules.errors import DiceError, RulesError
from rules.unique_pool import (
    CRISIS_BOXES,
    CrisisKind,
    CrisisTrack,
    UniqueRoll,
    held_numbers,
    pool_size,
    push_luck,
    resolve_unique_pool,
    roll_unique_pool,
)

pool_faces = st.lists(st.integers(1, 6), min_size=1, max_size=8)


# ---------------------------------------------------------------- the book's examples


def test_brians_climb_two_dice_three_and_four_make_seven() -> None:
    size = pool_size(attribute=2)
    assert size.dice == 2

    result = roll_unique_pool(size.dice, GivenFaces([3, 4]))

    assert result.kept == (3, 4)
    assert result.discarded == ()
    assert result.total == 7
    assert "Roll Total 7" in result.explain()


def test_leanne_gets_five_dice_from_precision_car_and_delivery_driver() -> None:
    size = pool_size(attribute=3, tool_quality=1, normal_specials=1)

    assert size.dice == 5
    assert size.explain() == "attribute 3 + tools 1 + 1 special attribute (+1) = 5 → 5 dice."


def test_leannes_escape_drops_two_fours_pushes_a_one_then_a_five_is_a_crisis() -> None:
    first = resolve_unique_pool([2, 4, 4, 4, 5])
    assert first.kept == (2, 4, 5)
    assert first.discarded == (4, 4)
    assert first.total == 11
    assert not first.crisis

    pushed_once = push_luck(first, GivenFaces([1]))
    assert pushed_once.total == 12
    assert not pushed_once.crisis
    assert pushed_once.can_push

    pushed_twice = push_luck(pushed_once, GivenFaces([5]))
    assert pushed_twice.crisis
    assert not pushed_twice.can_push
    # The matching die adds nothing; the total the GM heard stays 12.
    assert pushed_twice.total == 12
    assert pushed_twice.roll_total == 11
    assert "a crisis" in pushed_twice.explain()

    track = CrisisTrack().add(CrisisKind.PHYSICAL)
    assert track.physical == 1
    assert track.boxes("physical") == (True, False, False)
    assert not track.dead


# ---------------------------------------------------------------- pool size


def test_starred_special_attributes_add_two_dice() -> None:
    size = pool_size(attribute=2, normal_specials=1, starred_specials=1)

    assert size.dice == 5
    assert "1 starred attribute (+2)" in size.explain()


@pytest.mark.parametrize(
    ("attribute", "tools", "starred", "expected"),
    [(0, 0, 0, 1), (5, 3, 2, 8), (1, 0, 0, 1), (4, 4, 0, 8)],
)
def test_pool_is_kept_between_one_and_eight(
    attribute: int, tools: int, starred: int, expected: int
) -> None:
    size = pool_size(attribute=attribute, tool_quality=tools, starred_specials=starred)

    assert size.dice == expected


def test_a_capped_pool_says_so() -> None:
    assert "at most 8, so roll 8" in pool_size(attribute=6, tool_quality=5).explain()
    assert "at least 1, so roll 1" in pool_size(attribute=0).explain()


@pytest.mark.parametrize(
    "arguments",
    [
        {"attribute": -1},
        {"attribute": 2, "tool_quality": -1},
        {"attribute": 2, "normal_specials": -2},
        {"attribute": 2, "starred_specials": -1},
        {"attribute": 2.5},
        {"attribute": True},
    ],
)
def test_pool_parts_must_be_whole_and_not_negative(arguments: dict[str, Any]) -> None:
    with pytest.raises(RulesError):
        pool_size(**arguments)


# ---------------------------------------------------------------- rolling and pushing


@pytest.mark.parametrize("dice", [0, 9, -1])
def test_rolling_outside_one_to_eight_dice_is_refused(dice: int) -> None:
    with pytest.raises(RulesError, match="1 to 8 dice"):
        roll_unique_pool(dice, GivenFaces([1] * 9))


def test_faces_that_no_d6_shows_are_refused() -> None:
    with pytest.raises(DiceError, match="shows 7"):
        resolve_unique_pool([1, 7])


def test_no_push_after_a_crisis() -> None:
    crisis = resolve_unique_pool([3]).push(3)

    assert crisis.crisis
    with pytest.raises(RulesError, match="crisis"):
        crisis.push(4)
    with pytest.raises(RulesError, match="crisis"):
        UniqueRoll(faces=(3,), pushes=(3, 4))


def test_a_push_repeating_an_earlier_push_is_a_crisis() -> None:
    result = resolve_unique_pool([6]).push(2).push(2)

    assert result.crisis
    assert result.total == 8


def test_seeded_dice_give_the_same_pool_twice() -> None:
    assert roll_unique_pool(8, SeededDice(42)) == roll_unique_pool(8, SeededDice(42))


@given(pool_faces)
def test_total_is_the_sum_of_the_distinct_numbers(faces: list[int]) -> None:
    result = resolve_unique_pool(faces)

    assert result.total == sum(set(faces))
    assert len(result.kept) == len(set(faces))
    assert sorted(result.kept + result.discarded) == sorted(faces)


@given(pool_faces, st.lists(st.integers(1, 6), max_size=6))
def test_pushing_adds_new_numbers_until_the_first_repeat(
    faces: list[int], pushes: list[int]
) -> None:
    result = resolve_unique_pool(faces)
    held = set(faces)
    for face in pushes:
        result = result.push(face)
        if face in held:
            assert result.crisis
            break
        held.add(face)
        assert not result.crisis
    assert result.total == sum(held)
    assert set(result.held) == held


def test_held_numbers_are_the_distinct_faces() -> None:
    assert held_numbers([2, 4, 4, 4, 5]) == frozenset({2, 4, 5})


# ---------------------------------------------------------------- crises


def test_third_physical_crisis_kills() -> None:
    track = CrisisTrack().add("physical").add("physical")
    assert not track.dead

    track = track.add("physical")

    assert track.dead
    assert track.out_of_play
    assert "killed" in track.explain()


def test_third_mental_crisis_retires() -> None:
    track = CrisisTrack(mental=2).add(CrisisKind.MENTAL)

    assert track.retired
    assert not track.dead
    assert "retired" in track.explain()


def test_adding_a_crisis_returns_a_new_value_and_leaves_the_old_one() -> None:
    before = CrisisTrack(physical=1, mental=1)
    after = before.add("mental")

    assert before == CrisisTrack(physical=1, mental=1)
    assert after == CrisisTrack(physical=1, mental=2)


def test_crises_can_never_be_removed() -> None:
    public = {name for name in dir(CrisisTrack) if not name.startswith("_")}

    assert not public & {"remove", "heal", "clear", "subtract", "reset"}
    with pytest.raises(RulesError):
        CrisisTrack(physical=-1)


def test_no_crisis_is_recorded_after_death_or_retirement() -> None:
    with pytest.raises(RulesError, match="dead"):
        CrisisTrack(physical=CRISIS_BOXES).add("mental")
    with pytest.raises(RulesError, match="retired"):
        CrisisTrack(mental=CRISIS_BOXES).add("physical")


def test_there_are_only_three_boxes_and_two_kinds() -> None:
    with pytest.raises(RulesError, match="only 3"):
        CrisisTrack(physical=4)
    with pytest.raises(RulesError, match="not a kind of crisis"):
        CrisisTrack().add("spiritual")


anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-20, 20),
    st.floats(allow_nan=True),
    st.text(max_size=8),
    st.lists(st.integers(-2, 12), max_size=10),
    st.dictionaries(st.text(max_size=6), st.integers(-2, 5), max_size=3),
)


@given(anything, anything, anything, anything)
def test_no_input_crashes_except_with_a_rules_error(
    first: Any, second: Any, third: Any, fourth: Any
) -> None:
    # Returning normally is fine too; any exception but a RulesError fails the test.
    with contextlib.suppress(RulesError):
        pool_size(
            attribute=first, tool_quality=second, normal_specials=third, starred_specials=fourth
        )
    with contextlib.suppress(RulesError):
        resolve_unique_pool(first).push(second)
    with contextlib.suppress(RulesError):
        roll_unique_pool(first, GivenFaces([1] * 8))
    with contextlib.suppress(RulesError):
        CrisisTrack(physical=first, mental=second).add(third)
    with contextlib.suppress(RulesError):
        held_numbers(first)
