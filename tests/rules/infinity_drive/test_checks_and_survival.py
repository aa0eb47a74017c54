"""Skill checks, grades of success, opposed checks and career survival."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import SeededDice
from rules.errors import RulesError
from rules.infinity_drive.checks import grade_of_success, opposed_check, skill_check
from rules.infinity_drive.house_rules import BOOK_DEFAULTS, HouseRules, PlusThreeGrade
from rules.infinity_drive.profile import Characteristics
from rules.infinity_drive.rulebook import LearnerType, load_book
from rules.infinity_drive.survival import apply_setback, survival_check

BOOK = load_book()
SUCCESS_AT_PLUS_THREE = HouseRules(plus_three_grade=PlusThreeGrade.SUCCESS)


@pytest.mark.parametrize(
    ("margin", "grade"),
    [
        (-9, "Extreme Failure"),
        (-7, "Extreme Failure"),
        (-6, "Bad Failure"),
        (-4, "Bad Failure"),
        (-3, "Failure"),
        (-1, "Failure"),
        (0, "Success"),
        (2, "Success"),
        (3, "Good Success"),
        (5, "Good Success"),
        (6, "Ultimate Success"),
    ],
)
def test_grades(margin: int, grade: str) -> None:
    assert grade_of_success(margin) == grade
    assert grade_of_success(margin, BOOK_DEFAULTS, BOOK.grades) == grade


def test_plus_three_house_rule() -> None:
    assert grade_of_success(3, SUCCESS_AT_PLUS_THREE) == "Success"
    assert grade_of_success(3, SUCCESS_AT_PLUS_THREE, BOOK.grades) == "Success"
    assert grade_of_success(4, SUCCESS_AT_PLUS_THREE) == "Good Success"


@pytest.mark.parametrize(
    ("difficulty", "value", "rank", "faces", "total", "success", "grade"),
    [
        ("Normal", 8, 2, (3, 3), 9, True, "Success"),  # 6 + 1 + 2
        ("Normal", 5, 0, (4, 4), 8, False, "Failure"),
        ("Easy", 8, 1, (6, 6, 6), 20, True, "Ultimate Success"),
        ("Difficult", 8, 0, (1, 1), 3, False, "Bad Failure"),
        ("Normal", 2, 0, (1, 1), 1, False, "Extreme Failure"),
        ("Near Impossible", 14, 3, (6,), 12, True, "Good Success"),
    ],
)
def test_skill_check(
    difficulty: str,
    value: int,
    rank: int,
    faces: tuple[int, ...],
    total: int,
    success: bool,
    grade: str,
) -> None:
    result = skill_check(
        skill="Pilot",
        rank=rank,
        characteristic="Grc",
        characteristic_value=value,
        difficulty=difficulty,
        faces=faces,
        difficulty_dice=BOOK.skill_check_dice,
    )
    assert (result.total, result.success, result.grade) == (total, success, grade)
    assert not result.automatic


def test_automatic_results_need_no_dice() -> None:
    hopeless = skill_check(
        skill="Pilot",
        rank=0,
        characteristic="Grc",
        characteristic_value=2,
        difficulty="Impossible!",
    )
    assert (hopeless.success, hopeless.automatic) == (False, True)
    assert "automatic failure" in hopeless.explanation
    certain = skill_check(
        skill="Pilot", rank=6, characteristic="Grc", characteristic_value=14, difficulty="Easy"
    )
    assert (certain.success, certain.automatic) == (True, True)


def test_skill_check_errors() -> None:
    with pytest.raises(RulesError, match="cannot attempt"):
        skill_check(skill="Pilot", rank=None, characteristic="Grc", characteristic_value=7)
    with pytest.raises(RulesError, match="The d4 shows 5"):
        skill_check(
            skill="Pilot",
            rank=2,
            characteristic="Grc",
            characteristic_value=14,
            difficulty="Impossible!",
            faces=(5,),
        )


def test_opposed_target_is_the_other_total() -> None:
    result = skill_check(
        skill="Stealth",
        rank=1,
        characteristic="Grc",
        characteristic_value=8,
        target=11,
        faces=(5, 6),
    )
    assert (result.total, result.margin, result.grade) == (13, 2, "Success")
    opposed = opposed_check(14, 7)
    assert (opposed.winner, opposed.first_grade, opposed.second_grade) == (
        1,
        "Ultimate Success",
        "Extreme Failure",
    )
    tie = opposed_check(9, 9)
    assert tie.winner == 0
    assert "stand-off" in tie.explanation


@given(
    value=st.integers(min_value=-3, max_value=40),
    rank=st.integers(min_value=-2, max_value=8),
    difficulty=st.sampled_from(["Easy", "Normal", "Difficult", "Near Impossible", "Impossible!"]),
    seed=st.integers(min_value=0, max_value=2**20),
)
def test_skill_checks_stay_in_bounds(value: int, rank: int, difficulty: str, seed: int) -> None:
    try:
        result = skill_check(
            skill="Pilot",
            rank=rank,
            characteristic="Grc",
            characteristic_value=value,
            difficulty=difficulty,
            source=SeededDice(seed),
        )
    except RulesError:
        return
    flat = result.modifier + rank
    assert result.dice.minimum + flat <= result.total <= result.dice.maximum + flat
    assert result.success == (result.total >= 9)


@pytest.mark.parametrize(
    ("career", "learner_type", "faces", "target", "survived"),
    [
        ("Citizen", LearnerType.ACADEMIC, (2, 3), 3, True),  # Treva's 5 against 3
        ("Citizen", LearnerType.ACADEMIC, (1, 2), 3, False),  # must roll higher
        ("Military", LearnerType.ACTION, (2, 3), 5, False),
        ("Military", LearnerType.ACTION, (3, 3), 5, True),
        ("Military", LearnerType.ACADEMIC, (2, 3), 4, True),
        ("Citizen", LearnerType.ACTION, (2, 2), 4, False),
        ("Military", LearnerType.BALANCED, (2, 3), 4, True),
        ("Citizen", LearnerType.BALANCED, (1, 3), 4, False),
    ],
)
def test_survival_targets(
    career: str, learner_type: LearnerType, faces: tuple[int, int], target: int, survived: bool
) -> None:
    result = survival_check(career=career, learner_type=learner_type, rulebook=BOOK, faces=faces)
    assert (result.target, result.survived) == (target, survived)


@pytest.mark.parametrize(("rolls_left", "amount", "rolls_lost"), [(3, 1, 1), (0, 2, 0)])
def test_setback(rolls_left: int, amount: int, rolls_lost: int) -> None:
    setback = apply_setback(Characteristics.from_profile("58A5873"), "Grc", rolls_left)
    assert (setback.amount, setback.rolls_lost) == (amount, rolls_lost)
    assert setback.characteristics["Grc"] == 8 - amount


def test_setback_never_takes_a_characteristic_below_1() -> None:
    with pytest.raises(RulesError, match="below 1"):
        apply_setback(Characteristics.from_profile("58A5871"), "Mtp", 2)


def test_survival_explanation_marks_only_typed_dice_as_entered() -> None:
    server = survival_check(career="Citizen", learner_type="academic", rulebook=BOOK, faces=(2, 3))
    typed = survival_check(
        career="Citizen", learner_type="academic", rulebook=BOOK, faces=(2, 3), entered=True
    )
    assert "(entered)" not in server.explanation
    assert "(entered)" in typed.explanation


def test_survival_refuses_an_unknown_learner_type_with_a_rules_error() -> None:
    with pytest.raises(RulesError, match="not a learner type"):
        survival_check(career="Citizen", learner_type="dreamer", rulebook=BOOK, faces=(2, 3))
