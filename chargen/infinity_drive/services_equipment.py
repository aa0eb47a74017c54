"""Step 7, starting equipment: the option, the variable background rolls, buying and
selling back. One keyword-only function per action, each one transaction that writes
at most one log entry at the sequence its form expected (part_two_write.py).

"Once you choose one option there is no going back with your character."
"""

from __future__ import annotations

from django.db import transaction

from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.log import NewEntry, log_write
from chargen.infinity_drive.models import Character, CreationLogEntry
from chargen.infinity_drive.part_two import (
    BACKGROUND_ROLL,
    EQUIPMENT_OPTION,
    OPTION_LABELS,
    PURCHASE,
    SALE,
    option_payload,
    purchase_payload,
    sale_payload,
)
from chargen.infinity_drive.part_two_write import (
    locked_character,
    refresh_snapshot,
    refuse_dice_after_return,
    refuse_unless_editable,
    refuse_unless_skills_done,
    saved_repeat,
    write_entry,
)
from chargen.infinity_drive.selectors_finish import Finish, finish_load
from rules.dice import Roll, roll
from rules.errors import RulesError
from rules.infinity_drive.equipment_state import (
    STANDARD,
    Bought,
    CatalogueItem,
    OptionChosen,
    SoldBack,
    quantity_change,
)
from rules.typed_dice import typed_roll

MAX_QUANTITY = 99


def _loaded(character: Character) -> tuple[Character, Finish]:
    """The character locked, still editable, its skills done; and its whole creation."""
    character = locked_character(character)
    refuse_unless_editable(character)
    finish = finish_load(character)
    refuse_unless_skills_done(finish)
    return character, finish


def _latest(finish: Finish, kind: str) -> CreationLogEntry | None:
    return next((entry for entry in reversed(finish.entries) if entry.kind == kind), None)


@transaction.atomic
def equipment_choose_option(
    *, character: Character, expected_sequence: int, option: str
) -> CreationLogEntry:
    """Choose the standard or the variable background option. Once chosen, it is locked:
    "once you choose one option there is no going back with your character"."""
    character, finish = _loaded(character)
    if option not in dict(finish.option_choices):
        raise StepRefused("This campaign does not offer that equipment option.", field="option")
    chosen = finish.option
    if chosen and chosen != option:
        raise StepRefused(
            f"You chose the {OPTION_LABELS[chosen].lower()} already; "
            "as the book says, once you choose there is no going back.",
            field="option",
        )
    saved = _latest(finish, EQUIPMENT_OPTION)
    if chosen == option and saved is not None:
        return saved  # the same choice posted again (or from a stale page) changes nothing
    saved_repeat(
        finish,
        expected_sequence=expected_sequence,
        kinds=(EQUIPMENT_OPTION,),
        nothing_new=lambda: False,
    )
    purse = finish.progress.house_rules.starting_credits if option == STANDARD else None
    return write_entry(
        character=character,
        expected_sequence=expected_sequence,
        kinds=(EQUIPMENT_OPTION,),
        new=NewEntry(EQUIPMENT_OPTION, option_payload(OptionChosen(option, purse))),
    )


def _background_roll(finish: Finish, spec_text: str, faces_text: str) -> Roll:
    if faces_text.strip():
        if not finish.progress.house_rules.physical_dice_allowed:
            raise StepRefused("This campaign's GM asks for server dice: leave the field empty.")
        try:
            return typed_roll(spec_text, faces_text)
        except RulesError as error:
            raise StepRefused(str(error), field="faces") from error
    return roll(spec_text)


def equipment_roll_background(
    *, character: Character, expected_sequence: int, faces_text: str = ""
) -> CreationLogEntry:
    """Roll (or read the typed faces for) the next variable background table.

    The roll is written to the creation log before anyone sees it; the same form
    posted again returns the roll already saved. The roll that completes the tables
    also records the purse they give: the sum of their cash, never below 0.
    """
    with transaction.atomic():
        character, finish = _loaded(character)
        refuse_dice_after_return(character)
        if finish.option != "variable":
            raise StepRefused("Background tables are rolled only under the variable option.")

        def build(entries: list[CreationLogEntry]) -> NewEntry:
            table = finish.next_background_table
            if table is None:
                raise StepRefused("Every background table is rolled already.")
            value = table.as_value()
            rolled = _background_roll(finish, table.dice, faces_text)
            row = value.result_for(rolled.total)
            payload: dict[str, object] = {
                "table_key": value.key,
                "table_name": value.name,
                "low": row.low,
                "high": row.high,
                "result": row.result,
                "credits": row.credits,
                "assets": row.assets,
                "debts": row.debts,
            }
            earlier = [entry for entry in entries if entry.kind == BACKGROUND_ROLL]
            rolled_keys = {entry.payload["table_key"] for entry in earlier} | {value.key}
            if all(other.key in rolled_keys for other in finish.content.background_tables):
                cash = sum(entry.payload.get("credits", 0) for entry in earlier) + row.credits
                payload["purse"] = max(0, cash)
            return NewEntry(kind=BACKGROUND_ROLL, payload=payload, roll=rolled)

        written = log_write(
            character=character,
            expected_sequence=expected_sequence,
            kinds=(BACKGROUND_ROLL,),
            build=build,
            after=refresh_snapshot,
        )
        return written.entry


def _change(finish: Finish, item: CatalogueItem, quantity: int) -> Bought | SoldBack | None:
    try:
        return quantity_change(finish.equipment, item, quantity)
    except RulesError as error:
        raise StepRefused(str(error), field="quantity") from error


@transaction.atomic
def equipment_set_quantity(
    *, character: Character, expected_sequence: int, item_id: int, quantity: int
) -> CreationLogEntry | None:
    """Own `quantity` of a catalogue item: a purchase of the difference, a sale of it
    (at the price paid), or nothing when the character owns that many already. The
    item's name, category and price are copied into the entry."""
    character, finish = _loaded(character)
    if not finish.equipment_done:
        raise StepRefused("Choose your equipment option (and roll its tables) before buying.")
    if not 0 <= quantity <= MAX_QUANTITY:
        raise StepRefused(f"Buy between 0 and {MAX_QUANTITY} of an item.", field="quantity")
    item = finish.content.equipment_by_pk().get(item_id)
    if item is None:
        raise StepRefused("That item is not in this campaign's catalogue.", field="item")
    on_sale = CatalogueItem(item.name, item.category, item.price)
    saved = saved_repeat(
        finish,
        expected_sequence=expected_sequence,
        kinds=(PURCHASE, SALE),
        nothing_new=lambda: _change(finish, on_sale, quantity) is None,
    )
    if saved is not None:
        return saved
    event = _change(finish, on_sale, quantity)
    if event is None:
        return None
    if isinstance(event, Bought):
        new = NewEntry(PURCHASE, purchase_payload(event))
    else:
        new = NewEntry(SALE, sale_payload(event))
    return write_entry(
        character=character, expected_sequence=expected_sequence, kinds=(PURCHASE, SALE), new=new
    )
