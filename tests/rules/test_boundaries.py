"""Every count the rules enforce, tested on both sides: N is accepted and N + 1 refused.

A limit no test sits on can be moved by one unnoticed; each test here goes red when its
limit is (checked by moving each limit in the code).
"""

from __future__ import annotations

import pytest

from rules import drifting, roll_and_keep, unique_pool
from rules.dice import DiceSpec, entered_roll
from rules.errors import RulesError
from rules.infinity_drive.aliens import (
    NonHumanoidDice,
    Race,
    validate_non_humanoid_dice,
    validate_race,
)
from rules.infinity_drive.house_rules import HouseRules

# --- Alien humanoid races: points moved -----------------------------------------------------


def _race(adjustments: dict[str, int]) -> Race:
    return validate_race(Race.of("Darrian", "Predators on the home-world.", adjustments))


def test_three_points_on_one_characteristic_is_the_most() -> None:
    _race({"Int": 3, "Res": -1, "Mtp": -1, "Sty": -1})
    with pytest.raises(RulesError, match="more than 3 points"):
        _race({"Int": 4, "Res": -2, "Mtp": -2})


def test_six_points_added_is_the_most() -> None:
    _race({"Int": 3, "Sty": 3, "Res": -2, "Mtp": -2, "Mus": -2})
    with pytest.raises(RulesError, match="at most 6 may be added"):
        _race({"Int": 3, "Sty": 3, "Chz": 1, "Res": -3, "Mtp": -2, "Mus": -2})


def test_every_point_added_comes_off_another() -> None:
    _race({"Int": 2, "Res": -2})
    with pytest.raises(
        RulesError, match="adds 2 and takes off 1; the two must be equal, so take 1 point more off"
    ):
        _race({"Int": 2, "Res": -1})
    with pytest.raises(
        RulesError, match="adds 2 and takes off 3; the two must be equal, so take off 1 point fewer"
    ):
        _race({"Int": 2, "Res": -3})


# --- Non-humanoid races: dice --------------------------------------------------------------


def _dice(total: int, *, lowest: int = 1) -> NonHumanoidDice:
    """Seven characteristics: `lowest` on Mus, the rest spread to reach `total`."""
    counts = {"Mus": lowest, "Grc": 2, "Res": 2, "Int": 2, "Sty": 2, "Chz": 2}
    counts["Mtp"] = total - sum(counts.values())
    return NonHumanoidDice.of(counts)


@pytest.mark.parametrize(("total", "allowed"), [(13, False), (14, True), (15, False)])
def test_a_non_humanoid_race_uses_exactly_the_dice_total(total: int, allowed: bool) -> None:
    plan = _dice(total)
    if allowed:
        assert validate_non_humanoid_dice(plan, HouseRules()) is plan
    else:
        with pytest.raises(RulesError, match=f"uses {total} dice; it must use exactly 14"):
            validate_non_humanoid_dice(plan, HouseRules())


def test_a_non_humanoid_characteristic_has_at_least_one_die() -> None:
    validate_non_humanoid_dice(_dice(14, lowest=1), HouseRules())
    with pytest.raises(RulesError, match="at least one die"):
        validate_non_humanoid_dice(_dice(14, lowest=0), HouseRules())


# --- Typed dice: how many, and which faces -------------------------------------------------


@pytest.mark.parametrize(("faces", "allowed"), [((6,), False), ((6, 6), True), ((6, 6, 6), False)])
def test_typed_dice_must_be_as_many_as_the_roll_has(faces: tuple[int, ...], allowed: bool) -> None:
    if allowed:
        assert entered_roll("2d6", faces).faces == faces
    else:
        with pytest.raises(RulesError):
            entered_roll("2d6", faces)


@pytest.mark.parametrize(("face", "allowed"), [(0, False), (1, True), (6, True), (7, False)])
def test_a_typed_d6_shows_one_to_six(face: int, allowed: bool) -> None:
    if allowed:
        assert entered_roll(DiceSpec(1, 6), [face]).faces == (face,)
    else:
        with pytest.raises(RulesError, match="shows 1 to 6"):
            entered_roll(DiceSpec(1, 6), [face])


# --- Unique-dice pool: 1 to 8 dice ---------------------------------------------------------


@pytest.mark.parametrize(("dice", "allowed"), [(0, False), (1, True), (8, True), (9, False)])
def test_a_pool_rolls_one_to_eight_dice(dice: int, allowed: bool) -> None:
    faces = [(number % 6) + 1 for number in range(dice)]
    if allowed:
        assert len(unique_pool.roll_unique_pool(dice).faces) == dice
        assert unique_pool.resolve_unique_pool(faces).faces == tuple(faces)
    else:
        with pytest.raises(RulesError, match="A pool rolls 1 to 8 dice"):
            unique_pool.roll_unique_pool(dice)
        with pytest.raises(RulesError, match="A pool rolls 1 to 8 dice"):
            unique_pool.resolve_unique_pool(faces)


@pytest.mark.parametrize(("attribute", "dice"), [(0, 1), (1, 1), (8, 8), (9, 8)])
def test_a_pool_outside_one_to_eight_rolls_the_nearest(attribute: int, dice: int) -> None:
    assert unique_pool.pool_size(attribute=attribute).dice == dice


# --- Drifting: at most three extra dice and +3 ---------------------------------------------


def _sheet() -> drifting.Sheet:
    return drifting.sheet_from(
        [
            drifting.TokenState(name="Military", held=2),
            drifting.TokenState(name="Firearms", held=2),
            drifting.TokenState(name="Dodge", held=2),
        ]
    )


def test_three_tokens_may_be_depleted_for_dice_and_no_more() -> None:
    three = drifting.plan_token_roll(_sheet(), deplete={"Military": 2, "Firearms": 1})
    assert three.dice.count == drifting.BASE_DICE + 3
    with pytest.raises(RulesError, match="At most 3 tokens"):
        drifting.plan_token_roll(_sheet(), deplete={"Military": 2, "Firearms": 2})


def test_the_modifier_stops_at_three() -> None:
    plan = drifting.plan_token_roll(_sheet(), applicable=["Military", "Firearms", "Dodge"])
    assert plan.modifier == 3
    # Six tokens ticked still give +3.
    assert (
        drifting.plan_token_roll(
            _sheet(), applicable=["Military", "Firearms", "Dodge"], deplete={"Dodge": 1}
        ).modifier
        == 3
    )


# --- Roll and keep: at least one die, at least one kept, d10 faces ------------------------


def test_roll_and_keep_needs_a_die_and_keeps_at_least_one() -> None:
    assert roll_and_keep.resolve_roll_and_keep([7], keep=1, difficulty=5).kept == (7,)
    with pytest.raises(RulesError, match="at least one die"):
        roll_and_keep.resolve_roll_and_keep([], keep=1, difficulty=5)
    with pytest.raises(RulesError, match="cannot be less than 1"):
        roll_and_keep.resolve_roll_and_keep([7], keep=0, difficulty=5)


@pytest.mark.parametrize(("face", "allowed"), [(0, False), (1, True), (10, True), (11, False)])
def test_a_d10_shows_one_to_ten(face: int, allowed: bool) -> None:
    if allowed:
        roll_and_keep.resolve_roll_and_keep([face], keep=1, difficulty=5)
    else:
        with pytest.raises(RulesError, match="shows 1 to 10"):
            roll_and_keep.resolve_roll_and_keep([face], keep=1, difficulty=5)
