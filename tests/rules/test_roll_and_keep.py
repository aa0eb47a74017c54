from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import GivenFaces, SeededDice
from rules.errors import DiceError, RulesError
from rules.roll_and_keep import (
    DEFAULT_MANA_COLOURS,
    HOUSE_ATTRIBUTE_COLOURS,
    Difficulty,
    degree_of_success,
    dice_pool,
    difficulty_label,
    indirect_difficulty,
    resolve_direct_contest,
    resolve_roll_and_keep,
    roll_and_keep,
)

# The book's example character: "3 black mana and 2 blue mana".
EXAMPLE_MANA = {"black": 3, "blue": 2}


# ---------------------------------------------------------------- the four mana examples


def test_telling_a_lie_rolls_cunning_plus_one_and_keeps_four() -> None:
    pool = dice_pool(attribute="Cunning", attribute_score=3, specialities=1, mana=EXAMPLE_MANA)

    assert pool.rolled == 4
    assert pool.kept == 4
    assert "3 black mana" in pool.keep_reason


def test_reading_an_enchantment_rolls_intelligence_and_keeps_two() -> None:
    pool = dice_pool(attribute="Intelligence", attribute_score=4, specialities=0, mana=EXAMPLE_MANA)

    assert pool.rolled == 4
    assert pool.kept == 2
    assert pool.keep_reason == "2 blue mana"


def test_resisting_fire_keeps_five_over_three_plus_one() -> None:
    pool = dice_pool(attribute="Endurance", attribute_score=3, specialities=1, mana=EXAMPLE_MANA)

    assert pool.rolled == 4
    assert pool.kept == 2
    assert "5 total mana ÷ 3 colours without mana" in pool.keep_reason


def test_striking_with_a_staff_rolls_strength_and_keeps_one() -> None:
    pool = dice_pool(attribute="Strength", attribute_score=2, specialities=0, mana=EXAMPLE_MANA)

    assert pool.rolled == 2
    assert pool.kept == 1
    assert pool.explain() == (
        "Roll 2 (ten-sided dice: Strength 2), keep 1 "
        "(5 total mana ÷ 3 colours without mana, rounded down, at least 1 = 1)."
    )


# ---------------------------------------------------------------- links are data


def test_the_link_table_is_passed_in_as_data() -> None:
    links = {"Cunning": "blue"}

    pool = dice_pool(
        attribute="Cunning", attribute_score=3, specialities=0, mana=EXAMPLE_MANA, links=links
    )

    assert pool.kept == 2


def test_an_attribute_linked_to_no_colour_uses_the_division() -> None:
    pool = dice_pool(
        attribute="Luck",
        attribute_score=3,
        specialities=0,
        mana={"white": 4, "blue": 4},
        links={"Luck": None},
    )

    assert pool.kept == 2  # 8 total ÷ 3 colours lacking = 2


def test_a_character_with_every_colour_divides_by_one_not_zero() -> None:
    mana = dict.fromkeys(DEFAULT_MANA_COLOURS, 1)

    pool = dice_pool(
        attribute="Luck", attribute_score=2, specialities=0, mana=mana, links={"Luck": None}
    )

    assert pool.kept == 5


def test_no_mana_at_all_still_keeps_one() -> None:
    pool = dice_pool(attribute="Strength", attribute_score=3, specialities=0, mana={})

    assert pool.kept == 1


def test_the_colour_list_is_a_parameter() -> None:
    pool = dice_pool(
        attribute="Wits",
        attribute_score=3,
        specialities=0,
        mana={"silver": 3},
        links={"Wits": "gold"},
        colours=("silver", "gold"),
    )

    assert pool.kept == 3  # 3 total ÷ 1 colour lacking


def test_house_link_table_matches_the_books_example() -> None:
    assert HOUSE_ATTRIBUTE_COLOURS["Cunning"] == "black"
    assert HOUSE_ATTRIBUTE_COLOURS["Intelligence"] == "blue"
    assert HOUSE_ATTRIBUTE_COLOURS["Endurance"] not in {"black", "blue"}
    assert HOUSE_ATTRIBUTE_COLOURS["Strength"] not in {"black", "blue"}


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"attribute": "Dexterity"}, "no entry in the attribute–colour link table"),
        ({"mana": {"purple": 1}}, "Unknown mana colour purple"),
        ({"mana": {"black": -1}}, "cannot be less than 0"),
        ({"attribute_score": -1}, "cannot be less than 0"),
        ({"specialities": -1}, "cannot be less than 0"),
        ({"links": {"Cunning": "purple"}}, "not a mana colour"),
        ({"colours": ()}, "at least one colour"),
    ],
)
def test_bad_pool_inputs_are_rules_errors(arguments: dict[str, object], message: str) -> None:
    values: dict[str, Any] = {
        "attribute": "Cunning",
        "attribute_score": 3,
        "specialities": 0,
        "mana": EXAMPLE_MANA,
    } | arguments

    with pytest.raises(RulesError, match=message):
        dice_pool(**values)


# ---------------------------------------------------------------- difficulties and successes


def test_the_eight_named_difficulties() -> None:
    assert [(member.label, int(member)) for member in Difficulty] == [
        ("Easy", 3),
        ("Routine", 4),
        ("Straightforward", 5),
        ("Standard", 6),
        ("Challenging", 7),
        ("Difficult", 8),
        ("Extremely difficult", 9),
        ("Virtually impossible", 10),
    ]
    assert difficulty_label(7) == "Challenging (7)"
    assert difficulty_label(2) == "difficulty 2"


def test_a_die_equal_to_the_difficulty_succeeds_by_default() -> None:
    result = resolve_roll_and_keep([10], keep=1, difficulty=Difficulty.VIRTUALLY_IMPOSSIBLE)

    assert result.successes == 1
    assert result.degree == "Marginal"


def test_strictly_over_house_rule_makes_a_ten_fail_virtually_impossible() -> None:
    result = resolve_roll_and_keep([10, 7], keep=2, difficulty=10, strictly_over=True)

    assert result.successes == 0
    assert "over Virtually impossible (10)" in result.explain()


def test_only_the_highest_kept_dice_count() -> None:
    result = resolve_roll_and_keep([8, 2, 9, 7, 3], keep=2, difficulty=7)

    assert result.kept == (9, 8)
    assert result.successes == 2  # the third success (7) was not kept


@pytest.mark.parametrize(
    ("successes", "degree"),
    [
        (0, "Failure"),
        (1, "Marginal"),
        (2, "Moderate"),
        (3, "Complete"),
        (4, "Exceptional"),
        (5, "Phenomenal"),
        (6, "Phenomenal"),
        (9, "Phenomenal"),
    ],
)
def test_degrees_of_success(successes: int, degree: str) -> None:
    assert degree_of_success(successes) == degree


def test_six_kept_successes_are_still_phenomenal() -> None:
    result = resolve_roll_and_keep([9] * 6, keep=6, difficulty=5)

    assert result.degree == "Phenomenal"


def test_a_one_with_no_successes_is_a_botch() -> None:
    result = resolve_roll_and_keep([1, 4, 5], keep=1, difficulty=6)

    assert result.botch
    assert result.degree == "Botch"
    assert "botch" in result.explain()


def test_a_one_beside_a_success_is_no_botch() -> None:
    result = resolve_roll_and_keep([1, 6], keep=1, difficulty=6)

    assert not result.botch
    assert result.degree == "Marginal"


def test_no_successes_without_a_one_is_a_plain_failure() -> None:
    result = resolve_roll_and_keep([2, 5], keep=2, difficulty=6)

    assert not result.botch
    assert result.degree == "Failure"


def test_rolling_with_dice_from_outside() -> None:
    pool = dice_pool(attribute="Cunning", attribute_score=3, specialities=1, mana=EXAMPLE_MANA)

    result = roll_and_keep(pool, difficulty=Difficulty.STANDARD, source=GivenFaces([6, 1, 9, 5]))

    assert result.faces == (6, 1, 9, 5)
    assert result.successes == 2


def test_seeded_rolls_repeat() -> None:
    pool = dice_pool(attribute="Cunning", attribute_score=5, specialities=0, mana=EXAMPLE_MANA)

    first = roll_and_keep(pool, difficulty=6, source=SeededDice("npc"))
    again = roll_and_keep(pool, difficulty=6, source=SeededDice("npc"))

    assert first == again


def test_a_pool_with_no_dice_cannot_be_rolled() -> None:
    pool = dice_pool(attribute="Strength", attribute_score=0, specialities=0, mana=EXAMPLE_MANA)

    with pytest.raises(RulesError, match="no dice"):
        roll_and_keep(pool, difficulty=6, source=GivenFaces([]))


def test_faces_must_be_d10_faces() -> None:
    with pytest.raises(DiceError, match="shows 11"):
        resolve_roll_and_keep([11], keep=1, difficulty=6)
    with pytest.raises(RulesError):
        resolve_roll_and_keep([5], keep=0, difficulty=6)
    with pytest.raises(RulesError, match="at least one die"):
        resolve_roll_and_keep([], keep=1, difficulty=6)


@given(
    st.lists(st.integers(1, 10), min_size=1, max_size=12),
    st.integers(1, 12),
    st.integers(0, 12),
    st.booleans(),
)
def test_successes_are_the_kept_dice_meeting_the_difficulty(
    faces: list[int], keep: int, difficulty: int, strictly_over: bool
) -> None:
    result = resolve_roll_and_keep(
        faces, keep=keep, difficulty=difficulty, strictly_over=strictly_over
    )
    meets = [face > difficulty if strictly_over else face >= difficulty for face in faces]

    assert result.successes == min(keep, sum(meets))
    assert result.botch == (result.successes == 0 and 1 in faces)


# ---------------------------------------------------------------- opposed actions


def test_sneaking_past_acuity_two_is_five_dice_at_difficulty_two() -> None:
    difficulty = indirect_difficulty(passive_attribute_score=2)
    pool = dice_pool(attribute="Finesse", attribute_score=5, specialities=0, mana=EXAMPLE_MANA)

    assert difficulty == 2
    assert pool.rolled == 5


def test_acuity_four_and_acute_hearing_is_difficulty_five() -> None:
    assert indirect_difficulty(passive_attribute_score=4, passive_specialities=1) == 5


def test_indirect_difficulty_refuses_negative_values() -> None:
    with pytest.raises(RulesError):
        indirect_difficulty(passive_attribute_score=-1)


def test_the_race_second_runner_wins_by_one() -> None:
    first_pool = dice_pool(
        attribute="Endurance", attribute_score=3, specialities=0, mana=EXAMPLE_MANA
    )
    second_pool = dice_pool(
        attribute="Endurance", attribute_score=5, specialities=1, mana=EXAMPLE_MANA
    )
    assert (first_pool.rolled, second_pool.rolled) == (3, 6)

    first = roll_and_keep(
        first_pool, difficulty=Difficulty.CHALLENGING, source=GivenFaces([7, 9, 2])
    )
    second = roll_and_keep(
        second_pool, difficulty=Difficulty.CHALLENGING, source=GivenFaces([8, 10, 7, 3, 3, 1])
    )
    # The book gives kept successes, not keep counts; these keeps give its 2 and 3.
    first_kept = resolve_roll_and_keep(first.faces, keep=2, difficulty=7)
    second_kept = resolve_roll_and_keep(second.faces, keep=3, difficulty=7)
    assert (first_kept.successes, second_kept.successes) == (2, 3)

    contest = resolve_direct_contest(first_kept, second_kept)

    assert contest.winner == "second"
    assert contest.margin == -1
    assert "wins with 1 success remaining" in contest.explain()


def test_equal_successes_in_a_contest_leave_no_winner() -> None:
    contest = resolve_direct_contest(
        resolve_roll_and_keep([8], keep=1, difficulty=7),
        resolve_roll_and_keep([9, 2], keep=1, difficulty=7),
    )

    assert contest.winner is None
    assert "neither side wins" in contest.explain()


def test_a_contest_uses_one_difficulty() -> None:
    with pytest.raises(RulesError, match="same difficulty"):
        resolve_direct_contest(
            resolve_roll_and_keep([8], keep=1, difficulty=7),
            resolve_roll_and_keep([8], keep=1, difficulty=6),
        )


anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-20, 20),
    st.floats(allow_nan=True),
    st.text(max_size=8),
    st.lists(st.integers(-2, 12), max_size=10),
    st.dictionaries(st.text(max_size=6), st.integers(-2, 5), max_size=3),
)


@given(anything, anything, anything, anything, anything, st.booleans())
def test_no_input_crashes_except_with_a_rules_error(
    first: Any, second: Any, third: Any, fourth: Any, fifth: Any, flag: bool
) -> None:
    # Returning normally is fine too; any exception but a RulesError fails the test.
    with contextlib.suppress(RulesError):
        dice_pool(attribute=first, attribute_score=second, specialities=third, mana=fourth)
    with contextlib.suppress(RulesError):
        dice_pool(
            attribute="Cunning",
            attribute_score=3,
            specialities=0,
            mana=EXAMPLE_MANA,
            links=fifth,
            colours=first,
        )
    with contextlib.suppress(RulesError):
        resolve_roll_and_keep(first, keep=second, difficulty=third, strictly_over=flag)
    with contextlib.suppress(RulesError):
        indirect_difficulty(passive_attribute_score=fourth, passive_specialities=fifth)
    with contextlib.suppress(RulesError):
        degree_of_success(first)
