"""Alien humanoid races and non-humanoid dice."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import SeededDice
from rules.errors import RulesError
from rules.infinity_drive.aliens import (
    NonHumanoidDice,
    Race,
    apply_race,
    roll_non_humanoid,
    validate_non_humanoid_dice,
    validate_race,
)
from rules.infinity_drive.house_rules import BOOK_DEFAULTS, HouseRules
from rules.infinity_drive.profile import Characteristics

REASON = "A home-world rife with metaphysical predators."


def test_darrian_turns_58C2874_into_58A5873() -> None:
    darrian = validate_race(Race.of("Darrian", REASON, {"Int": 3, "Res": -2, "Mtp": -1}))
    result = apply_race(Characteristics.from_profile("58C2874"), darrian)
    assert result.profile == "58A5873"
    assert darrian.maximum("Int") == 15
    assert darrian.maximum("Res") == 10
    assert darrian.maximum("Mus") == 12


@pytest.mark.parametrize(
    ("name", "reason", "adjustments", "message"),
    [
        ("", REASON, {"Int": 1, "Res": -1}, "name"),
        ("Darrian", " ", {"Int": 1, "Res": -1}, "reason"),
        ("Darrian", REASON, {"Int": 4, "Res": -4}, "more than 3"),
        (
            "Darrian",
            REASON,
            {"Int": 3, "Mus": 3, "Grc": 1, "Res": -3, "Sty": -3, "Chz": -1},
            "at most 6",
        ),
        (
            "Darrian",
            REASON,
            {"Int": 3, "Res": -2},
            "adds 3 and takes off 2; the two must be equal, so take 1 point more",
        ),
        ("Darrian", REASON, {"Mus": 2, "Grc": -6}, "so take off 4 points fewer"),
        ("Darrian", REASON, {"Foo": 1, "Res": -1}, "not a characteristic"),
    ],
)
def test_invalid_races(name: str, reason: str, adjustments: dict[str, int], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        validate_race(Race.of(name, reason, adjustments))


def test_race_may_pass_C_and_go_under_2_but_never_under_1() -> None:
    race = validate_race(Race.of("Titan", REASON, {"Mus": 3, "Int": -3}))
    assert apply_race(Characteristics.from_profile("C6A5877"), race).profile == "F6A2877"
    with pytest.raises(RulesError, match="below 1"):
        apply_race(Characteristics.from_profile("C6A3877"), race)


def test_metaphysical_out_of_play_cannot_be_adjusted() -> None:
    race = Race.of("Dull", REASON, {"Int": 1, "Mtp": -1})
    with pytest.raises(RulesError, match="not a characteristic in play"):
        validate_race(race, HouseRules(metaphysical_in_play=False))


def test_non_humanoid_dice_total_fourteen_and_none_zero() -> None:
    plan = NonHumanoidDice.of(
        {"Mus": 3, "Grc": 2, "Res": 3, "Int": 1, "Sty": 2, "Chz": 1, "Mtp": 2}
    )
    assert validate_non_humanoid_dice(plan, BOOK_DEFAULTS) is plan
    with pytest.raises(RulesError, match="exactly 14"):
        validate_non_humanoid_dice(
            NonHumanoidDice.of(
                {"Mus": 3, "Grc": 2, "Res": 3, "Int": 1, "Sty": 2, "Chz": 1, "Mtp": 1}
            ),
            BOOK_DEFAULTS,
        )
    with pytest.raises(RulesError, match="at least one die"):
        validate_non_humanoid_dice(
            NonHumanoidDice.of({"Mus": 4, "Grc": 2, "Res": 3, "Int": 1, "Sty": 2, "Chz": 2}),
            BOOK_DEFAULTS,
        )


def test_campaign_changes_the_non_humanoid_total() -> None:
    plan = NonHumanoidDice.of(
        {"Mus": 3, "Grc": 3, "Res": 3, "Int": 3, "Sty": 2, "Chz": 2, "Mtp": 2}
    )
    assert validate_non_humanoid_dice(plan, HouseRules(non_humanoid_dice_total=18)) is plan


def test_bodiless_race_uses_only_the_four_mind_characteristics() -> None:
    plan = NonHumanoidDice.of({"Int": 11, "Sty": 1, "Chz": 1, "Mtp": 1}, bodiless=True)
    characteristics, rolls = roll_non_humanoid(
        plan,
        BOOK_DEFAULTS,
        faces={"Int": (6,) * 11, "Sty": (2,), "Chz": (1,), "Mtp": (3,)},
    )
    assert characteristics.profile == "000(42)213"
    assert len(rolls) == 4
    with pytest.raises(RulesError, match="bodiless"):
        validate_non_humanoid_dice(
            NonHumanoidDice.of({"Mus": 1, "Int": 10, "Sty": 1, "Chz": 1, "Mtp": 1}, bodiless=True),
            BOOK_DEFAULTS,
        )


@given(st.integers(min_value=0, max_value=2**32))
def test_non_humanoid_roll_is_within_bounds_and_never_zero(seed: int) -> None:
    plan = NonHumanoidDice.of(
        {"Mus": 3, "Grc": 2, "Res": 3, "Int": 1, "Sty": 2, "Chz": 1, "Mtp": 2}
    )
    characteristics, _ = roll_non_humanoid(plan, BOOK_DEFAULTS, source=SeededDice(seed))
    for code, count in plan.dice:
        assert count <= characteristics[code] <= 6 * count


@given(
    st.dictionaries(
        st.sampled_from(["Mus", "Grc", "Res", "Int", "Sty", "Chz", "Mtp", "Xyz"]),
        st.integers(min_value=-8, max_value=8),
    )
)
def test_race_validation_only_raises_rules_errors(adjustments: dict[str, int]) -> None:
    try:
        race = validate_race(Race.of("Any", REASON, adjustments))
        apply_race(Characteristics.from_profile("7777777"), race)
    except RulesError:
        return
