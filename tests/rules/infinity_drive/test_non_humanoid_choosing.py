"""Choosing a non-humanoid race (GM ruling) in the creation reducer: only the GM's race opens
the path, illegal races are refused, and the GM's method lock does not close it."""

from __future__ import annotations

import pytest

from rules.errors import RulesError
from rules.infinity_drive.aliens import NonHumanoidDice
from rules.infinity_drive.creation import (
    CreationState,
    Expect,
    Method,
    MethodChosen,
    NonHumanoidChosen,
    apply_step,
)
from rules.infinity_drive.house_rules import CharacteristicMethods, HouseRules
from tests.rules.infinity_drive.non_humanoid_races import BOOK, TOUGH, TOUGH_CHARACTERISTICS, play


def test_the_method_alone_cannot_choose_non_humanoid() -> None:
    with pytest.raises(RulesError, match="Choose which non-humanoid race"):
        apply_step(CreationState(), MethodChosen(Method.NON_HUMANOID), rulebook=BOOK)


@pytest.mark.parametrize(
    ("plan", "name", "house_rules", "message"),
    [
        (
            NonHumanoidDice.of({"Mus": 3, "Grc": 2, "Res": 3, "Int": 1, "Sty": 2, "Chz": 1}),
            "Krell",
            HouseRules(),
            "Metaphysical needs at least one die",
        ),
        (
            NonHumanoidDice.of({"Mus": 4, "Int": 4, "Sty": 3, "Chz": 2, "Mtp": 1}, bodiless=True),
            "Ghosts",
            HouseRules(),
            "Muscle cannot be given dice",
        ),
        (TOUGH, "Krell", HouseRules(non_humanoid_dice_total=16), "must use exactly 16"),
        (TOUGH, "  ", HouseRules(), "Give the non-humanoid race a name"),
    ],
)
def test_illegal_races_are_refused(
    plan: NonHumanoidDice, name: str, house_rules: HouseRules, message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        apply_step(
            CreationState(),
            NonHumanoidChosen(plan, name),
            rulebook=BOOK,
            house_rules=house_rules,
        )


def test_gm_method_lock_does_not_close_a_race_the_gm_made() -> None:
    # The GM decides "how their characteristics are determined" race by race.
    point_buy_only = HouseRules(characteristic_methods=CharacteristicMethods.POINT_BUY)
    state = play(TOUGH_CHARACTERISTICS, point_buy_only)
    assert state.expecting == Expect.CAREER
