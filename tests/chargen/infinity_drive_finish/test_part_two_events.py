"""Steps 7 and 8 are creation-log entries: the sheet is the replay of the log, a repeated
form answers with what is saved, a stale one changes nothing, and nothing once written
is changed (an edited note is a new entry the GM reads beside the old)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.apps import apps
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from chargen.content.models import EquipmentItem
from chargen.infinity_drive import services_finish as finish
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.list_label import character_progress_label
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character, CreationLogEntry
from chargen.infinity_drive.part_two_write import STALE
from tests.chargen.infinity_drive.steps import next_sequence
from tests.chargen.infinity_drive_finish.build import buy, equip_standard, save_history

PART_TWO_COLUMNS = {"equipment_option", "credits", "age", "appearance"}


def url(name: str, character: Character) -> str:
    return reverse(f"characters:{name}", args=[character.id])


def item(name: str) -> EquipmentItem:
    return EquipmentItem.objects.get(campaign__isnull=True, name=name)


def kinds(character: Character) -> list[str]:
    return [entry.kind for entry in log_entries(character)]


def sheet_body(html: str, character: Character) -> str:
    """The sheet itself (the `sheet_body` partial), with the character's id taken out."""
    found = re.search(r'<article class="character-sheet".*?</article>', html, re.DOTALL)
    assert found, "the sheet is on the page"
    return found.group(0).replace(str(character.id), "ID")


def equip_and_write(character: Character) -> int:
    """Standard option; 2 sidearms then back to 1, a medkit; history written, one note
    edited afterwards. The sequence of the history item whose note was edited."""
    equip_standard(character)
    buy(character, item("Sidearm").pk, 2)
    buy(character, item("Medkit").pk, 1)
    buy(character, item("Sidearm").pk, 1)
    items = finish.finish_load(character).history
    save_history(
        character,
        notes={entry.sequence: f"Note {index}" for index, entry in enumerate(items)},
        age="34",
        appearance="Tall, sharp-eyed.",
    )
    edited = items[1].sequence
    save_history(
        character,
        notes={edited: "Bulked up moving Infinity Drive parts."},
        age="34",
        appearance="Tall, sharp-eyed.",
    )
    return edited


def test_no_column_or_table_holds_equipment_or_history() -> None:
    fields = {field.name for field in Character._meta.get_fields()}
    assert not fields & PART_TWO_COLUMNS
    assert "CharacterEquipment" not in {
        model.__name__ for model in apps.get_app_config("content").get_models()
    }


def test_the_sheet_print_and_list_are_the_replay_of_the_log(
    player_client: Client, treva: Character, player: object
) -> None:
    equip_and_write(treva)
    part_two = [kind for kind in kinds(treva) if kind in {"equipment_option", "purchase", "sale"}]
    assert part_two == ["equipment_option", "purchase", "purchase", "sale"]
    assert kinds(treva)[-1] == "note"  # the edit: one entry, nothing rewritten

    sheet = player_client.get(url("sheet", treva)).content.decode()
    assert '<span class="sheet-equipment-option">Standard option</span>' in sheet
    credits = 20_000 - item("Sidearm").price - item("Medkit").price
    assert f'<strong class="sheet-credits">{credits:,}</strong> cr' in sheet
    assert "<li>1 × Sidearm</li><li>1 × Medkit</li>" in sheet
    assert '<span class="sheet-age">34</span>' in sheet
    assert "Tall, sharp-eyed." in sheet
    assert "Bulked up moving Infinity Drive parts." in sheet
    printed = player_client.get(url("print", treva)).content.decode()
    assert sheet_body(printed, treva) == sheet_body(sheet, treva)
    listed = player_client.get(reverse("characters:list")).content.decode()
    assert "Ready to review and finish" in listed

    # The same log under the same rules, for another character: the same sheet.
    twin = Character.objects.create(
        owner=treva.owner, name=treva.name, race=treva.race, house_rules=treva.house_rules
    )
    CreationLogEntry.objects.bulk_create(
        CreationLogEntry(
            character=twin,
            sequence=entry.sequence,
            kind=entry.kind,
            payload=entry.payload,
            dice=entry.dice,
            faces=entry.faces,
            entered=entry.entered,
            history_note=entry.history_note,
        )
        for entry in log_entries(treva)
    )
    twin_sheet = player_client.get(url("sheet", twin)).content.decode()
    assert sheet_body(twin_sheet, twin) == sheet_body(sheet, treva)


def test_the_list_line_is_written_with_each_entry_and_read_without_a_query(
    treva: Character, django_assert_num_queries: Callable[..., object]
) -> None:
    def line() -> str:
        row = Character.objects.get(pk=treva.pk)
        with django_assert_num_queries(0):  # type: ignore[attr-defined]
            return character_progress_label(row)

    assert line() == "Skills done: equipment next"
    equip_standard(treva)
    assert line() == "Equipment done: history and details next"
    assert Character.objects.get(pk=treva.pk).snapshot["equipment_done"] is True
    save_history(treva, notes={}, age="34", appearance="Tall.")
    assert line() == "Ready to review and finish"


# --- A repeated form answers with what is saved ------------------------------------------


def test_the_option_posted_twice_is_saved_once(player_client: Client, treva: Character) -> None:
    data = {"option": "standard", "sequence": next_sequence(treva)}
    for _ in range(2):
        assert player_client.post(url("equipment_option", treva), data).status_code == 303
    assert kinds(treva).count("equipment_option") == 1


@pytest.mark.parametrize(("first", "then"), [(0, 2), (2, 1)], ids=["purchase", "sale"])
def test_a_quantity_posted_twice_is_saved_once(
    player_client: Client, treva: Character, first: int, then: int
) -> None:
    equip_standard(treva)
    medkit = item("Medkit")
    if first:
        buy(treva, medkit.pk, first)
    before = len(log_entries(treva))
    data = {"item": medkit.pk, "quantity": then, "sequence": next_sequence(treva)}
    for _ in range(2):
        assert player_client.post(url("equipment_buy", treva), data).status_code == 303
    added = kinds(treva)[before:]
    assert added == (["purchase"] if then > first else ["sale"])
    loaded = finish.finish_load(treva)
    assert [(held.name, held.quantity) for held in loaded.purchases] == [("Medkit", then)]
    assert loaded.credits == 20_000 - then * medkit.price


def test_the_history_form_posted_twice_is_saved_once(
    player_client: Client, treva: Character
) -> None:
    equip_standard(treva)
    items = finish.finish_load(treva).history
    data = {
        "age": "34",
        "appearance": "Tall.",
        f"note_{items[0].sequence}": "Signed up for a quick credit.",
        "sequence": next_sequence(treva),
    }
    before = len(log_entries(treva))
    for _ in range(2):
        assert player_client.post(url("history", treva), data).status_code == 303
    added = log_entries(treva)[before:]
    assert [entry.kind for entry in added] == ["note", "details"]
    assert [entry.sequence for entry in added] == list(range(before + 1, before + len(added) + 1))


def test_the_history_service_called_twice_answers_with_the_saved_entries(
    treva: Character,
) -> None:
    equip_standard(treva)
    target = finish.finish_load(treva).history[0].sequence
    sequence = next_sequence(treva)

    def post() -> tuple[CreationLogEntry, ...]:
        return finish.history_save(
            character=treva,
            expected_sequence=sequence,
            notes={target: "Signed up for a quick credit."},
            age="34",
            appearance="Tall.",
        )

    first, again = post(), post()
    assert [entry.kind for entry in first] == ["note", "details"]
    assert [entry.pk for entry in again] == [entry.pk for entry in first]


# --- A stale form changes nothing --------------------------------------------------------


def test_a_stale_quantity_form_is_refused(player_client: Client, treva: Character) -> None:
    equip_standard(treva)
    stale = next_sequence(treva)
    buy(treva, item("Medkit").pk, 2)  # in another tab
    before = len(log_entries(treva))
    response = player_client.post(
        url("equipment_buy", treva), {"item": item("Sidearm").pk, "quantity": 1, "sequence": stale}
    )
    assert response.status_code == 400
    assert STALE.encode() in response.content
    assert len(log_entries(treva)) == before


def test_a_stale_history_form_keeps_what_was_typed(player_client: Client, treva: Character) -> None:
    equip_standard(treva)
    stale = next_sequence(treva)
    buy(treva, item("Medkit").pk, 1)  # in another tab
    before = len(log_entries(treva))
    response = player_client.post(
        url("history", treva), {"age": "34", "appearance": "Typed just now.", "sequence": stale}
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "still in the form" in page
    assert "Typed just now." in page
    assert len(log_entries(treva)) == before
    fresh = re.search(r'name="sequence" value="(\d+)"', page)
    assert fresh
    assert int(fresh.group(1)) == next_sequence(treva)
    again = player_client.post(
        url("history", treva),
        {"age": "34", "appearance": "Typed just now.", "sequence": fresh.group(1)},
    )
    assert again.status_code == 303
    assert finish.finish_load(treva).appearance == "Typed just now."


# --- Credits and notes keep their limits -------------------------------------------------


@pytest.mark.parametrize(("spare", "allowed"), [(0, True), (-1, False)])
def test_credits_may_be_spent_to_exactly_zero_and_no_further(
    treva_under: Callable[..., Character], spare: int, allowed: bool
) -> None:
    medkit = item("Medkit")
    character = treva_under(starting_credits=3 * medkit.price + spare)
    equip_standard(character)
    if allowed:
        buy(character, medkit.pk, 3)
        assert finish.finish_load(character).credits == 0
    else:
        with pytest.raises(StepRefused, match="you have 1,499 to spend"):
            buy(character, medkit.pk, 3)
        assert finish.finish_load(character).purchases == ()
        assert "purchase" not in kinds(character)


@pytest.mark.parametrize(("length", "saved"), [(4000, True), (4001, False)])
def test_a_note_may_be_as_long_as_the_cap_and_no_longer(
    player_client: Client, treva: Character, length: int, saved: bool
) -> None:
    equip_standard(treva)
    target = finish.finish_load(treva).history[0]
    before = len(log_entries(treva))
    response = player_client.post(
        url("history", treva),
        {
            "age": "34",
            "appearance": "Tall.",
            f"note_{target.sequence}": "x" * length,
            "sequence": next_sequence(treva),
        },
    )
    note = next(i for i in finish.finish_load(treva).history if i.sequence == target.sequence)
    if saved:
        assert response.status_code == 303
        assert note.note == "x" * 4000
    else:
        assert response.status_code == 400
        assert b"at most 4,000 characters (it has 4001)" in response.content
        assert len(log_entries(treva)) == before


def test_the_whole_history_form_is_one_insert(treva: Character) -> None:
    equip_standard(treva)
    items = finish.finish_load(treva).history
    with CaptureQueriesContext(connection) as captured:
        saved = save_history(
            treva,
            notes={entry.sequence: f"Note {entry.sequence}" for entry in items},
            age="34",
            appearance="Tall.",
        )
    inserts = [q["sql"] for q in captured if q["sql"].startswith("INSERT")]
    assert len(inserts) == 1
    assert "characters_creationlogentry" in inserts[0]
    assert len(saved) == len(items) + 1
    updates = [
        q["sql"] for q in captured if "UPDATE" in q["sql"] and "creationlogentry" in q["sql"]
    ]
    assert updates == []


# --- The GM reads every version ----------------------------------------------------------


def test_the_gm_reads_a_note_and_its_edit_in_the_roll_log(
    gm_client: Client, campaign_treva: Character
) -> None:
    equip_standard(campaign_treva)
    target = finish.finish_load(campaign_treva).history[0].sequence
    for text in ("Joined for the money.", "Joined to skim the stock system."):
        save_history(campaign_treva, notes={target: text}, age="34", appearance="Tall.")
    path = reverse("desk:party_character", args=[campaign_treva.campaign_id, campaign_treva.id])
    page = gm_client.get(path).content.decode()
    assert f"Note for roll #{target}: Joined for the money." in page
    assert f"Note for roll #{target}: Joined to skim the stock system." in page
    assert "Bought" not in page  # nothing bought, nothing invented
    assert "Standard option: 20,000 cr" in page
    sheet = gm_client.get(url("sheet", campaign_treva)).content.decode()
    assert "Joined to skim the stock system." in sheet
    assert "Joined for the money." not in sheet
