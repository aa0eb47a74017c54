"""HouseRules refuses numbers no character could be built under, with plain messages."""

from __future__ import annotations

import pytest

from rules.errors import RulesError
from rules.infinity_drive.characteristics import point_buy_total
from rules.infinity_drive.house_rules import (
    NON_HUMANOID_DICE_TOTAL_RANGE_MESSAGE,
    POINT_BUY_TOTAL_RANGE_MESSAGE,
    STARTING_CREDITS_RANGE_MESSAGE,
    HouseRules,
)


@pytest.mark.parametrize("total", [13, 85, 200])
def test_point_buy_total_must_fit_seven_characteristics_of_2_to_12(total: int) -> None:
    with pytest.raises(RulesError) as refused:
        HouseRules(point_buy_total=total)
    assert str(refused.value) == POINT_BUY_TOTAL_RANGE_MESSAGE
    assert "14" in POINT_BUY_TOTAL_RANGE_MESSAGE
    assert "84" in POINT_BUY_TOTAL_RANGE_MESSAGE


@pytest.mark.parametrize("total", [14, 50, 84])
def test_point_buy_totals_within_the_bounds_are_kept(total: int) -> None:
    assert HouseRules(point_buy_total=total).point_buy_total == total


@pytest.mark.parametrize(("total", "fits"), [(18, False), (19, True), (79, True), (80, False)])
def test_without_metaphysical_the_seven_fewer_points_must_fit_six_characteristics(
    total: int, fits: bool
) -> None:
    if fits:
        rules = HouseRules(point_buy_total=total, metaphysical_in_play=False)
        assert 12 <= point_buy_total(rules) <= 72
        return
    with pytest.raises(RulesError, match=r"Without Metaphysical .* between 19 and 79"):
        HouseRules(point_buy_total=total, metaphysical_in_play=False)


@pytest.mark.parametrize("credits", [-1, 10_000_001, 2**63])
def test_starting_credits_are_bounded(credits: int) -> None:
    with pytest.raises(RulesError) as refused:
        HouseRules(starting_credits=credits)
    assert str(refused.value) == STARTING_CREDITS_RANGE_MESSAGE
    assert "10,000,000" in str(refused.value)


@pytest.mark.parametrize("dice", [3, 43])
def test_non_humanoid_dice_total_is_bounded(dice: int) -> None:
    with pytest.raises(RulesError) as refused:
        HouseRules(non_humanoid_dice_total=dice)
    assert str(refused.value) == NON_HUMANOID_DICE_TOTAL_RANGE_MESSAGE


def test_the_bounds_themselves_are_allowed() -> None:
    HouseRules(starting_credits=0, non_humanoid_dice_total=4)
    HouseRules(starting_credits=10_000_000, non_humanoid_dice_total=42)
