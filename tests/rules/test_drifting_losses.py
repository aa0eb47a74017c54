"""Drifting's lost tokens: how many a margin costs, the order they go in (related, chosen,
depleted last), refused choices, and undoing a loss."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.drifting import (
    BOOK_LOSS_MARGIN_STEP,
    EXAMPLE_LOSS_MARGIN_STEP,
    DriftingError,
    LossChoiceError,
    LossReason,
    LostToken,
    TokenState,
    choices_needed_for_loss,
    lose_tokens,
    loss_order,
    sheet_from,
    tokens_lost_for_margin,
    undo_loss,
)
from rules.errors import RulesError
from tests.rules.drifting_sheets import linda


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
