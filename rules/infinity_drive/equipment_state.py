"""Starting equipment (step 7) as a fold over its events: the option, the purse, what was
bought and sold back.

"There are two different options for building your characters starting equipment and
much like the choice that you make with your characteristics, once you choose one option
there is no going back." The standard option gives a fixed purse ("a wealth of 20,000
credits", or the campaign's figure); the variable option's purse is the cash its
background tables give. Every purchase and sale is an event that copies the item's name,
category and price, so a later edit of the catalogue never changes what was paid.

Pure: plain values in, plain values out. Every value refuses malformed fields when it
is built (a `MalformedInput`); `quantity_change` is the rules' check on a purchase.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import cast

from rules.errors import MalformedInput, RulesError
from rules.inputs import instance, listed, listed_instances, optional_whole, text, whole

STANDARD = "standard"
VARIABLE = "variable"
OPTIONS = (STANDARD, VARIABLE)

__all__ = [
    "OPTIONS",
    "STANDARD",
    "VARIABLE",
    "Bought",
    "CatalogueItem",
    "EquipmentEvent",
    "EquipmentState",
    "Holding",
    "OptionChosen",
    "PurseSet",
    "SoldBack",
    "apply_equipment",
    "quantity_change",
    "replay_equipment",
]


def _check_item(name: object, unit_price: object, quantity: object, category: object = "") -> None:
    text(name, "An item's name")
    text(category, "An item's category")
    whole(unit_price, f"The price of {name}", minimum=0)
    whole(quantity, f"The number of {name}", minimum=1)


@dataclass(frozen=True)
class OptionChosen:
    """The equipment option, locked once chosen. `purse` is what the option gives at once:
    the standard option's credits; None under the variable option, whose tables decide."""

    option: str
    purse: int | None = None

    def __post_init__(self) -> None:
        if text(self.option, "The equipment option") not in OPTIONS:
            raise MalformedInput("The equipment option must be standard or variable.")
        optional_whole(self.purse, "The purse", minimum=0)


@dataclass(frozen=True)
class PurseSet:
    """The credits to spend before anything is bought: the variable tables' cash once the
    last table is rolled, or a purse recorded outright."""

    purse: int

    def __post_init__(self) -> None:
        whole(self.purse, "The purse", minimum=0)


@dataclass(frozen=True)
class Bought:
    """`quantity` more of an item, at `unit_price` each (the price paid, copied)."""

    name: str
    category: str
    unit_price: int
    quantity: int

    def __post_init__(self) -> None:
        _check_item(self.name, self.unit_price, self.quantity, category=self.category)


@dataclass(frozen=True)
class SoldBack:
    """`quantity` of an owned item given back at the price it was bought for."""

    name: str
    unit_price: int
    quantity: int

    def __post_init__(self) -> None:
        _check_item(self.name, self.unit_price, self.quantity)


EquipmentEvent = OptionChosen | PurseSet | Bought | SoldBack


@dataclass(frozen=True)
class Holding:
    """What the character owns of one item, at the price it paid."""

    name: str
    category: str
    unit_price: int
    quantity: int

    def __post_init__(self) -> None:
        _check_item(self.name, self.unit_price, self.quantity, category=self.category)

    @property
    def total_price(self) -> int:
        return self.unit_price * self.quantity


@dataclass(frozen=True)
class CatalogueItem:
    """An item on sale, as the catalogue prices it today."""

    name: str
    category: str
    price: int

    def __post_init__(self) -> None:
        text(self.name, "An item's name")
        text(self.category, "An item's category")
        whole(self.price, f"The price of {self.name}", minimum=0)


@dataclass(frozen=True)
class EquipmentState:
    option: str = ""
    purse: int | None = None
    holdings: tuple[Holding, ...] = ()

    def __post_init__(self) -> None:
        if text(self.option, "The equipment option") not in {"", *OPTIONS}:
            raise MalformedInput("The equipment option must be standard or variable.")
        optional_whole(self.purse, "The purse", minimum=0)
        holdings = listed_instances(self.holdings, Holding, "The holdings", "an item held")
        object.__setattr__(self, "holdings", holdings)

    @property
    def spent(self) -> int:
        return sum(holding.total_price for holding in self.holdings)

    @property
    def credits(self) -> int | None:
        """Credits left to spend; None until the option (and its tables) give a purse."""
        return None if self.purse is None else self.purse - self.spent

    @property
    def done(self) -> bool:
        """Step 7 is done once an option is chosen and it has given a purse."""
        return bool(self.option) and self.purse is not None

    def owned(self, name: str) -> Holding | None:
        text(name, "An item's name")
        return next((holding for holding in self.holdings if holding.name == name), None)


def _with_holding(state: EquipmentState, name: str, holding: Holding | None) -> EquipmentState:
    """The holdings with `name` replaced (kept in its place), added at the end, or gone."""
    holdings: list[Holding] = []
    placed = False
    for current in state.holdings:
        if current.name != name:
            holdings.append(current)
        elif holding is not None:
            holdings.append(holding)
            placed = True
        else:
            placed = True
    if holding is not None and not placed:
        holdings.append(holding)
    return replace(state, holdings=tuple(holdings))


def apply_equipment(state: EquipmentState, event: EquipmentEvent) -> EquipmentState:
    """One event's effect; the latest option and the latest purse win."""
    instance(state, EquipmentState, "The equipment so far")
    if not isinstance(event, OptionChosen | PurseSet | Bought | SoldBack):
        raise MalformedInput("An equipment event must be an option, a purse, a sale or a buy.")
    if isinstance(event, OptionChosen):
        return replace(state, option=event.option, purse=event.purse)
    if isinstance(event, PurseSet):
        return replace(state, purse=event.purse)
    owned = state.owned(event.name)
    if isinstance(event, Bought):
        if owned is None:
            bought = Holding(event.name, event.category, event.unit_price, event.quantity)
        else:
            # A kept purchase keeps the price it was bought at.
            bought = replace(owned, quantity=owned.quantity + event.quantity)
        return _with_holding(state, event.name, bought)
    if owned is None:
        return state
    left = owned.quantity - event.quantity
    return _with_holding(state, event.name, replace(owned, quantity=left) if left > 0 else None)


def replay_equipment(events: Iterable[EquipmentEvent]) -> EquipmentState:
    state = EquipmentState()
    for event in listed(events, "The equipment events"):
        state = apply_equipment(state, cast(EquipmentEvent, event))  # checked there
    return state


def quantity_change(
    state: EquipmentState, item: CatalogueItem, quantity: int
) -> Bought | SoldBack | None:
    """What owning exactly `quantity` of `item` takes: a purchase, a sale, or nothing.

    Setting a number rather than adding one makes a repeated request harmless. A kept
    purchase keeps its price: more of it costs what it cost, and a sale gives back what
    was paid. Spending more than the credits left is refused (exactly all is allowed).
    """
    instance(state, EquipmentState, "The equipment so far")
    instance(item, CatalogueItem, "The item")
    if isinstance(quantity, int) and not isinstance(quantity, bool) and quantity < 0:
        raise RulesError("A quantity cannot be negative.")
    whole(quantity, "The quantity")
    if not state.done:
        raise RulesError("Choose your equipment option (and roll its tables) before buying.")
    if quantity < 0:
        raise RulesError("A quantity cannot be negative.")
    owned = state.owned(item.name)
    current = owned.quantity if owned else 0
    unit_price = owned.unit_price if owned else item.price
    current_cost = unit_price * current
    change = unit_price * quantity - current_cost
    credits = state.credits or 0
    if change > credits:
        raise RulesError(
            f"{quantity} × {item.name} costs {unit_price * quantity:,} credits; you have "
            f"{credits + current_cost:,} to spend on it."
        )
    if quantity > current:
        category = owned.category if owned else item.category
        return Bought(item.name, category, unit_price, quantity - current)
    if quantity < current:
        return SoldBack(item.name, unit_price, current - quantity)
    return None
