"""Drifting's token rules: every worked example of the seed, then the edges."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import GivenFaces, roll
from rules.drifting import (
    BOOK_LOSS_MARGIN_STEP,
    DIE_SIDES,
    EXAMPLE_LOSS_MARGIN_STEP,
    MAX_EXTRA_DICE,
    MAX_MODIFIER,
    Assist,
    DriftingError,
    Lifepath,
    LossChoiceError,
    LossReason,
    LostToken,
    TokenGrant,
    TokenKind,
    TokenRollPlan,
    TokenState,
    apply_token_roll,
    assist_deplete,
    check_lifepath_choice,
    check_lifepath_grants,
    check_roll_total,
    choices_needed_for_loss,
    gain_token,
    lose_tokens,
    loss_order,
    plan_token_roll,
    receive_shared_mark,
    refresh_tokens,
    resolve_token_roll,
    sheet_from,
    tokens_from_lifepaths,
    tokens_lost_for_margin,
    undo_loss,
)
from rules.errors import RulesError
from rules.odds import token_roll_distribution

JIM_FACES = (1, 4, 2, 5, 4)


def jim() -> dict[str, TokenState]:
    # The brief's reading of "he reached 10": seven marks each before the firefight.
    return sheet_from(
        [
            TokenState("Military", TokenKind.BACKGROUND, held=1, checks=7),
            TokenState("Firearms", TokenKind.FOCUS, held=2, checks=7),
            TokenState("Dodge", TokenKind.FOCUS, held=1, checks=0),
        ]
    )


def linda() -> dict[str, TokenState]:
    return sheet_from(
        [
            TokenState("Space", TokenKind.BACKGROUND, held=1),
            TokenState("Repair", TokenKind.FOCUS, held=1),
            TokenState("Piloting", TokenKind.FOCUS, held=1),
            TokenState("Firearms", TokenKind.FOCUS, shared_marks=9),
        ]
    )


def jims_firefight_plan(share: str | None = None) -> TokenRollPlan:
    return plan_token_roll(
        jim(),
        applicable=("Military", "Firearms", "Dodge"),
        deplete={"Military": 1, "Firearms": 1, "Dodge": 1},
        share=share,
    )


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


def test_jim_marks_three_checks_each_and_may_gain_military_but_not_firearms() -> None:
    after = apply_token_roll(jim(), jims_firefight_plan())
    assert {name: token.checks for name, token in after.items()} == {
        "Military": 10,
        "Firearms": 10,
        "Dodge": 3,
    }
    assert after["Military"].gain_due
    assert not after["Firearms"].gain_due  # two Firearms tokens: twenty marks needed
    assert {name: token.depleted for name, token in after.items()} == {
        "Military": 1,
        "Firearms": 1,
        "Dodge": 1,
    }
    gained = gain_token(after, token="Military")
    assert gained["Military"].held == 2
    assert gained["Military"].checks == 0
    with pytest.raises(DriftingError, match="20 check marks"):
        gain_token(after, token="Firearms")


def test_jim_saving_military_gets_only_three_firearms_marks() -> None:
    plan = plan_token_roll(
        jim(), applicable=("Firearms", "Dodge"), deplete={"Firearms": 2, "Dodge": 1}
    )
    assert plan.dice.count == 5
    assert plan.modifier == 3
    assert dict(plan.check_marks) == {"Firearms": 3, "Dodge": 3}
    after = apply_token_roll(jim(), plan)
    assert after["Firearms"].depleted == 2
    assert after["Military"].checks == 7


def test_jim_shares_his_extra_firearms_mark_with_lindas_tenth() -> None:
    plan = jims_firefight_plan(share="Firearms")
    assert dict(plan.check_marks)["Firearms"] == 2
    lindas, shared = receive_shared_mark(linda(), token="Firearms")
    assert shared.becomes_token_at_refresh
    assert lindas["Firearms"].held == 0  # not until the Narrator says tokens refresh
    refreshed, refresh = refresh_tokens(lindas)
    assert refreshed["Firearms"].held == 1
    assert refreshed["Firearms"].shared_marks == 0
    assert refresh.added == ("Firearms",)


def test_a_ninth_shared_mark_is_not_yet_a_token() -> None:
    sheet = sheet_from([TokenState("Firearms", shared_marks=8)])
    sheet, shared = receive_shared_mark(sheet, token="Firearms")
    assert not shared.becomes_token_at_refresh
    refreshed, _ = refresh_tokens(sheet)
    assert refreshed["Firearms"].held == 0


def test_shared_marks_given_while_the_token_is_pending_carry_over_as_check_marks() -> None:
    sheet = sheet_from([TokenState("Firearms", shared_marks=10)])
    for _ in range(3):  # the eleventh, twelfth and thirteenth marks
        sheet, shared = receive_shared_mark(sheet, token="Firearms")
        assert shared.becomes_token_at_refresh
    assert sheet["Firearms"].shared_marks == 13
    refreshed, refresh = refresh_tokens(sheet)
    assert refresh.added == ("Firearms",)
    assert refreshed["Firearms"].held == 1
    assert refreshed["Firearms"].checks == 3  # not lost, and shown as check marks
    assert refreshed["Firearms"].shared_marks == 0


def test_a_shared_mark_in_a_held_type_is_an_ordinary_check() -> None:
    sheet, shared = receive_shared_mark(jim(), token="Firearms")
    assert shared.recipient_holds_it
    assert sheet["Firearms"].checks == 8


def test_sharing_needs_a_depleted_token() -> None:
    with pytest.raises(DriftingError, match="depleted"):
        plan_token_roll(jim(), applicable=("Firearms",), share="Firearms")


@pytest.mark.parametrize(
    ("margin", "step", "owed"),
    [
        (3, EXAMPLE_LOSS_MARGIN_STEP, 2),  # Linda: 9 - 6
        (2, EXAMPLE_LOSS_MARGIN_STEP, 1),  # "If Linda's roll had been 7"
        (3, BOOK_LOSS_MARGIN_STEP, 1),
        (5, BOOK_LOSS_MARGIN_STEP, 2),
        (10, BOOK_LOSS_MARGIN_STEP, 3),
        (1, BOOK_LOSS_MARGIN_STEP, 1),
    ],
)
def test_tokens_lost_for_margin(margin: int, step: int, owed: int) -> None:
    assert tokens_lost_for_margin(margin, step=step) == owed


def test_linda_loses_repair_and_piloting_by_the_example_step() -> None:
    after, loss = lose_tokens(
        linda(),
        margin=9 - 6,
        related=("Dodge",),
        choices={"Repair": 1, "Piloting": 1},
        step=EXAMPLE_LOSS_MARGIN_STEP,
    )
    assert [token.name for token in loss.lost] == ["Repair", "Piloting"]
    assert after["Repair"].lost == 1
    assert after["Piloting"].lost == 1
    assert after["Space"].lost == 0


def test_linda_with_a_dodge_token_loses_it_first() -> None:
    sheet = {**linda(), "Dodge": TokenState("Dodge", held=1)}
    assert choices_needed_for_loss(sheet, owed=2, related=("Dodge",)) == 1
    after, loss = lose_tokens(
        sheet, margin=3, related=("Dodge",), choices={"Space": 1}, step=EXAMPLE_LOSS_MARGIN_STEP
    )
    assert [(token.name, token.reason) for token in loss.lost] == [
        ("Dodge", LossReason.RELATED),
        ("Space", LossReason.CHOSEN),
    ]
    assert after["Dodge"].gives_modifier == 0


def test_linda_by_the_book_step_loses_one_token() -> None:
    _, loss = lose_tokens(linda(), margin=3, related=("Dodge",), choices={"Repair": 1}, step=5)
    assert [token.name for token in loss.lost] == ["Repair"]


def test_choosing_too_few_or_too_many_tokens_to_lose_is_refused() -> None:
    with pytest.raises(LossChoiceError, match="2 tokens must go: choose 2 tokens to lose"):
        lose_tokens(linda(), margin=3, choices={"Repair": 1}, step=EXAMPLE_LOSS_MARGIN_STEP)
    with pytest.raises(LossChoiceError, match=r"1 token must go: choose 1 token to lose \(2 "):
        lose_tokens(linda(), margin=3, choices={"Repair": 1, "Space": 1}, step=5)


def test_one_choice_loses_two_tokens_of_the_same_type() -> None:
    sheet = sheet_from(
        [TokenState("Firearms", held=2), TokenState("Space", held=1), TokenState("Dodge", held=1)]
    )
    after, loss = lose_tokens(sheet, margin=10, choices={"Firearms": 2, "Space": 1})
    assert loss.owed == 3
    assert [token.name for token in loss.lost] == ["Firearms", "Firearms", "Space"]
    assert after["Firearms"].lost == 2
    assert after["Firearms"].gives_modifier == 0
    assert after["Dodge"].lost == 0


def test_related_types_go_first_and_are_not_chosen() -> None:
    sheet = sheet_from([TokenState("Dodge", held=1), TokenState("Space", held=2)])
    assert choices_needed_for_loss(sheet, owed=3, related=("Dodge",)) == 2
    _, loss = lose_tokens(sheet, margin=10, related=("Dodge",), choices={"Space": 2})
    assert [(token.name, token.chosen) for token in loss.lost] == [
        ("Dodge", False),
        ("Space", True),
        ("Space", True),
    ]
    with pytest.raises(LossChoiceError, match="Dodge is related to the check"):
        lose_tokens(sheet, margin=10, related=("Dodge",), choices={"Dodge": 1, "Space": 1})
    with pytest.raises(LossChoiceError, match="1 of them from the related types"):
        lose_tokens(sheet, margin=10, related=("Dodge",), choices={"Space": 1})


def test_depleted_tokens_are_lost_last() -> None:
    sheet = sheet_from([TokenState("Dodge", held=1, depleted=1), TokenState("Space", held=1)])
    with pytest.raises(LossChoiceError, match="Depleted tokens are lost last: choose from Space"):
        lose_tokens(sheet, margin=1, choices={"Dodge": 1})
    after, loss = lose_tokens(sheet, margin=5, related=("Dodge",), choices={"Space": 1})
    assert [(token.name, token.was_depleted) for token in loss.lost] == [
        ("Space", False),
        ("Dodge", True),
    ]
    assert after["Dodge"].depleted == 0
    assert after["Dodge"].lost == 1


def test_a_type_with_one_fresh_token_gives_it_before_its_depleted_one() -> None:
    sheet = sheet_from([TokenState("Firearms", held=2, depleted=1), TokenState("Space", held=1)])
    with pytest.raises(LossChoiceError, match="Firearms: only 1 token not depleted"):
        lose_tokens(sheet, margin=5, choices={"Firearms": 2})
    after, loss = lose_tokens(sheet, margin=10, choices={"Firearms": 2, "Space": 1})
    assert [(token.name, token.was_depleted) for token in loss.lost] == [
        ("Firearms", False),
        ("Space", False),
        ("Firearms", True),
    ]
    assert after["Firearms"] == TokenState("Firearms", held=2, lost=2)


def test_when_the_sheet_leaves_no_choice_an_empty_choice_takes_it() -> None:
    sheet = sheet_from([TokenState("Space", held=2)])
    _, loss = lose_tokens(sheet, margin=5)
    assert [(token.name, token.reason) for token in loss.lost] == [
        ("Space", LossReason.ONLY_ONES_LEFT),
        ("Space", LossReason.ONLY_ONES_LEFT),
    ]
    with pytest.raises(LossChoiceError, match="choose 1 token"):
        lose_tokens(linda(), margin=1)


def test_a_choice_beyond_what_a_type_has_left_is_refused() -> None:
    sheet = sheet_from([TokenState("Space", held=2, lost=1), TokenState("Dodge", held=2)])
    with pytest.raises(LossChoiceError, match="Space: only 1 token can still be lost"):
        lose_tokens(sheet, margin=5, choices={"Space": 2})
    with pytest.raises(LossChoiceError, match="no Piloting token"):
        lose_tokens(sheet, margin=5, choices={"Piloting": 1, "Dodge": 1})


def test_a_loss_beyond_every_token_takes_what_there_is() -> None:
    sheet = sheet_from([TokenState("Space", held=1)])
    _, loss = lose_tokens(sheet, margin=12, choices={"Space": 1})
    assert loss.shortfall == 2
    assert "No more tokens" in loss.explanation()[-1]


token_counts = st.tuples(
    st.integers(min_value=0, max_value=3),  # fresh
    st.integers(min_value=0, max_value=2),  # depleted
    st.integers(min_value=0, max_value=1),  # lost
).filter(lambda counts: sum(counts) > 0)


@given(
    counts=st.lists(token_counts, min_size=1, max_size=4),
    related_count=st.integers(min_value=0, max_value=2),
    margin=st.integers(min_value=1, max_value=20),
    data=st.data(),
)
def test_every_valid_choice_follows_the_rules_order(
    counts: list[tuple[int, int, int]], related_count: int, margin: int, data: st.DataObject
) -> None:
    sheet = sheet_from(
        TokenState(f"T{index}", held=sum(trio), depleted=trio[1], lost=trio[2])
        for index, trio in enumerate(counts)
    )
    related = [f"T{index}" for index in range(min(related_count, len(counts)))]
    order = loss_order(sheet, owed=tokens_lost_for_margin(margin), related=related)
    # A valid choice: some of the fresh tokens open to choice, then depleted ones.
    choice: dict[str, int] = {}
    for to_choose, open_types in (
        (order.to_choose_fresh, order.fresh_open),
        (order.to_choose_depleted, order.depleted_open),
    ):
        slots = [name for name, count in open_types.items() for _ in range(count)]
        for name in data.draw(st.permutations(slots))[:to_choose]:
            choice[name] = choice.get(name, 0) + 1
    after, loss = lose_tokens(sheet, margin=margin, related=related, choices=choice)
    loseable = sum(state.fresh + state.depleted for state in sheet.values())
    assert len(loss.lost) == min(loss.owed, loseable)
    # Related types first, then the player's choice; every fresh token before a depleted one.
    stages = [(token.was_depleted, token.chosen) for token in loss.lost]
    assert stages == sorted(stages)
    if any(token.was_depleted for token in loss.lost):
        assert not any(state.fresh for state in after.values())
    for name, state in after.items():
        assert state.held == sheet[name].held
        assert state.lost - sheet[name].lost == sum(token.name == name for token in loss.lost)


def test_a_draw_loses_nothing() -> None:
    with pytest.raises(DriftingError):
        tokens_lost_for_margin(0)


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


def test_refresh_brings_back_depleted_and_lost_tokens() -> None:
    sheet = sheet_from([TokenState("Space", held=2, depleted=1, lost=1, checks=4)])
    after, refresh = refresh_tokens(sheet)
    assert after["Space"] == TokenState("Space", held=2, checks=4)
    assert refresh.restored == (("Space", 2),)


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


MILITARY = Lifepath(
    "military",
    "Military service",
    (TokenGrant(TokenKind.BACKGROUND, "Military"), TokenGrant(TokenKind.FOCUS, "Firearms")),
)
OFFICER = Lifepath(
    "officer",
    "Officer",
    (TokenGrant(TokenKind.FOCUS, "Firearms"), TokenGrant(TokenKind.REPUTATION, "United Systems")),
    requires=("military",),
)


def test_lifepath_tokens_add_up_by_type() -> None:
    sheet = tokens_from_lifepaths([MILITARY, OFFICER])
    assert {name: (token.kind, token.held) for name, token in sheet.items()} == {
        "Military": (TokenKind.BACKGROUND, 1),
        "Firearms": (TokenKind.FOCUS, 2),
        "United Systems": (TokenKind.REPUTATION, 1),
    }


def test_lifepath_requirements_and_limit() -> None:
    with pytest.raises(DriftingError, match="must follow"):
        check_lifepath_choice([], OFFICER)
    check_lifepath_choice([MILITARY], OFFICER)
    with pytest.raises(DriftingError, match="already in this life"):
        check_lifepath_choice([MILITARY], MILITARY)
    with pytest.raises(DriftingError, match="already has its 1 lifepaths"):
        check_lifepath_choice([MILITARY], OFFICER, limit=1)


def test_apply_assist_helper_as_plain_assist_record() -> None:
    assert Assist("Linda", "Space").helper == "Linda"


# --- Bounds: what a lifepath grants, what a roll can total ------------------------------


def test_a_lifepath_grants_one_to_three_of_a_type_and_six_in_all() -> None:
    check_lifepath_grants([TokenGrant(TokenKind.FOCUS, "Firearms", 3)])
    check_lifepath_grants(
        [TokenGrant(TokenKind.FOCUS, "Firearms", 3), TokenGrant(TokenKind.FOCUS, "Dodge", 3)]
    )
    for count in (0, 4, 999_999):
        with pytest.raises(RulesError, match="1 to 3 tokens of a type"):
            check_lifepath_grants([TokenGrant(TokenKind.BACKGROUND, "X", count)])
    with pytest.raises(RulesError, match="at most 6 tokens in all; these lines grant 7"):
        check_lifepath_grants([TokenGrant(TokenKind.FOCUS, name, 1) for name in "ABCDEFG"])
    with pytest.raises(RulesError, match="at least one token"):
        check_lifepath_grants([])


@pytest.mark.parametrize("total", [-1, 101, 20_000_000_000_000_000_000])
def test_a_roll_total_no_dice_can_make_is_refused(total: int) -> None:
    with pytest.raises(RulesError, match="between 0 and 100"):
        check_roll_total(total)


def test_a_margin_beyond_any_roll_is_refused_not_turned_into_owed_tokens() -> None:
    assert tokens_lost_for_margin(100) == 21
    with pytest.raises(RulesError, match="between 0 and 100"):
        tokens_lost_for_margin(20_000_000_000_000_000_000)


def _taken(lost: tuple[LostToken, ...], *, depleted: bool) -> dict[str, int]:
    return dict(Counter(token.name for token in lost if token.was_depleted is depleted))


def test_undoing_a_loss_gives_back_exactly_the_sheet_before_it() -> None:
    sheet = sheet_from(
        [
            TokenState("Dodge", held=2, depleted=1),
            TokenState("Space", held=2, depleted=1, checks=4),
            TokenState("Repair", held=1),
        ]
    )
    after, loss = lose_tokens(
        sheet, margin=24, related=("Dodge",), choices={"Space": 2, "Repair": 1}
    )
    assert any(token.was_depleted for token in loss.lost)
    back = undo_loss(
        after,
        fresh=_taken(loss.lost, depleted=False),
        depleted=_taken(loss.lost, depleted=True),
    )
    assert back == sheet


def test_undoing_more_than_was_lost_is_refused() -> None:
    sheet = sheet_from([TokenState("Dodge", held=2, lost=1)])
    with pytest.raises(DriftingError, match="Dodge: 2 tokens to restore, but 1 lost"):
        undo_loss(sheet, fresh={"Dodge": 1}, depleted={"Dodge": 1})
    with pytest.raises(DriftingError, match="Space: 1 token to restore, but 0 lost"):
        undo_loss(sheet, fresh={"Space": 1}, depleted={})
