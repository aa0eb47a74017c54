"""The data migration: characters built when equipment, credits, age and appearance were
columns (and purchases `CharacterEquipment` rows) read the same after it, from their log.

The database goes back to the migrations before the change, rows are written with the
models of that time, and it comes forward again; then back and forward once more, with
entries the new code wrote, to show that going back loses nothing either.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.apps.registry import Apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse

from chargen.infinity_drive import services_finish as finish
from chargen.infinity_drive.list_label import character_progress_label
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character
from chargen.infinity_drive.part_two import shown_in_roll_log
from tests.chargen.infinity_drive_finish.build import buy, save_history, treva_through_skills

# The migrations just before this change, and the latest ones (the test reads the rows
# with today's models): renumber them with the migrations if the coordinator renames them.
BEFORE = [("characters", "0002_character_house_rules"), ("content", "0002_characterequipment")]
AFTER = [
    ("characters", "0008_log_chain"),
    ("content", "0003_delete_characterequipment"),
]

pytestmark = pytest.mark.django_db(transaction=True)


def _migrate(targets: list[tuple[str, str]]) -> Apps:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _forward() -> None:
    """Through the migration under test (AFTER), then on to today's schema, which the
    pages read with today's models (a later migration adds a column, start_key)."""
    _migrate(AFTER)
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.fixture
def latest_afterwards() -> Iterator[None]:
    """Whatever happens in the test, the next ones get today's schema back."""
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def _historical(old: Apps, label: str) -> Any:
    """A model as it was before the migration (typed as Any: today's model differs)."""
    return old.get_model(label)


def _old_style(
    old: Apps,
    character: Character,
    *,
    option: str,
    credits: int | None,
    age: str = "",
    appearance: str = "",
    bought: tuple[tuple[str, str, int, int], ...] = (),
) -> None:
    """What the old code left: the columns set and one row per item bought."""
    # Historical models: typed as Any, since the current Character has no such columns.
    old_characters: Any = _historical(old, "characters.Character")
    old_characters.objects.filter(pk=character.pk).update(
        equipment_option=option, credits=credits, age=age, appearance=appearance
    )
    rows: Any = _historical(old, "content.CharacterEquipment")
    for name, category, unit_price, quantity in bought:
        rows.objects.create(
            character_id=character.pk,
            name=name,
            category=category,
            unit_price=unit_price,
            quantity=quantity,
            bought_by_id=character.owner_id,
        )


def _variable_background(old: Apps, character: Character, cash: int) -> None:
    """Four background rolls as the old code logged them (no purse in any payload)."""
    entries = old.get_model("characters", "CreationLogEntry")
    last = entries.objects.filter(character_id=character.pk).count()
    for offset, (key, credits) in enumerate(
        [("background", 0), ("cash", cash), ("assets", 0), ("debts", 0)], start=1
    ):
        entries.objects.create(
            character_id=character.pk,
            sequence=last + offset,
            kind="background_roll",
            payload={"table_key": key, "table_name": key, "result": "[House]", "credits": credits},
            dice="2d6",
            faces=[3, 4],
        )


def _state(character: Character) -> dict[str, Any]:
    loaded = finish.finish_load(Character.objects.get(pk=character.pk))
    return {
        "option": loaded.option,
        "credits": loaded.credits,
        "purchases": [(held.name, held.unit_price, held.quantity) for held in loaded.purchases],
        "age": loaded.age,
        "appearance": loaded.appearance,
        "notes": [item.note for item in loaded.history],
    }


def _sheet(client: Client, character: Character) -> str:
    """The sheet itself, without the page around it (whose CSRF token changes)."""
    page = client.get(reverse("characters:sheet", args=[character.id])).content.decode()
    found = re.search(r'<article class="character-sheet".*?</article>', page, re.DOTALL)
    assert found, "the sheet is on the page"
    return found.group(0)


def test_columns_and_rows_become_log_entries_and_come_back(
    player: Any, player_client: Client, latest_afterwards: None
) -> None:
    treva = Character.objects.create(owner=player, name="Treva Donalson")
    treva_through_skills(treva)
    vera = Character.objects.create(owner=player, name="Vera Lothlan")
    treva_through_skills(vera)
    draft = Character.objects.create(owner=player, name="Just started")
    lengths = {c.pk: len(log_entries(c)) for c in (treva, vera, draft)}

    old = _migrate(BEFORE)
    _old_style(
        old,
        treva,
        option="standard",
        credits=20_000 - 2 * 1_000 - 500,
        age="34",
        appearance="Tall, sharp-eyed.",
        bought=(("Sidearm", "weapon", 1_000, 2), ("Medkit", "medical", 500, 1)),
    )
    # The old history step wrote notes into the entries themselves.
    old_entries = old.get_model("characters", "CreationLogEntry")
    specialisation = old_entries.objects.get(character_id=treva.pk, kind="specialisation_roll")
    old_entries.objects.filter(pk=specialisation.pk).update(
        history_note="Signed up for a quick buck."
    )
    _variable_background(old, vera, cash=30_000)
    _old_style(
        old, vera, option="variable", credits=30_000 - 600, bought=(("Comms unit", "gear", 600, 1),)
    )
    updated = dict(_historical(old, "characters.Character").objects.values_list("pk", "updated"))

    _forward()

    treva_log = log_entries(treva)
    appended = treva_log[lengths[treva.pk] :]
    assert [(entry.sequence, entry.kind) for entry in appended] == [
        (lengths[treva.pk] + 1, "equipment_option"),
        (lengths[treva.pk] + 2, "purchase"),
        (lengths[treva.pk] + 3, "purchase"),
        (lengths[treva.pk] + 4, "details"),
        # The later migration's (0011): the name and concept, restated last.
        (lengths[treva.pk] + 5, "concept"),
    ]
    assert appended[0].payload == {"option": "standard", "purse": 20_000, "migrated": True}
    assert appended[1].payload == {
        "name": "Sidearm",
        "category": "weapon",
        "unit_price": 1_000,
        "quantity": 2,
        "migrated": True,
    }
    assert not any(shown_in_roll_log(entry) for entry in appended)
    treva_state = _state(treva)
    assert treva_state | {"notes": treva_state["notes"][:1]} == {
        "option": "standard",
        "credits": 17_500,
        "purchases": [("Sidearm", 1_000, 2), ("Medkit", 500, 1)],
        "age": "34",
        "appearance": "Tall, sharp-eyed.",
        "notes": ["Signed up for a quick buck."],
    }
    vera_kinds = [entry.kind for entry in log_entries(vera)[lengths[vera.pk] + 4 :]]
    assert vera_kinds == ["equipment_option", "credits", "purchase", "concept"]
    assert (_state(vera)["option"], _state(vera)["credits"]) == ("variable", 29_400)
    # Nothing of part two to restate: only its name and concept (migration 0011).
    assert [entry.kind for entry in log_entries(draft)[lengths[draft.pk] :]] == ["concept"]

    sheet = _sheet(player_client, treva)
    assert '<strong class="sheet-credits">17,500</strong> cr' in sheet
    assert "<li>2 × Sidearm</li><li>1 × Medkit</li>" in sheet
    assert '<span class="sheet-age">34</span>' in sheet
    assert "Signed up for a quick buck." in sheet
    # The list reads its line from the row, and the rows kept their place in it.
    labels = {c.name: character_progress_label(c) for c in Character.objects.all()}
    assert labels == {
        "Treva Donalson": "Ready to review and finish",
        "Vera Lothlan": "Equipment done: history and details next",
        "Just started": "Just started",
    }
    assert dict(Character.objects.values_list("pk", "updated")) == updated

    # The new code writes on: an edited note and one more purchase. Back and forward again.
    comms = finish.finish_load(treva).content.equipment
    buy(treva, next(item for item in comms if item.name == "Comms unit").pk, 1)
    save_history(
        treva,
        notes={specialisation.sequence: "Edited later."},
        age="34",
        appearance="Tall, sharp-eyed.",
    )
    before_round_trip = _state(treva)
    sheet_before = _sheet(player_client, treva)

    old = _migrate(BEFORE)
    old_characters: Any = _historical(old, "characters.Character")
    old_character = old_characters.objects.get(pk=treva.pk)
    assert (old_character.equipment_option, old_character.credits) == ("standard", 16_900)
    old_equipment: Any = _historical(old, "content.CharacterEquipment")
    old_rows = old_equipment.objects.filter(character_id=treva.pk)
    assert sorted(old_rows.values_list("name", "quantity")) == [
        ("Comms unit", 1),
        ("Medkit", 1),
        ("Sidearm", 2),
    ]
    old_entries = old.get_model("characters", "CreationLogEntry")
    assert old_entries.objects.get(pk=specialisation.pk).history_note == "Edited later."
    assert not old_entries.objects.filter(
        kind__in=["equipment_option", "credits", "purchase", "sale", "details", "note"]
    ).exists()

    _forward()
    assert _state(treva) == before_round_trip
    assert _sheet(player_client, treva) == sheet_before
