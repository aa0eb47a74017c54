"""Steps 7 and 8 in the creation log: their entry kinds, their payloads, and the replay of
those entries into the character's equipment, purse, purchases, age, appearance and notes.

This is the thin translation between log rows and the pure folds in
rules/infinity_drive/equipment_state.py and history_state.py; no rule lives here. Part
1's replay (progress.py) skips these kinds, and this replay skips every other kind.

Payloads copy what they depend on (an item's name, category and price; the purse an
option or a table gave), so an edit of the catalogue, the tables or the campaign's rules
never changes a character already built.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from chargen.core.log import UNDO_KIND
from chargen.infinity_drive.concept_log import CONCEPT, concept_summary
from chargen.infinity_drive.models import CreationLogEntry
from rules.infinity_drive.equipment_state import (
    STANDARD,
    VARIABLE,
    Bought,
    EquipmentEvent,
    EquipmentState,
    OptionChosen,
    PurseSet,
    SoldBack,
    replay_equipment,
)
from rules.infinity_drive.history_state import (
    DetailsGiven,
    HistoryEvent,
    HistoryState,
    NoteWritten,
    replay_history,
)

# The log's row kinds for steps 7 and 8.
EQUIPMENT_OPTION = "equipment_option"
# Variable-background equipment rolls: logged like every roll. The one that completes
# the tables also carries the purse they give ("purse").
BACKGROUND_ROLL = "background_roll"
# A purse recorded outright (the data migration writes it for characters whose credits
# were a column before the log held them).
CREDITS = "credits"
PURCHASE = "purchase"
SALE = "sale"
DETAILS = "details"
NOTE = "note"

PART_TWO_KINDS: frozenset[str] = frozenset(
    {EQUIPMENT_OPTION, BACKGROUND_ROLL, CREDITS, PURCHASE, SALE, DETAILS, NOTE}
)
EQUIPMENT_KINDS: frozenset[str] = frozenset(
    {EQUIPMENT_OPTION, BACKGROUND_ROLL, CREDITS, PURCHASE, SALE}
)
HISTORY_KINDS: frozenset[str] = frozenset({DETAILS, NOTE})

OPTION_LABELS: dict[str, str] = {
    "": "Not chosen yet",
    STANDARD: "Standard option",
    VARIABLE: "Variable background",
}


# --- Payloads -------------------------------------------------------------------------


def option_payload(event: OptionChosen) -> dict[str, Any]:
    return {"option": event.option, "purse": event.purse}


def purchase_payload(event: Bought) -> dict[str, Any]:
    return {
        "name": event.name,
        "category": event.category,
        "unit_price": event.unit_price,
        "quantity": event.quantity,
    }


def sale_payload(event: SoldBack) -> dict[str, Any]:
    return {"name": event.name, "unit_price": event.unit_price, "quantity": event.quantity}


def history_entry(event: HistoryEvent) -> tuple[str, dict[str, Any]]:
    """(kind, payload) of a history event."""
    if isinstance(event, DetailsGiven):
        return DETAILS, {"age": event.age, "appearance": event.appearance}
    return NOTE, {"sequence": event.sequence, "text": event.text}


# --- Replay ---------------------------------------------------------------------------


def equipment_event(entry: CreationLogEntry) -> EquipmentEvent | None:
    payload = entry.payload or {}
    kind = entry.kind
    if kind == EQUIPMENT_OPTION:
        return OptionChosen(payload["option"], payload.get("purse"))
    if kind == BACKGROUND_ROLL:
        purse = payload.get("purse")
        return None if purse is None else PurseSet(purse)
    if kind == CREDITS:
        return PurseSet(payload["purse"])
    if kind == PURCHASE:
        return Bought(
            payload["name"], payload.get("category", ""), payload["unit_price"], payload["quantity"]
        )
    if kind == SALE:
        return SoldBack(payload["name"], payload["unit_price"], payload["quantity"])
    return None


def history_event(entry: CreationLogEntry) -> HistoryEvent | None:
    payload = entry.payload or {}
    if entry.kind == DETAILS:
        return DetailsGiven(payload.get("age", ""), payload.get("appearance", ""))
    if entry.kind == NOTE:
        return NoteWritten(payload["sequence"], payload.get("text", ""))
    return None


@dataclass(frozen=True)
class PartTwo:
    """Steps 7 and 8 as the log says they stand."""

    equipment: EquipmentState
    history: HistoryState

    @property
    def option_label(self) -> str:
        return OPTION_LABELS.get(self.equipment.option, self.equipment.option)

    def snapshot(self) -> dict[str, object]:
        """What a list needs without replaying the log (see `character_progress_label`)."""
        return {"equipment_done": self.equipment.done, "history_done": self.history.done}


def part_two_replay(entries: Iterable[CreationLogEntry]) -> PartTwo:
    """The part-2 state of a log (any entries, in sequence order; other kinds are skipped)."""
    ordered = list(entries)
    equipment = (equipment_event(entry) for entry in ordered)
    history = (history_event(entry) for entry in ordered)
    return PartTwo(
        equipment=replay_equipment(event for event in equipment if event is not None),
        history=replay_history(event for event in history if event is not None),
    )


# --- Words for the GM -----------------------------------------------------------------


def shown_in_roll_log(entry: CreationLogEntry) -> bool:
    """Whether the GM's roll log lists the entry. The entries the data migration wrote
    restate what a character's columns held before the log did; the log goes on showing
    what it showed then, and the sheet shows their effect."""
    return not (entry.payload or {}).get("migrated")


def entry_summary(entry: CreationLogEntry) -> str:
    """One line saying what a part-2 decision did ("" for other kinds): the GM's roll log
    shows it beside the entry, so an edited note reads with the roll it belongs to."""
    payload: Mapping[str, Any] = entry.payload or {}
    kind = entry.kind
    if kind == UNDO_KIND:
        return f"Undoes #{payload.get('cancels')} (the player took that decision back)."
    if kind == EQUIPMENT_OPTION:
        chosen = OPTION_LABELS.get(payload.get("option", ""), "")
        purse = payload.get("purse")
        return chosen + (f": {purse:,} cr" if purse is not None else "")
    if kind == CREDITS:
        return f"Credits to spend: {payload.get('purse', 0):,} cr"
    if kind in {PURCHASE, SALE}:
        verb = "Bought" if kind == PURCHASE else "Sold back"
        quantity, price = payload.get("quantity", 0), payload.get("unit_price", 0)
        return f"{verb} {quantity} × {payload.get('name', '')} ({quantity * price:,} cr)"
    if kind == CONCEPT:
        return concept_summary(entry)
    if kind == DETAILS:
        return f"Age: {payload.get('age', '')}. Appearance: {payload.get('appearance', '')}"
    if kind == NOTE:
        return f"Note for roll #{payload.get('sequence')}: {payload.get('text', '')}"
    return ""
