"""Non-humanoid races (GM ruling) rolling their characteristics through the creation reducer:
each with the race's own dice, bodiless races, replays, refused and out-of-order steps, and
setbacks."""

from __future__ import annotations

import pytest

from rules.errors import RulesError
from rules.infinity_drive.aliens import NonHumanoidDice, NonHumanoidRace
from rules.infinity_drive.creation import (
    CareerChosen,
    CharacteristicRolled,
    CreationState,
    Expect,
    Method,
    MethodChosen,
    NonHumanoidChosen,
    PointBuyAssigned,
    RaceApplied,
    SetbackChosen,
    SkillRolled,
    SpecialisationRolled,
    Step,
    StepError,
    SurvivalOutcomeChosen,
    SurvivalRolled,
    TableChosen,
    apply_step,
    characteristic_dice,
    characteristics_to_roll,
    skill_roll_options,
)
from rules.infinity_drive.house_rules import HouseRules, SurvivalFailure
from rules.infinity_drive.rulebook import LearnerType
from tests.rules.infinity_drive.non_humanoid_races import (
    BOOK,
    INTELLECTS,
    TOUGH,
    TOUGH_CHARACTERISTICS,
    play,
)

# A bodiless race: 14 dice over Int, Sty, Chz and Mtp only.
DRIFTING_MINDS = NonHumanoidDice.of({"Int": 2, "Sty": 4, "Chz": 4, "Mtp": 4}, bodiless=True)


def test_tough_race_rolls_each_characteristic_with_its_own_dice() -> None:
    state = play(TOUGH_CHARACTERISTICS)
    assert state.method == Method.NON_HUMANOID
    assert state.race is None
    assert state.race_name == "Krell"
    assert state.non_humanoid == NonHumanoidRace(
        "Krell", TOUGH, "Armoured burrowers from a high-gravity moon."
    )
    # Mus 18 is written (12) in the book's hexadecimal; Res 13 is D.
    assert state.profile == "(12)7D1213"
    assert state.characteristic_rolls[1] == ("Mus", (6, 6, 6), 18)
    # No humanoid race step: straight on to the career.
    assert state.expecting == Expect.CAREER


def test_full_non_humanoid_creation_replays_from_faces() -> None:
    steps = [
        *TOUGH_CHARACTERISTICS,
        CareerChosen("Citizen"),
        SpecialisationRolled((5,)),  # Construction
        SkillRolled((1, 1)),  # 2: +1 Mus, past the 18 that 3d6 can roll
        TableChosen("construction-academic", note="Strained a carapace hauling cores."),
        SkillRolled((6, 6)),  # 12: +1 Chz
        TableChosen("construction-academic", note="Learned to charm the foreman."),
        SkillRolled((1, 1)),  # 2: +1 Mus again, this time explained in the history
        TableChosen(
            "construction-academic",
            history_reason="A second moult left a heavier shell.",
        ),
        SurvivalRolled((3, 3)),  # 6 beats Citizen Academic's 3
    ]
    state = play(steps)
    # Int + Sty = 3 against Int + Chz = 2: an academic learner with 3 rolls, all owed.
    assert state.learner is not None
    assert state.learner.learner_type == LearnerType.ACADEMIC
    assert state.rolls_total == 3
    assert state.academic_rolls == 3
    assert [lost.roll_number for lost in state.lost_rolls] == [1]
    assert "above its maximum of (12)" in state.lost_rolls[0].reason
    assert state.characteristics["Mus"] == 19
    assert state.characteristics["Chz"] == 2
    assert state.profile == "(13)7D1223"
    assert state.is_complete
    assert state.history[-1].note == "A second moult left a heavier shell."
    # The log is the character: replaying it again gives exactly the same state.
    assert play(steps) == state


def test_bodiless_race_never_rolls_a_body_and_loses_rolls_that_would_raise_one() -> None:
    no_survival = HouseRules(career_survival=False)
    characteristics: list[Step] = [
        NonHumanoidChosen(DRIFTING_MINDS, "Drifting Minds", "Thought woven into starlight."),
        CharacteristicRolled("Chz", (1, 1, 1, 2)),
        CharacteristicRolled("Int", (1, 1)),
        CharacteristicRolled("Mtp", (6, 6, 6, 6)),
        CharacteristicRolled("Sty", (1, 1, 1, 1)),
    ]
    chosen = play(characteristics[:1], no_survival)
    assert chosen.profile == "000"  # Mus, Grc and Res are 0 before anything is rolled
    assert characteristics_to_roll(chosen, no_survival) == ("Int", "Sty", "Chz", "Mtp")
    with pytest.raises(RulesError, match="no body: Muscle is 0 and is never rolled"):
        apply_step(chosen, CharacteristicRolled("Mus", (3,)), rulebook=BOOK)

    rolled = play(characteristics, no_survival)
    assert rolled.profile == "000245(18)"
    assert rolled.expecting == Expect.CAREER
    started = play(
        [*characteristics, CareerChosen("Citizen"), SpecialisationRolled((5,))], no_survival
    )
    # Int + Chz = 7 beats Int + Sty = 6: an action learner with 7 rolls.
    assert started.learner is not None
    assert started.learner.learner_type == LearnerType.ACTION
    assert started.rolls_total == 7

    on_two = skill_roll_options(started, BOOK, 2)
    muscle = next(option for option in on_two if option.table_slug == "construction-action")
    assert muscle.legal
    assert muscle.loses_roll
    assert not muscle.needs_history_reason  # no history reason gives a bodiless race muscle
    assert "have no body" in muscle.reason

    table_rolls = [(1, 1), (6, 6), (3, 4), (3, 4), (3, 4), (4, 4), (1, 2)]
    skills: list[Step] = []
    for faces in table_rolls:
        skills += [
            SkillRolled(faces),
            TableChosen("construction-action", history_reason="It grew a body."),
        ]
    state = play(
        [*characteristics, CareerChosen("Citizen"), SpecialisationRolled((5,)), *skills],
        no_survival,
    )
    assert state.is_complete
    assert [lost.roll_number for lost in state.lost_rolls] == [1, 2]
    assert state.profile == "000245(18)"
    assert state.skills.rank("Athletics") == 3
    assert state.skills.rank("Acrobatics") == 1
    assert state.skills.rank("Gambling") == 0


def test_wrong_dice_count_is_refused_naming_the_characteristic() -> None:
    chosen = play(TOUGH_CHARACTERISTICS[:1])
    with pytest.raises(RulesError, match="Muscle rolls 3d6 for the Krell; 2 dice were given"):
        apply_step(chosen, CharacteristicRolled("Mus", (3, 3)), rulebook=BOOK)
    with pytest.raises(RulesError, match="Intellect rolls 1d6 for the Krell; 2 dice were given"):
        apply_step(chosen, CharacteristicRolled("Int", (3, 3)), rulebook=BOOK)
    with pytest.raises(RulesError, match="a d6 shows 1 to 6"):
        apply_step(chosen, CharacteristicRolled("Grc", (3, 7)), rulebook=BOOK)


def test_replay_names_the_step_with_the_wrong_dice() -> None:
    with pytest.raises(StepError, match="Step 3: Resilience rolls 3d6") as caught:
        play([*TOUGH_CHARACTERISTICS[:2], CharacteristicRolled("Res", (2, 2))])
    assert caught.value.index == 2


def test_a_characteristic_is_rolled_once() -> None:
    state = play(TOUGH_CHARACTERISTICS[:3])
    with pytest.raises(RulesError, match="Muscle already has a value"):
        apply_step(state, CharacteristicRolled("Mus", (1, 1, 1)), rulebook=BOOK)


def test_next_step_message_names_what_is_left_to_roll() -> None:
    state = play(TOUGH_CHARACTERISTICS[:3])
    assert state.next_step_message == (
        "Choose a characteristic and roll its dice (Krell); still to roll: Grace 2d6, "
        "Resilience 3d6, Sanity 2d6, Chutzpah 1d6, Metaphysical 2d6."
    )
    assert characteristic_dice(state, "Res", HouseRules()).count == 3
    assert str(characteristic_dice(CreationState(), "Res", HouseRules())) == "2d6"


@pytest.mark.parametrize(
    ("steps", "refused"),
    [
        # Characteristics need the race first: its dice decide each roll.
        ([], CharacteristicRolled("Mus", (1, 1, 1))),
        # The race stands where the method would; not after another method.
        ([MethodChosen(Method.DICE)], NonHumanoidChosen(TOUGH, "Krell")),
        # Only once.
        (TOUGH_CHARACTERISTICS[:1], NonHumanoidChosen(TOUGH, "Krell")),
        # No humanoid race step for a non-humanoid.
        (TOUGH_CHARACTERISTICS, RaceApplied(None)),
        # No point buy for a non-humanoid.
        (TOUGH_CHARACTERISTICS[:1], PointBuyAssigned.of({"Mus": 7})),
        # No career before every characteristic is rolled.
        (TOUGH_CHARACTERISTICS[:4], CareerChosen("Citizen")),
    ],
)
def test_out_of_order_steps_are_refused(steps: list[Step], refused: Step) -> None:
    state = play(steps)
    with pytest.raises(RulesError, match="Not now"):
        apply_step(state, refused, rulebook=BOOK)


def test_without_metaphysical_six_characteristics_share_the_dice() -> None:
    house_rules = HouseRules(metaphysical_in_play=False, alien_humanoids_allowed=False)
    plan = NonHumanoidDice.of({"Mus": 3, "Grc": 3, "Res": 3, "Int": 2, "Sty": 2, "Chz": 1})
    steps: list[Step] = [
        NonHumanoidChosen(plan, "Krell"),
        *(
            CharacteristicRolled(code, (2,) * count)
            for code, count in (("Mus", 3), ("Grc", 3), ("Res", 3), ("Int", 2), ("Sty", 2))
        ),
    ]
    state = play(steps, house_rules)
    assert state.expecting == Expect.CHARACTERISTIC_ROLL
    with pytest.raises(RulesError, match="not a characteristic in play"):
        apply_step(state, CharacteristicRolled("Mtp", (2,)), rulebook=BOOK, house_rules=house_rules)
    done = apply_step(
        state, CharacteristicRolled("Chz", (2,)), rulebook=BOOK, house_rules=house_rules
    )
    assert done.profile == "666442"
    assert done.expecting == Expect.CAREER


def test_a_setback_cannot_take_a_bodiless_characteristic_below_zero() -> None:
    steps: list[Step] = [
        NonHumanoidChosen(INTELLECTS, "Thinkers"),
        CharacteristicRolled("Int", (1,) * 11),
        CharacteristicRolled("Sty", (3,)),
        CharacteristicRolled("Chz", (1,)),
        CharacteristicRolled("Mtp", (1,)),
        CareerChosen("Military"),
        SpecialisationRolled((6,)),  # Army
    ]
    state = play(steps)
    assert state.profile == "000B311"
    # Military Academic must roll higher than 4: fail the first survival roll on purpose.
    for _ in range(4):
        state = apply_step(state, SkillRolled((6, 6)), rulebook=BOOK)  # 12: +1 Sty
        state = apply_step(state, TableChosen("army-academic"), rulebook=BOOK)
    assert state.characteristics["Sty"] == 6  # its one die's maximum: the 4th roll was lost
    assert [lost.roll_number for lost in state.lost_rolls] == [4]
    state = apply_step(state, SurvivalRolled((1, 1)), rulebook=BOOK)
    state = apply_step(state, SurvivalOutcomeChosen(SurvivalFailure.SETBACK), rulebook=BOOK)
    with pytest.raises(RulesError, match="below 1"):
        apply_step(state, SetbackChosen("Mus"), rulebook=BOOK)
    after = apply_step(state, SetbackChosen("Int"), rulebook=BOOK)
    assert after.characteristics["Int"] == 10
