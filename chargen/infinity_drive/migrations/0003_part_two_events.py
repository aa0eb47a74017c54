"""Steps 7 and 8 become creation-log entries: each character's equipment option, credits,
purchases, age and appearance, until now columns and `CharacterEquipment` rows, are
appended to its log after its last entry, so its sheet is the replay of its log.

For each character, in this order:
- `equipment_option` {"option", "purse"}: the standard option's purse is what the
  character had to spend (credits left + what its purchases cost); the variable
  option's is None, and a `credits` {"purse"} entry follows once its tables gave one;
- one `purchase` {"name", "category", "unit_price", "quantity"} per bought item, in the
  order they were bought;
- `details` {"age", "appearance"} when either was given.
Every payload says "migrated": true (the GM's roll log shows what it showed before).

History notes stay where they are: an entry's own `history_note` is the note given with
the roll, and only edits from now on are `note` entries. The list's snapshot gains
"equipment_done" and "history_done", written with bulk_update so no `updated` moves.

Going back rebuilds the columns and rows from the entries (those the new code wrote
too), folds edited notes into `history_note`, and removes the entries: the code before
this migration cannot replay them, and coming forward again writes them anew. The kinds and payloads are written out here, as they are
today, so later changes to the app cannot change what this migration does.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.apps.registry import Apps
from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.models import Max

NEW_KINDS = ("equipment_option", "credits", "purchase", "sale", "details", "note")
BATCH_SIZE = 500


def _events(character: Any, bought: list[Any]) -> list[tuple[str, dict[str, Any]]]:
    spent = sum(row.unit_price * row.quantity for row in bought)
    purse = None if character.credits is None else character.credits + spent
    events: list[tuple[str, dict[str, Any]]] = []
    option = character.equipment_option
    if option:
        standard_purse = purse if option == "standard" else None
        events.append(("equipment_option", {"option": option, "purse": standard_purse}))
    if purse is not None and option != "standard":
        events.append(("credits", {"purse": purse}))
    events.extend(
        (
            "purchase",
            {
                "name": row.name,
                "category": row.category,
                "unit_price": row.unit_price,
                "quantity": row.quantity,
            },
        )
        for row in bought
    )
    if character.age or character.appearance:
        events.append(("details", {"age": character.age, "appearance": character.appearance}))
    return events


def columns_to_events(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Character = apps.get_model("characters", "Character")
    Entry = apps.get_model("characters", "CreationLogEntry")
    CharacterEquipment = apps.get_model("content", "CharacterEquipment")
    bought: dict[Any, list[Any]] = defaultdict(list)
    for row in CharacterEquipment.objects.order_by("bought_at", "pk"):
        bought[row.character_id].append(row)
    last_sequence = dict(
        Entry.objects.values("character_id")
        .annotate(last=Max("sequence"))
        .values_list("character_id", "last")
    )
    new_entries = []
    snapshots = []
    for character in Character.objects.iterator(chunk_size=BATCH_SIZE):
        sequence = last_sequence.get(character.pk) or 0
        for kind, payload in _events(character, bought.get(character.pk, [])):
            sequence += 1
            new_entries.append(
                Entry(
                    character_id=character.pk,
                    sequence=sequence,
                    kind=kind,
                    payload={**payload, "migrated": True},
                )
            )
        character.snapshot = {
            **(character.snapshot or {}),
            "equipment_done": bool(character.equipment_option) and character.credits is not None,
            "history_done": bool(character.age.strip() and character.appearance.strip()),
        }
        snapshots.append(character)
    Entry.objects.bulk_create(new_entries, batch_size=BATCH_SIZE)
    Character.objects.bulk_update(snapshots, ["snapshot"], batch_size=BATCH_SIZE)


def _fold(entries: list[Any]) -> dict[str, Any]:
    """The part-2 state of a log's entries, as the app replays it (latest wins)."""
    state: dict[str, Any] = {"option": "", "purse": None, "holdings": {}, "details": None}
    notes: dict[int, str] = {}
    holdings: dict[str, dict[str, Any]] = state["holdings"]
    for entry in entries:
        payload = entry.payload or {}
        if entry.kind == "equipment_option":
            state["option"], state["purse"] = payload["option"], payload.get("purse")
        elif entry.kind in {"credits", "background_roll"} and payload.get("purse") is not None:
            state["purse"] = payload["purse"]
        elif entry.kind == "purchase":
            holding = holdings.setdefault(
                payload["name"],
                {"category": payload.get("category", ""), "unit_price": payload["unit_price"]},
            )
            holding["quantity"] = holding.get("quantity", 0) + payload["quantity"]
        elif entry.kind == "sale" and payload["name"] in holdings:
            holdings[payload["name"]]["quantity"] -= payload["quantity"]
            if holdings[payload["name"]]["quantity"] <= 0:
                del holdings[payload["name"]]
        elif entry.kind == "details":
            state["details"] = (payload.get("age", ""), payload.get("appearance", ""))
        elif entry.kind == "note":
            notes[payload["sequence"]] = payload.get("text", "")
    state["notes"] = notes
    return state


def events_to_columns(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Character = apps.get_model("characters", "Character")
    Entry = apps.get_model("characters", "CreationLogEntry")
    CharacterEquipment = apps.get_model("content", "CharacterEquipment")
    by_character: dict[Any, list[Any]] = defaultdict(list)
    replayed = Entry.objects.filter(kind__in=(*NEW_KINDS, "background_roll"))
    for entry in replayed.order_by("character_id", "sequence"):
        by_character[entry.character_id].append(entry)
    for character in Character.objects.filter(pk__in=list(by_character)):
        state = _fold(by_character[character.pk])
        holdings = state["holdings"]
        spent = sum(row["unit_price"] * row["quantity"] for row in holdings.values())
        age, appearance = state["details"] or ("", "")
        Character.objects.filter(pk=character.pk).update(
            equipment_option=state["option"],
            credits=None if state["purse"] is None else state["purse"] - spent,
            age=age,
            appearance=appearance,
        )
        CharacterEquipment.objects.filter(character_id=character.pk).delete()
        CharacterEquipment.objects.bulk_create(
            CharacterEquipment(
                character_id=character.pk,
                name=name,
                category=row["category"],
                unit_price=row["unit_price"],
                quantity=row["quantity"],
                bought_by_id=character.owner_id,
            )
            for name, row in holdings.items()
        )
        for sequence, text in state["notes"].items():
            Entry.objects.filter(character_id=character.pk, sequence=sequence).update(
                history_note=text
            )
    Entry.objects.filter(kind__in=NEW_KINDS).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("characters", "0002_character_house_rules"),
        ("content", "0002_characterequipment"),
    ]

    operations = [migrations.RunPython(columns_to_events, events_to_columns)]
