"""The creation reducer: order of steps, the eight rules for generating skills, survival."""

from __future__ import annotations

from dataclasses import replace

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
    PointBuyAssigned,
    RaceApplied,
    Rerolled,
    SetbackChosen,
    SkillRolled,
    SpecialisationRolled,
    Step,
    StepError,
    SurvivalOutcomeChosen,
    SurvivalRolled,
    TableChosen,
    apply_step,
    replay,
    skill_roll_options,
)
from rules.infinity_drive.house_rules import (
    CharacteristicMethods,
    HouseRules,
    SurvivalFailure,
)
from rules.infinity_drive.rulebook import Learning, load_book
from rules.infinity_drive.skills import SkillRank, SkillSheet

BOOK = load_book()

# Int 5 Sty 8 Chz 7 Mtp 3: Treva's numbers (academic, 13 rolls), bought with 50 points.
TREVA_BUY = {"Mus": 5, "Grc": 8, "Res": 10, "Int": 5, "Sty": 8, "Chz": 7, "Mtp": 7}
ACTION_BUY = {"Mus": 8, "Grc": 8, "Res": 8, "Int": 6, "Sty": 4, "Chz": 9, "Mtp": 7}


def start(
    career: str = "Citizen",
    specialisation_face: int = 5,
    values: dict[str, int] | None = None,
    race: Race | None = None,
) -> list[Step]:
    return [
        MethodChosen(Method.POINT_BUY),
        PointBuyAssigned.of(values or TREVA_BUY),
        RaceApplied(race),
        CareerChosen(career),
        SpecialisationRolled((specialisation_face,)),
    ]


def roll(total: int) -> SkillRolled:
    first = min(6, total - 1)
    return SkillRolled((first, total - first))


def survive(total: int) -> SurvivalRolled:
    first = min(6, total - 1)
    return SurvivalRolled((first, total - first))


def play(steps: list[Step], house_rules: HouseRules | None = None) -> CreationState:
    return replay(steps, rulebook=BOOK, house_rules=house_rules or HouseRules())


def test_point_buy_path_reaches_the_skill_rolls() -> None:
    state = play(start())
    assert state.profile == "58A5877"
    assert state.expecting == Expect.SKILL_ROLL
    assert state.learner_type == "academic"
    assert state.skill_notation.startswith("Athletics, Acrobatics, Bribery")


def test_gm_lock_on_the_method() -> None:
    dice_only = HouseRules(characteristic_methods=CharacteristicMethods.DICE)
    with pytest.raises(RulesError, match="only dice rolling"):
        play([MethodChosen(Method.POINT_BUY)], dice_only)


def test_no_race_step_when_aliens_are_not_allowed() -> None:
    rules = HouseRules(alien_humanoids_allowed=False)
    state = play([MethodChosen(Method.POINT_BUY), PointBuyAssigned.of(TREVA_BUY)], rules)
    assert state.expecting == Expect.CAREER


def test_dice_characteristic_cannot_be_filled_twice() -> None:
    state = play([MethodChosen(Method.DICE), CharacteristicRolled("Mus", (3, 3))])
    with pytest.raises(RulesError, match="already has a value"):
        apply_step(state, CharacteristicRolled("Mus", (2, 2)), rulebook=BOOK)
    with pytest.raises(RulesError, match="The 2nd d6 shows 9"):
        apply_step(state, CharacteristicRolled("Grc", (2, 9)), rulebook=BOOK)


def test_replay_names_the_step_that_failed() -> None:
    with pytest.raises(StepError, match="Step 2") as caught:
        play([MethodChosen(Method.POINT_BUY), PointBuyAssigned.of(TREVA_BUY | {"Mus": 4})])
    assert caught.value.index == 1


def test_refused_step_leaves_the_state_unchanged() -> None:
    state = play(start())
    with pytest.raises(RulesError):
        apply_step(state, SurvivalRolled((3, 3)), rulebook=BOOK)
    assert state.expecting == Expect.SKILL_ROLL
    assert state.rolls_used == 0


def test_quota_forces_academic_tables_when_rolls_run_short() -> None:
    state = replace(play([*start(), roll(7)]), rolls_used=3, academic_rolls=0)
    # 10 rolls left, 10 owed: the action table is refused.
    options = {option.table_slug: option for option in skill_roll_options(state, BOOK)}
    assert not options["construction-action"].legal
    assert options["construction-action"].reason == "You still owe 10 academic rolls."
    with pytest.raises(RulesError, match="owe 10 academic"):
        apply_step(state, TableChosen("construction-action"), rulebook=BOOK)


def test_action_learner_owes_action_rolls() -> None:
    state = play(start(values=ACTION_BUY))
    assert state.learner_type == "action"
    assert state.rolls_total == 15
    assert state.owed == {Learning.ACADEMIC: 0, Learning.ACTION: 12}


def test_rank_six_loses_the_roll() -> None:
    state = play([*start(), roll(6)])
    maxed = SkillSheet((*state.skills.ranks, SkillRank("Diplomacy", "", 6)))
    state = replace(
        state, skills=SkillSheet(tuple(r for r in maxed.ranks if r.rank or r.skill != "Diplomacy"))
    )
    option = next(
        o for o in skill_roll_options(state, BOOK) if o.table_slug == "construction-academic"
    )
    assert option.legal
    assert option.loses_roll
    after = apply_step(state, TableChosen("construction-academic"), rulebook=BOOK)
    assert after.lost_rolls[0].reason == "Diplomacy is already at rank 6, so the roll is lost."
    assert after.rolls_used == 1
    assert after.skills.rank("Diplomacy") == 6


def test_characteristic_above_maximum_needs_a_history_reason() -> None:
    state = play([*start(values=TREVA_BUY | {"Mus": 12, "Res": 3}), roll(2)])
    option = next(
        o for o in skill_roll_options(state, BOOK) if o.table_slug == "construction-academic"
    )
    assert option.needs_history_reason
    assert option.loses_roll
    lost = apply_step(state, TableChosen("construction-academic"), rulebook=BOOK)
    assert lost.characteristics["Mus"] == 12
    assert len(lost.lost_rolls) == 1
    kept = apply_step(
        state,
        TableChosen("construction-academic", history_reason="Gene therapy in the warehouse."),
        rulebook=BOOK,
    )
    assert kept.characteristics["Mus"] == 13
    assert kept.lost_rolls == ()
    assert kept.history[-1].note == "Gene therapy in the warehouse."


def test_race_maximum_allows_a_darrian_int_of_15() -> None:
    darrian = Race.of("Darrian", "Cunning against predators.", {"Int": 3, "Res": -2, "Mtp": -1})
    state = play(start(career="Citizen", specialisation_face=3, race=darrian))
    assert state.maximum("Int") == 15


def test_characteristic_increase_never_changes_learner_or_rolls() -> None:
    state = play([*start(), roll(12), TableChosen("construction-academic")])  # +1 Chz
    assert state.characteristics["Chz"] == 8
    assert state.learner_type == "academic"
    assert state.rolls_total == 13


def test_reroll_of_the_same_skill_loses_the_roll() -> None:
    state = play([*start(), roll(9), Rerolled("construction-academic", (4, 5))])
    assert state.pending is not None
    assert state.pending.is_reroll
    options = {o.table_slug: o for o in skill_roll_options(state, BOOK)}
    assert options["construction-academic"].loses_roll
    assert "Psychic again" in options["construction-academic"].reason
    after = apply_step(state, TableChosen("construction-academic"), rulebook=BOOK)
    assert "Psychic again" in after.lost_rolls[0].reason
    assert after.records[0].rerolled_faces == (4, 5)


def test_only_one_reroll_and_only_for_an_unmet_prerequisite() -> None:
    state = play([*start(), roll(9), Rerolled("construction-academic", (4, 5))])
    with pytest.raises(RulesError, match="already rerolled"):
        apply_step(state, Rerolled("construction-academic", (1, 1)), rulebook=BOOK)
    fresh = play([*start(), roll(4)])
    with pytest.raises(RulesError, match="needs no reroll"):
        apply_step(fresh, Rerolled("construction-academic", (1, 1)), rulebook=BOOK)


def test_specialties_follow_rules_two_and_eight() -> None:
    state = play([*start(), roll(10)])  # Knowledge on Construction Academic
    with pytest.raises(RulesError, match="Choose a specialty for Knowledge"):
        apply_step(state, TableChosen("construction-academic"), rulebook=BOOK)
    first = apply_step(state, TableChosen("construction-academic", "Xenobiology"), rulebook=BOOK)
    again = play(
        [*start(), roll(10), TableChosen("construction-academic", "Xenobiology"), roll(10)]
    )
    raised = apply_step(again, TableChosen("construction-academic", "xenobiology"), rulebook=BOOK)
    assert first.skills.rank("Knowledge", "Xenobiology") == 0
    assert raised.skills.rank("Knowledge", "Xenobiology") == 1
    second = apply_step(again, TableChosen("construction-academic", "Black Market"), rulebook=BOOK)
    assert second.skills.specialties("Knowledge") == ("Black Market", "Xenobiology")


def test_table_named_specialty_must_be_taken() -> None:
    # Rogue (3), Rogue Action 3: Knowledge (Underworld).
    state = play([*start(specialisation_face=3), roll(3)])
    with pytest.raises(RulesError, match="must take that specialty"):
        apply_step(state, TableChosen("rogue-action", "Finance"), rulebook=BOOK)
    after = apply_step(state, TableChosen("rogue-action"), rulebook=BOOK)
    assert after.skills.rank("Knowledge", "Underworld") == 0


def test_closed_specialty_list_is_enforced() -> None:
    # Marine (5), Marine Academic 3: a bare "Navigation", so the player chooses from the
    # closed list Planet, Inter-planet, Inter-stellar.
    rich = TREVA_BUY | {"Int": 9, "Res": 6}
    state = play([*start("Military", 5, rich), roll(3)])
    with pytest.raises(RulesError, match="specialties are: Planet"):
        apply_step(state, TableChosen("marine-academic", "Underwater"), rulebook=BOOK)
    after = apply_step(state, TableChosen("marine-academic", "inter-stellar"), rulebook=BOOK)
    assert after.skills.rank("Navigation", "Inter-stellar") == 0


def full_group(first_steps: list[Step]) -> list[Step]:
    return [
        *first_steps,
        *[step for _ in range(4) for step in (roll(4), TableChosen("construction-academic"))],
    ]


@pytest.mark.parametrize(
    ("failure", "expecting"),
    [
        (SurvivalFailure.DEATH, Expect.DEAD),
        (SurvivalFailure.SETBACK, Expect.SETBACK),
        (SurvivalFailure.PLAYER_CHOICE, Expect.SURVIVAL_OUTCOME),
    ],
)
def test_failed_survival_follows_the_house_rule(
    failure: SurvivalFailure, expecting: Expect
) -> None:
    rules = HouseRules(survival_failure=failure)
    state = play([*full_group(start()), survive(3)], rules)
    assert state.expecting == expecting
    if expecting == Expect.DEAD:
        assert state.dead
        with pytest.raises(RulesError, match="died"):
            apply_step(state, roll(7), rulebook=BOOK, house_rules=rules)


def test_setback_costs_a_roll_and_a_point() -> None:
    state = play(
        [
            *full_group(start()),
            survive(3),
            SurvivalOutcomeChosen(SurvivalFailure.SETBACK),
            SetbackChosen("Res"),
        ]
    )
    assert state.characteristics["Res"] == 9
    assert state.rolls_left == 8
    assert state.expecting == Expect.SKILL_ROLL
    assert state.history[-1].kind == "setback"


def test_survival_off_means_no_survival_rolls() -> None:
    rules = HouseRules(career_survival=False)
    state = play(full_group(start()), rules)
    assert state.expecting == Expect.SKILL_ROLL
    assert state.current_group == 2
    assert state.index_in_group == 1


def test_last_setback_takes_two_points() -> None:
    rules = HouseRules(survival_failure=SurvivalFailure.SETBACK)
    steps = full_group(start())
    state = play([*steps, survive(8)], rules)
    # Skip ahead to the final roll by marking twelve rolls used.
    state = replace(state, rolls_used=12, academic_rolls=12)
    state = apply_step(state, roll(4), rulebook=BOOK, house_rules=rules)
    state = apply_step(
        state, TableChosen("construction-academic"), rulebook=BOOK, house_rules=rules
    )
    assert state.expecting == Expect.SURVIVAL_ROLL
    state = apply_step(state, survive(2), rulebook=BOOK, house_rules=rules)
    state = apply_step(state, SetbackChosen("Grc"), rulebook=BOOK, house_rules=rules)
    assert state.characteristics["Grc"] == 6
    assert state.is_complete
