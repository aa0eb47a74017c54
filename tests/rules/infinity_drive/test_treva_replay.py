"""Treva Donalson, the book's worked example, replayed roll by roll from the book's dice."""

from __future__ import annotations

import pytest

from rules.errors import RulesError
from rules.infinity_drive.aliens import Race
from rules.infinity_drive.creation import (
    CareerChosen,
    CharacteristicRolled,
    CreationState,
    Expect,
    Method,
    MethodChosen,
    RaceApplied,
    Rerolled,
    SkillRolled,
    SpecialisationRolled,
    Step,
    SurvivalRolled,
    TableChosen,
    apply_step,
    replay,
    skill_roll_options,
)
from rules.infinity_drive.rulebook import LearnerType, load_book

BOOK = load_book()

DARRIAN = Race.of(
    "Darrian",
    "Born on a home-world rife with metaphysical predators and little micro-organic life.",
    {"Int": 3, "Res": -2, "Mtp": -1},
)

# "58C2874": the dice rolled in order 7, 8, 8, 4, 2, 5, C and put where the player chose.
CHARACTERISTIC_STEPS: list[Step] = [
    MethodChosen(Method.DICE),
    CharacteristicRolled("Chz", (3, 4)),
    CharacteristicRolled("Sty", (4, 4)),
    CharacteristicRolled("Grc", (5, 3)),
    CharacteristicRolled("Mtp", (2, 2)),
    CharacteristicRolled("Int", (1, 1)),
    CharacteristicRolled("Mus", (2, 3)),
    CharacteristicRolled("Res", (6, 6)),
]

CAREER_STEPS: list[Step] = [
    RaceApplied(DARRIAN),
    CareerChosen("Citizen"),
    SpecialisationRolled((5,)),  # "Treva sets off on his career in construction (rolled a 5)"
]


def skill(total: int) -> SkillRolled:
    """A 2d6 roll with the book's total (which faces made it does not matter to the rules)."""
    first = min(6, total - 1)
    return SkillRolled((first, total - first))


def survival(total: int) -> SurvivalRolled:
    first = min(6, total - 1)
    return SurvivalRolled((first, total - first))


SKILL_STEPS: list[Step] = [
    # Group 1: only the Construction tables.
    skill(2),
    TableChosen("construction-academic"),  # +1 Mus
    skill(9),
    Rerolled("construction-academic", (1, 3)),  # Psychic: Mtp 3 < 8, reroll 4
    TableChosen("construction-academic"),  # Clerical
    skill(6),
    TableChosen("construction-academic"),  # Diplomacy 1
    skill(10),
    TableChosen("construction-academic", specialty="Black Market"),
    survival(5),  # "a roll against target number 3. I get a 5"
    # Group 2: the Citizen Planetside tables open.
    skill(8),
    TableChosen("construction-academic"),  # Intimidation (Chz 7 just qualifies)
    skill(5),
    TableChosen("citizen-planetside-academic"),  # Broker
    skill(6),
    TableChosen("construction-academic"),  # Diplomacy 2
    skill(9),
    TableChosen("citizen-planetside-academic"),  # Diplomacy 3
    survival(9),  # "Treva then rolls a 9 on his survival roll"
    # Group 3: the academic quota (10) is met on the second roll of this group.
    skill(6),
    TableChosen("construction-academic"),  # Diplomacy 4
    skill(11),
    TableChosen("construction-academic"),  # Local
    skill(4),
    TableChosen("construction-action"),  # Recon 1
    skill(7),
    TableChosen("construction-academic"),  # Bribery 1
    # Ruling: the book gives no survival roll after the third group; we supply a pass.
    survival(8),
    # Group 4 (part thereof): one roll.
    skill(6),
    TableChosen("citizen-planetside-action"),  # Drive 1
    survival(7),  # "He rolls a 7 on his survival check"
]

BOOK_SKILLS = (
    "Athletics, Acrobatics, Bribery – 1, Broker, Clerical, Diplomacy – 4, Drive – 1, Evade, "
    "Intimidation, Knowledge (Black Market), Local, Recon – 1, Stealth, Swim, Zero-G Movement"
)


@pytest.fixture(scope="module")
def treva() -> CreationState:
    return replay(CHARACTERISTIC_STEPS + CAREER_STEPS + SKILL_STEPS, rulebook=BOOK)


def test_rolled_profile_is_58C2874_and_46_points() -> None:
    state = replay(CHARACTERISTIC_STEPS, rulebook=BOOK)
    assert state.profile == "58C2874"
    assert state.characteristics.total == 46
    assert state.expecting == Expect.RACE


def test_darrian_profile_is_58A5873() -> None:
    state = replay([*CHARACTERISTIC_STEPS, RaceApplied(DARRIAN)], rulebook=BOOK)
    assert state.profile == "58A5873"
    assert state.maximum("Int") == 15


def test_learner_is_academic_13_against_12_with_13_rolls_and_10_owed() -> None:
    state = replay(CHARACTERISTIC_STEPS + CAREER_STEPS, rulebook=BOOK)
    assert state.learner is not None
    assert state.learner.learner_type == LearnerType.ACADEMIC
    assert (state.learner.academic_total, state.learner.action_total) == (13, 12)
    assert state.rolls_total == 13
    assert state.learner.quota == 10
    assert state.specialisation == "Construction"
    assert state.quota_message == "You still owe 10 academic rolls."


def test_treva_ends_with_the_books_skill_list(treva: CreationState) -> None:
    assert treva.skill_notation == BOOK_SKILLS
    # The one-line summary says "rank": the book's "Bribery – 1" reads as minus one.
    assert treva.skill_summary == (
        "Athletics (rank 0), Acrobatics (rank 0), Bribery (rank 1), Broker (rank 0), "
        "Clerical (rank 0), Diplomacy (rank 4), Drive (rank 1), Evade (rank 0), "
        "Intimidation (rank 0), Knowledge (Black Market, rank 0), Local (rank 0), "
        "Recon (rank 1), Stealth (rank 0), Swim (rank 0), Zero-G Movement (rank 0)"
    )
    assert treva.is_complete
    assert treva.rolls_used == 13
    assert treva.rolls_left == 0
    assert treva.lost_rolls == ()


def test_treva_keeps_his_plus_one_muscle(treva: CreationState) -> None:
    # Ruling: the book prints 58A5873 but its first roll gave +1 Mus.
    assert treva.profile == "68A5873"


def test_treva_history_has_one_prompt_per_roll(treva: CreationState) -> None:
    skill_entries = [entry for entry in treva.history if entry.kind == "skill"]
    assert len(skill_entries) == 13
    assert "Construction Academic Table" in skill_entries[0].prompt
    assert "+1 Mus" in skill_entries[0].prompt
    assert next(entry.kind for entry in treva.history) == "career"


def test_treva_used_eleven_academic_rolls(treva: CreationState) -> None:
    assert (treva.academic_rolls, treva.action_rolls) == (11, 2)
    assert [result.total for result in treva.survival_rolls] == [5, 9, 8, 7]


def test_psychic_offers_a_reroll_before_the_reroll() -> None:
    state = replay(CHARACTERISTIC_STEPS + CAREER_STEPS + SKILL_STEPS[:3], rulebook=BOOK)
    options = {option.table_slug: option for option in skill_roll_options(state, BOOK)}
    psychic = options["construction-academic"]
    assert psychic.entry.skill == "Psychic"
    assert not psychic.legal
    assert psychic.reroll_offered
    assert "Mtp" in psychic.reason
    with pytest.raises(RulesError, match="roll again"):
        apply_step(state, TableChosen("construction-academic"), rulebook=BOOK)


def test_planetside_tables_are_closed_in_the_first_group() -> None:
    state = replay(CHARACTERISTIC_STEPS + CAREER_STEPS + [skill(5)], rulebook=BOOK)
    assert {option.table_slug for option in skill_roll_options(state, BOOK)} == {
        "construction-academic",
        "construction-action",
    }
    with pytest.raises(RulesError, match="first group of four"):
        apply_step(state, TableChosen("citizen-planetside-academic"), rulebook=BOOK)


def test_out_of_order_step_is_refused_with_the_next_step() -> None:
    state = replay(CHARACTERISTIC_STEPS + CAREER_STEPS, rulebook=BOOK)
    with pytest.raises(RulesError, match="Roll 2d6 for your next skill"):
        apply_step(state, TableChosen("construction-academic"), rulebook=BOOK)
