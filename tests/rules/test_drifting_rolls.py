"""Drifting's token rolls: dice and modifiers up to +3 from ticked and depleted tokens, assists,
resolving the faces, the odds matching every resolved total, and the roll-total bound."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import GivenFaces, roll
from rules.drifting import (
    DIE_SIDES,
    MAX_EXTRA_DICE,
    MAX_MODIFIER,
    Assist,
    DriftingError,
    TokenRollPlan,
    TokenState,
    apply_token_roll,
    assist_deplete,
    check_roll_total,
    plan_token_roll,
    resolve_token_roll,
    sheet_from,
)
from rules.errors import RulesError
from rules.odds import token_roll_distribution
from tests.rules.drifting_sheets import JIM_FACES, jim, jims_firefight_plan, linda


def test_jims_firefight_rolls_five_dice_plus_three_for_fifteen() -> None:
    plan = jims_firefight_plan()
    assert plan.dice.count == 5
    assert plan.modifier == 3
    result = resolve_token_roll(plan, JIM_FACES)
    assert [jim_die[1] for jim_die in result.dice()] == [False, True, False, True, False]
    assert result.kept_total == 9
    assert result.halved_values == (0, 1, 2)
    assert result.dice_total == 12
    assert result.total == 15
    assert "total 15" in result.explanation()


def test_jims_second_firearms_token_adds_nothing_past_plus_three() -> None:
    plan = jims_firefight_plan()
    assert dict(plan.modifier_from) == {"Military": 1, "Firearms": 1, "Dodge": 1}


def test_a_type_past_the_cap_gets_no_modifier_mark() -> None:
    sheet = sheet_from([TokenState("Firearms", held=3), TokenState("Space", held=1)])
    plan = plan_token_roll(sheet, applicable=("Firearms", "Space"), deplete={"Firearms": 3})
    assert dict(plan.modifier_from) == {"Firearms": 2, "Space": 1}
    sheet = sheet_from([TokenState(name, held=1) for name in ("A", "B", "C", "D")])
    plan = plan_token_roll(sheet, applicable=("A", "B", "C", "D"))
    assert plan.unused == ("D",)
    assert dict(plan.check_marks) == {"A": 1, "B": 1, "C": 1}


def test_lost_tokens_give_no_modifier_and_cannot_be_depleted() -> None:
    sheet = sheet_from([TokenState("Repair", held=1, lost=1)])
    with pytest.raises(DriftingError, match="lost"):
        plan_token_roll(sheet, applicable=("Repair",))


def test_depleted_tokens_still_give_their_modifier_but_no_die() -> None:
    sheet = apply_token_roll(jim(), jims_firefight_plan())
    plan = plan_token_roll(sheet, applicable=("Military", "Dodge"))
    assert plan.modifier == 2
    assert plan.dice.count == 2
    with pytest.raises(DriftingError, match="Only 0 Dodge tokens can be depleted"):
        plan_token_roll(sheet, deplete={"Dodge": 1})


def test_more_than_three_extra_dice_are_refused() -> None:
    sheet = sheet_from([TokenState("Firearms", held=4)])
    with pytest.raises(DriftingError, match="At most 3"):
        plan_token_roll(sheet, deplete={"Firearms": 4})


def test_an_assist_gives_a_die_and_plus_one_within_the_limits() -> None:
    helper, assist = assist_deplete(linda(), token="Space", helper="Linda")
    assert helper["Space"].depleted == 1
    assert helper["Space"].checks == 2
    plan = plan_token_roll(
        jim(), applicable=("Military",), deplete={"Firearms": 2}, assists=(assist,)
    )
    assert plan.dice.count == 5
    assert plan.modifier == 3
    # One token of each type first: Firearms +1, Military +1, the assist +1.
    assert dict(plan.modifier_from) == {"Firearms": 1, "Military": 1, "Linda's Space": 1}
    assert dict(plan.check_marks) == {"Firearms": 3, "Military": 1}
    with pytest.raises(DriftingError, match="assists included"):
        plan_token_roll(jim(), deplete={"Firearms": 2, "Dodge": 1}, assists=(assist,))


def test_an_assists_plus_one_counts_before_the_rollers_own_ticked_tokens() -> None:
    """docs/rulings.md "Assists count first": Jim ticks three types and Linda assists."""
    _, assist = assist_deplete(linda(), token="Space", helper="Linda")
    plan = plan_token_roll(jim(), applicable=("Military", "Firearms", "Dodge"), assists=(assist,))
    assert plan.modifier == 3
    assert plan.modifier_from == (("Linda's Space", 1), ("Military", 1), ("Firearms", 1))
    assert plan.unused == ("Dodge",)
    # Dodge gave nothing, so it marks no check; Linda's assist marks nothing for Jim.
    assert dict(plan.check_marks) == {"Military": 1, "Firearms": 1}
    assert "Dodge adds nothing: the +3 maximum is already reached, assists first." in (
        plan.explanation()
    )


def test_assists_and_depleted_types_always_fit_within_plus_three() -> None:
    _, assist = assist_deplete(linda(), token="Space", helper="Linda")
    plan = plan_token_roll(
        jim(), applicable=("Military", "Dodge"), deplete={"Firearms": 2}, assists=(assist,)
    )
    # Three dice at most, so assists plus depleted types never pass +3: a depleted
    # type always gives its modifier, and only a ticked type can be left out.
    assert dict(plan.modifier_from) == {"Linda's Space": 1, "Firearms": 1, "Military": 1}
    assert plan.unused == ("Dodge",)
    assert dict(plan.check_marks) == {"Firearms": 3, "Military": 1}


def test_assisting_needs_a_fresh_token() -> None:
    sheet = sheet_from([TokenState("Space", held=1, depleted=1)])
    with pytest.raises(DriftingError):
        assist_deplete(sheet, token="Space", helper="Linda")


def test_drifting_errors_are_rules_errors() -> None:
    assert issubclass(DriftingError, RulesError)


@given(st.lists(st.integers(min_value=1, max_value=6), min_size=2, max_size=5))
def test_kept_dice_are_the_two_highest_and_the_rest_halved(faces: list[int]) -> None:
    sheet = sheet_from([TokenState("Firearms", held=3)])
    plan = plan_token_roll(sheet, deplete={"Firearms": len(faces) - 2})
    result = resolve_token_roll(plan, faces)
    ordered = sorted(faces, reverse=True)
    assert result.kept_total == sum(ordered[:2])
    assert result.halved_total == sum(face // 2 for face in ordered[2:])
    assert result.total == result.dice_total + plan.modifier


@st.composite
def token_rolls(draw: st.DrawFn) -> tuple[TokenRollPlan, tuple[int, ...]]:
    """A roll a player could make: ticked and depleted tokens, assists, then its faces."""
    sheet = sheet_from(
        TokenState(name, held=draw(st.integers(min_value=1, max_value=3)))
        for name in ("Military", "Firearms", "Dodge")
    )
    assists = tuple(
        Assist(f"Helper {number}", "Space")
        for number in range(draw(st.integers(min_value=0, max_value=MAX_EXTRA_DICE)))
    )
    room = MAX_EXTRA_DICE - len(assists)
    deplete: dict[str, int] = {}
    for name, state in sheet.items():
        count = draw(st.integers(min_value=0, max_value=min(state.fresh, room)))
        deplete[name] = count
        room -= count
    applicable = draw(st.lists(st.sampled_from(list(sheet)), unique=True))
    plan = plan_token_roll(sheet, applicable=applicable, deplete=deplete, assists=assists)
    faces = draw(
        st.lists(
            st.integers(min_value=1, max_value=DIE_SIDES),
            min_size=plan.dice.count,
            max_size=plan.dice.count,
        )
    )
    return plan, tuple(faces)


@given(token_rolls())
def test_every_resolved_total_is_a_total_the_odds_give_a_chance(
    roll_and_faces: tuple[TokenRollPlan, tuple[int, ...]],
) -> None:
    plan, faces = roll_and_faces
    result = resolve_token_roll(plan, faces)
    distribution = token_roll_distribution(plan.extra_dice, plan.modifier)
    assert distribution.get(result.total, 0) > 0


def a_plan(extra_dice: int, modifier: int) -> TokenRollPlan:
    """Any dice and modifier, including pairs no sheet reaches (a depletion gives +1)."""
    return TokenRollPlan(
        extra_dice=extra_dice,
        modifier=modifier,
        modifier_from=(),
        depleted=(),
        assists=(),
        check_marks=(),
        shared_mark=None,
    )


@pytest.mark.parametrize("modifier", range(MAX_MODIFIER + 1))
@pytest.mark.parametrize("extra_dice", [0, 1, 2])
def test_resolved_totals_over_every_face_match_the_odds_exactly(
    extra_dice: int, modifier: int
) -> None:
    plan = a_plan(extra_dice, modifier)
    every_roll = list(itertools.product(range(1, DIE_SIDES + 1), repeat=plan.dice.count))
    tally = Counter(resolve_token_roll(plan, faces).total for faces in every_roll)
    brute_force = {total: Fraction(times, len(every_roll)) for total, times in tally.items()}
    assert brute_force == token_roll_distribution(extra_dice, modifier)


def test_resolve_takes_faces_from_rules_dice() -> None:
    plan = jims_firefight_plan()
    rolled = roll(plan.dice, GivenFaces(JIM_FACES))
    assert resolve_token_roll(plan, rolled.faces).total == 15
    with pytest.raises(RulesError):
        resolve_token_roll(plan, (1, 2, 3))


def test_apply_assist_helper_as_plain_assist_record() -> None:
    assert Assist("Linda", "Space").helper == "Linda"


@pytest.mark.parametrize("total", [-1, 101, 20_000_000_000_000_000_000])
def test_a_roll_total_no_dice_can_make_is_refused(total: int) -> None:
    with pytest.raises(RulesError, match="between 0 and 100"):
        check_roll_total(total)
