"""Starting equipment as a fold over events: the option, the purse, purchases and sales."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.errors import RulesError
from rules.infinity_drive.equipment_state import (
    Bought,
    CatalogueItem,
    EquipmentState,
    OptionChosen,
    PurseSet,
    SoldBack,
    apply_equipment,
    quantity_change,
    replay_equipment,
)

MEDKIT = CatalogueItem("Medkit", "medical", 500)
SIDEARM = CatalogueItem("Sidearm", "weapon", 1_000)


def standard(purse: int = 20_000) -> EquipmentState:
    return replay_equipment([OptionChosen("standard", purse)])


def test_nothing_is_done_before_an_option_and_a_purse() -> None:
    assert not EquipmentState().done
    variable = replay_equipment([OptionChosen("variable")])
    assert (variable.option, variable.credits, variable.done) == ("variable", None, False)
    rolled = apply_equipment(variable, PurseSet(42_000))
    assert (rolled.credits, rolled.done) == (42_000, True)


def test_the_standard_option_gives_its_purse_at_once() -> None:
    state = standard()
    assert (state.option, state.credits, state.done) == ("standard", 20_000, True)


def test_purchases_and_sales_move_credits_and_keep_the_order_bought() -> None:
    state = replay_equipment(
        [
            OptionChosen("standard", 20_000),
            Bought("Sidearm", "weapon", 1_000, 2),
            Bought("Medkit", "medical", 500, 1),
            SoldBack("Sidearm", 1_000, 1),
        ]
    )
    assert [(held.name, held.quantity) for held in state.holdings] == [
        ("Sidearm", 1),
        ("Medkit", 1),
    ]
    assert (state.spent, state.credits) == (1_500, 18_500)
    sold_out = apply_equipment(state, SoldBack("Sidearm", 1_000, 1))
    assert [held.name for held in sold_out.holdings] == ["Medkit"]
    bought_again = apply_equipment(sold_out, Bought("Sidearm", "weapon", 1_200, 1))
    assert [held.name for held in bought_again.holdings] == ["Medkit", "Sidearm"]


def test_setting_a_quantity_buys_or_sells_the_difference_at_the_price_paid() -> None:
    state = apply_equipment(standard(), Bought("Medkit", "medical", 400, 2))
    dearer = CatalogueItem("Medkit", "medical", 900)  # the GM raised the price since
    assert quantity_change(state, dearer, 5) == Bought("Medkit", "medical", 400, 3)
    assert quantity_change(state, dearer, 0) == SoldBack("Medkit", 400, 2)
    assert quantity_change(state, dearer, 2) is None
    assert quantity_change(state, SIDEARM, 1) == Bought("Sidearm", "weapon", 1_000, 1)


def test_spending_exactly_every_credit_is_allowed_and_one_more_is_refused() -> None:
    state = standard(purse=3 * MEDKIT.price)
    assert quantity_change(state, MEDKIT, 3) == Bought("Medkit", "medical", 500, 3)
    short = standard(purse=3 * MEDKIT.price - 1)
    with pytest.raises(RulesError, match="costs 1,500 credits; you have 1,499 to spend on it"):
        quantity_change(short, MEDKIT, 3)


def test_buying_needs_an_option_with_a_purse() -> None:
    with pytest.raises(RulesError, match="Choose your equipment option"):
        quantity_change(replay_equipment([OptionChosen("variable")]), MEDKIT, 1)


def test_a_quantity_cannot_be_negative() -> None:
    with pytest.raises(RulesError, match="negative"):
        quantity_change(standard(), MEDKIT, -1)


@given(st.lists(st.tuples(st.sampled_from([MEDKIT, SIDEARM]), st.integers(0, 30)), max_size=12))
def test_credits_never_go_below_zero_and_always_match_the_holdings(
    requests: list[tuple[CatalogueItem, int]],
) -> None:
    """Whatever a player asks, in any order: what quantity_change allows never overdraws,
    and credits are always the purse less what the holdings cost."""
    state = standard(purse=12_000)
    for item, quantity in requests:
        try:
            event = quantity_change(state, item, quantity)
        except RulesError:
            continue
        if event is not None:
            state = apply_equipment(state, event)
        owned = state.owned(item.name)
        assert (owned.quantity if owned else 0) == quantity
        assert state.credits is not None
        assert state.credits >= 0
        assert state.credits == 12_000 - sum(h.unit_price * h.quantity for h in state.holdings)
