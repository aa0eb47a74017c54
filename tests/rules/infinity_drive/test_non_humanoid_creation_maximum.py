"""The house rule for a non-humanoid's maximum in the creation reducer: a one-die characteristic
past six, humanoids unaffected, and the autopilot following the rule."""

from __future__ import annotations

import pytest

from rules.infinity_drive.aliens import NonHumanoidDice, NonHumanoidRace, Race
from rules.infinity_drive.autopilot import generate_npc
from rules.infinity_drive.creation import (
    CareerChosen,
    CharacteristicRolled,
    CreationState,
    Method,
    MethodChosen,
    NonHumanoidChosen,
    Option,
    PointBuyAssigned,
    RaceApplied,
    SkillRolled,
    SpecialisationRolled,
    Step,
    TableChosen,
    apply_step,
    skill_roll_options,
)
from rules.infinity_drive.house_rules import HouseRules, NonHumanoidMaximum
from tests.rules.infinity_drive.non_humanoid_races import BOOK, INTELLECTS, play

DICE_MAXIMUM = HouseRules()  # the default: the most the race's dice can roll
NO_MAXIMUM = HouseRules(non_humanoid_maximum=NonHumanoidMaximum.NONE)
# One die in Mus: at most 6 under the default.
ONE_DIE_MUSCLE = NonHumanoidDice.of(
    {"Mus": 1, "Grc": 2, "Res": 3, "Int": 2, "Sty": 2, "Chz": 2, "Mtp": 2}
)
MUSCLE_AT_SIX: list[Step] = [
    NonHumanoidChosen(ONE_DIE_MUSCLE, "Skitterers"),
    CharacteristicRolled("Mus", (6,)),
    CharacteristicRolled("Grc", (3, 3)),
    CharacteristicRolled("Res", (3, 3, 3)),
    CharacteristicRolled("Int", (3, 3)),
    CharacteristicRolled("Sty", (3, 3)),
    CharacteristicRolled("Chz", (3, 3)),
    CharacteristicRolled("Mtp", (3, 3)),
    CareerChosen("Citizen"),
    SpecialisationRolled((5,)),  # Construction
    SkillRolled((1, 1)),  # 2 on the Construction academic table: +1 Mus
]


def construction_academic(state: CreationState) -> Option:
    return next(
        option
        for option in skill_roll_options(state, BOOK)
        if option.table_slug == "construction-academic"
    )


def test_the_race_maximum_follows_the_house_rule() -> None:
    race = NonHumanoidRace("Thinkers", INTELLECTS)
    assert HouseRules().non_humanoid_maximum is NonHumanoidMaximum.DICE  # today's reading
    assert race.maximum("Int", NonHumanoidMaximum.DICE) == 66  # 11d6
    assert race.maximum("Sty", NonHumanoidMaximum.DICE) == 6
    assert race.maximum("Int", NonHumanoidMaximum.NONE) is None
    assert race.maximum("Sty", NonHumanoidMaximum.NONE) is None


def test_by_default_a_one_die_muscle_past_six_needs_a_history_reason() -> None:
    state = play(MUSCLE_AT_SIX, DICE_MAXIMUM)
    assert state.characteristics["Mus"] == 6
    assert state.maximum("Mus") == 6
    option = construction_academic(state)
    assert option.legal
    assert option.loses_roll
    assert option.needs_history_reason
    assert "above its maximum of 6" in option.reason
    lost = apply_step(
        state, TableChosen("construction-academic"), rulebook=BOOK, house_rules=DICE_MAXIMUM
    )
    assert lost.characteristics["Mus"] == 6
    assert [roll.roll_number for roll in lost.lost_rolls] == [1]
    explained = apply_step(
        state,
        TableChosen("construction-academic", history_reason="Grew a second pair of legs."),
        rulebook=BOOK,
        house_rules=DICE_MAXIMUM,
    )
    assert explained.characteristics["Mus"] == 7
    assert explained.lost_rolls == ()


def test_with_no_maximum_a_one_die_muscle_rises_past_six_without_a_reason() -> None:
    state = play(MUSCLE_AT_SIX, NO_MAXIMUM)
    assert state.maximum("Mus") is None
    option = construction_academic(state)
    assert option.legal
    assert not option.loses_roll
    assert not option.needs_history_reason
    assert option.reason == "+1 Mus: Mus 6 → 7."
    # Twice, with no history reason: every increase applies.
    steps: list[Step] = [
        *MUSCLE_AT_SIX,
        TableChosen("construction-academic"),
        SkillRolled((1, 1)),
        TableChosen("construction-academic"),
    ]
    raised = play(steps, NO_MAXIMUM)
    assert raised.characteristics["Mus"] == 8
    assert raised.lost_rolls == ()
    # The rule is the character's own: replaying under the default loses both rolls.
    assert play(steps, DICE_MAXIMUM).characteristics["Mus"] == 6


@pytest.mark.parametrize(
    ("race", "maximum"),
    [
        (None, 12),  # Max C
        (Race.of("Brutes", "Bred for the mines.", {"Mus": 2, "Int": -2}), 14),
    ],
    ids=["humanoid", "alien-humanoid"],
)
@pytest.mark.parametrize("house_rules", [DICE_MAXIMUM, NO_MAXIMUM], ids=["dice", "none"])
def test_humanoids_keep_their_maximum_whatever_the_non_humanoid_rule(
    race: Race | None, maximum: int, house_rules: HouseRules
) -> None:
    bought = {"Mus": 12, "Grc": 8, "Res": 3, "Int": 5, "Sty": 8, "Chz": 7, "Mtp": 7}
    steps: list[Step] = [
        MethodChosen(Method.POINT_BUY),
        PointBuyAssigned.of(bought),
        RaceApplied(race),  # the Brutes' +2 takes Mus to their maximum of 14
        CareerChosen("Citizen"),
        SpecialisationRolled((5,)),
        SkillRolled((1, 1)),  # +1 Mus, past the maximum
    ]
    state = play(steps, house_rules)
    assert state.characteristics["Mus"] == maximum
    assert state.maximum("Mus") == maximum
    option = construction_academic(state)
    assert option.loses_roll
    assert option.needs_history_reason
    lost = play([*steps, TableChosen("construction-academic")], house_rules)
    assert lost.characteristics["Mus"] == maximum
    assert len(lost.lost_rolls) == 1


# A race with one die in every characteristic but Metaphysical: 6 is their maximum.
ONE_DIE_EACH = NonHumanoidRace(
    "Skitterers",
    NonHumanoidDice.of({"Mus": 1, "Grc": 1, "Res": 1, "Int": 1, "Sty": 1, "Chz": 1, "Mtp": 8}),
)
ONE_DIE_CODES = ("Mus", "Grc", "Res", "Int", "Sty", "Chz")


def _npcs_past_six(house_rules: HouseRules) -> list[int]:
    """The seeds (of 40) whose NPC ends with a one-die characteristic above 6."""
    past = []
    for seed in range(40):
        npc = generate_npc(
            seed=seed, rulebook=BOOK, house_rules=house_rules, non_humanoid=ONE_DIE_EACH
        )
        if any(npc.state.characteristics[code] > 6 for code in ONE_DIE_CODES):
            past.append(seed)
    return past


def test_the_autopilot_follows_the_non_humanoid_maximum() -> None:
    # It gives no history reasons, so under the default it never passes the dice's 6;
    # with no maximum it takes the increases as they come.
    assert _npcs_past_six(DICE_MAXIMUM) == []
    assert _npcs_past_six(NO_MAXIMUM) != []
