"""Learner type arithmetic, the ¾ quota, and every prerequisite form of the skills table."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.errors import RulesError
from rules.infinity_drive.learner import learner_for
from rules.infinity_drive.prerequisites import parse_prerequisite
from rules.infinity_drive.profile import Characteristics
from rules.infinity_drive.rulebook import LearnerType, Learning, load_book


@pytest.mark.parametrize(
    ("profile", "learner_type", "rolls", "quota", "arithmetic"),
    [
        ("58A5873", LearnerType.ACADEMIC, 13, 10, "Int + Sty = 13 against Int + Chz = 12"),
        ("5875797", LearnerType.ACTION, 14, 11, "Int + Sty = 12 against Int + Chz = 14"),
        ("5877777", LearnerType.BALANCED, 15, 0, "Int + Sty = 14 against Int + Chz = 14"),
        ("555C555", LearnerType.BALANCED, 18, 0, "Int + Sty = 17 against Int + Chz = 17"),
        ("5552325", LearnerType.ACADEMIC, 5, 4, "Int + Sty = 5 against Int + Chz = 4"),
    ],
)
def test_learner_type(
    profile: str, learner_type: LearnerType, rolls: int, quota: int, arithmetic: str
) -> None:
    learner = learner_for(Characteristics.from_profile(profile))
    assert learner.learner_type == learner_type
    assert learner.rolls == rolls
    assert learner.quota == quota
    assert learner.arithmetic == arithmetic
    assert arithmetic in learner.explain()


def test_balanced_learner_gets_one_bonus_roll_and_no_restriction() -> None:
    learner = learner_for(Characteristics.from_profile("5877777"))
    assert learner.bonus_rolls == 1
    assert learner.quota_side is None
    assert learner.may_use(Learning.ACTION, 0, 1) == ""
    assert learner.may_use(Learning.ACADEMIC, 0, 1) == ""


@pytest.mark.parametrize(
    ("on_own_side", "rolls_left", "owed", "action_refused"),
    [
        (0, 13, 10, False),  # 12 left after this roll, still room for 10
        (0, 10, 10, True),  # every remaining roll must be academic
        (8, 5, 2, False),  # Treva's third group: 2 owed, 4 left after this one
        (8, 2, 2, True),
        (10, 3, 0, False),
        (3, 2, 2, True),  # a setback left fewer rolls than owed: all must be academic
    ],
)
def test_academic_quota(on_own_side: int, rolls_left: int, owed: int, action_refused: bool) -> None:
    learner = learner_for(Characteristics.from_profile("58A5873"))
    assert learner.owed(on_own_side, rolls_left) == owed
    reason = learner.may_use(Learning.ACTION, on_own_side, rolls_left)
    assert bool(reason) == action_refused
    if action_refused:
        assert f"You still owe {owed} academic roll" in reason
    assert learner.may_use(Learning.ACADEMIC, on_own_side, rolls_left) == ""


STATS = {"Mus": 6, "Grc": 8, "Res": 8, "Int": 5, "Sty": 8, "Chz": 7, "Mtp": 3}


@pytest.mark.parametrize(
    ("text", "stats", "current_rank", "met"),
    [
        ("None", STATS, None, True),
        ("Int: 4", STATS, None, True),
        ("Int: 7", STATS, None, False),
        ("Sty:5", STATS, None, True),
        ("Int: 7 Sty: 9", STATS | {"Int": 7, "Sty": 9}, None, True),
        ("Int: 7 Sty: 9", STATS | {"Int": 7}, None, False),
        ("Int: 8 Sty: 8 Res: 7", STATS | {"Int": 8}, None, True),
        ("Int: A Grc: B Res: 7", STATS | {"Int": 10, "Grc": 11}, None, True),
        ("Int: A Grc: B Res: 7", STATS | {"Int": 10, "Grc": 10}, None, False),
        ("Sty: < 9 Int: 7 Grc: 8", STATS | {"Int": 7}, None, True),
        ("Sty: < 9 Int: 7 Grc: 8", STATS | {"Int": 7, "Sty": 9}, None, False),
        ("Mus: 8 OR Chz: 7", STATS, None, True),
        ("Mus: 8 OR Chz: 7", STATS | {"Chz": 6}, None, False),
        ("Mus: 8 OR Chz: 7", STATS | {"Chz": 6, "Mus": 8}, None, True),
        ("As per weapon", STATS, None, True),
        ("Chz: 7 for further levels", STATS | {"Chz": 3}, None, True),
        ("Chz: 7 for further levels", STATS | {"Chz": 3}, 0, False),
        ("Chz: 7 for further levels", STATS, 0, True),
        ("Sty: 5 Chz: 4 for further levels", STATS | {"Sty": 4}, 2, False),
        ("Mtp: 8", STATS, None, False),
    ],
)
def test_prerequisite_forms(
    text: str, stats: dict[str, int], current_rank: int | None, met: bool
) -> None:
    prerequisite = parse_prerequisite(text)
    assert prerequisite.is_met(stats, current_rank) is met
    explanation = prerequisite.explain(stats, current_rank, "Skill")
    assert explanation.startswith("Skill")
    if not met:
        assert "you do not" in explanation


def test_every_book_prerequisite_parses() -> None:
    for skill in load_book().skills.values():
        assert parse_prerequisite(skill.prerequisite_text).text


def test_as_per_weapon_is_recorded_as_a_gm_ruling() -> None:
    prerequisite = parse_prerequisite("As per weapon")
    assert prerequisite.per_weapon
    assert "GM" in prerequisite.describe()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "Write the prerequisite"),
        ("Int:", "cannot read"),
        ("Int 7", "cannot read"),
        ("Foo: 7", "not a characteristic"),
        ("Int: 7 OR", "OR needs a clause"),
        ("Int: 10", "brackets"),
        ("Int: G", "not a hexadecimal"),
        ("Int: 7 Int: 8", "named twice"),
        ("for further levels", "cannot read"),
    ],
)
def test_malformed_prerequisites(text: str, reason: str) -> None:
    with pytest.raises(RulesError, match=reason):
        parse_prerequisite(text)


@given(st.text(max_size=40))
def test_prerequisite_parser_only_raises_rules_errors(text: str) -> None:
    try:
        prerequisite = parse_prerequisite(text)
    except RulesError:
        return
    assert isinstance(prerequisite.is_met(STATS, None), bool)
