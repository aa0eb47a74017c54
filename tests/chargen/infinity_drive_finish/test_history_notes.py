"""History as you roll: one roll's note saved on its own beside the roll and on
the history step, its limit at the field, prompts as hints only, unwritten notes shown as
missing, and the one-time key keeping a double submit or a stale tab harmless."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.infinity_drive import services_finish as finish
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character
from chargen.infinity_drive.services_notes import note_save
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    darrian,
    next_sequence,
    roll_book_characteristics,
    skill,
)
from tests.chargen.infinity_drive_finish.build import ACADEMIC, equip_standard, write_history

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response

HTMX = {"HX-Request": "true"}
LIMIT = finish.MAX_NOTE_LENGTH


def note_url(character: Character, roll: int) -> str:
    return reverse("characters:history_note", args=[character.id, roll])


def page(name: str, character: Character) -> str:
    return reverse(f"characters:{name}", args=[character.id])


def a_roll(character: Character, index: int = 0) -> finish.HistoryItem:
    return finish.finish_load(character).history[index]


def post_note(
    client: Client, character: Character, roll: int, text: str, *, sequence: int | None = None
) -> Response:
    key = next_sequence(character) if sequence is None else sequence
    return client.post(
        note_url(character, roll), {"sequence": key, f"note_{roll}": text}, headers=HTMX
    )


def note_now(character: Character, roll: int) -> str:
    return next(
        item.note for item in finish.finish_load(character).history if item.sequence == roll
    )


# --- The endpoint -------------------------------------------------------------------------


def test_a_note_is_saved_on_its_own_and_the_page_key_moves(
    player_client: Client, treva: Character
) -> None:
    roll = a_roll(treva).sequence
    before = next_sequence(treva)
    response = post_note(player_client, treva, roll, "Her father's wrench <b>")
    assert response.status_code == 200
    assert b'data-note-state="saved"' in response.content
    assert json.loads(response["HX-Trigger"]) == {
        "chargen-log-moved": {"from": before, "to": before + 1}
    }
    assert note_now(treva, roll) == "Her father's wrench <b>"
    newest = log_entries(treva)[-1]
    assert (newest.sequence, newest.kind) == (before, "note")
    assert newest.payload == {"sequence": roll, "text": "Her father's wrench <b>"}


def test_a_double_submit_writes_once(player_client: Client, treva: Character) -> None:
    roll = a_roll(treva).sequence
    key = next_sequence(treva)
    first = post_note(player_client, treva, roll, "Once", sequence=key)
    second = post_note(player_client, treva, roll, "Once", sequence=key)
    assert b"Saved" in first.content
    assert b"Saved" in second.content
    assert json.loads(second["HX-Trigger"])["chargen-log-moved"] == {"from": key, "to": key + 1}
    assert next_sequence(treva) == key + 1
    # The same text again from the moved page writes nothing either.
    third = post_note(player_client, treva, roll, "Once")
    assert b"Saved" in third.content
    assert "HX-Trigger" not in third
    assert next_sequence(treva) == key + 1


def test_a_stale_tab_never_overwrites_a_newer_note(player_client: Client, treva: Character) -> None:
    roll = a_roll(treva).sequence
    drawn = next_sequence(treva)
    post_note(player_client, treva, roll, "Written in the new tab", sequence=drawn)
    stale = post_note(player_client, treva, roll, "From the old tab", sequence=drawn)
    assert b'data-note-state="failed"' in stale.content
    assert b"out of date" in stale.content
    assert b"reload" in stale.content
    assert note_now(treva, roll) == "Written in the new tab"
    assert next_sequence(treva) == drawn + 1


@pytest.mark.parametrize(("length", "saved"), [(LIMIT, True), (LIMIT + 1, False), (5000, False)])
def test_the_limit_both_sides(
    player_client: Client, treva: Character, length: int, saved: bool
) -> None:
    roll = a_roll(treva).sequence
    before = len(log_entries(treva))
    response = post_note(player_client, treva, roll, "x" * length)
    assert response.status_code == 200
    if saved:
        assert b'data-note-state="saved"' in response.content
        assert note_now(treva, roll) == "x" * length
        assert len(log_entries(treva)) == before + 1
    else:
        assert b'data-note-state="failed"' in response.content
        assert f"at most {LIMIT:,} characters".encode() in response.content
        assert f"it has {length:,}".encode() in response.content
        assert "HX-Trigger" not in response
        assert len(log_entries(treva)) == before  # nothing saved
        assert note_now(treva, roll) == ""


def test_a_plain_post_returns_to_its_step_or_says_why(
    player_client: Client, treva: Character
) -> None:
    roll = a_roll(treva).sequence
    data = {"sequence": next_sequence(treva), f"note_{roll}": "Plain", "back": "skills"}
    response = player_client.post(note_url(treva, roll), data)
    assert response.status_code == 303
    assert response["Location"] == page("skills", treva)
    data = {"sequence": next_sequence(treva), f"note_{roll}": "y" * (LIMIT + 1)}
    refused = player_client.post(note_url(treva, roll), data)
    assert refused.status_code == 400
    assert b"y" * (LIMIT + 1) in refused.content  # what was typed is kept
    assert note_now(treva, roll) == "Plain"


def test_only_the_owner_may_write_a_note(
    outsider_client: Client, client: Client, player_client: Client, treva: Character
) -> None:
    roll = a_roll(treva).sequence
    before = len(log_entries(treva))
    assert post_note(outsider_client, treva, roll, "Not mine").status_code == 404
    anonymous = post_note(client, treva, roll, "Nobody")
    assert anonymous.status_code == 302
    assert anonymous["Location"].startswith(reverse("login"))
    assert player_client.get(note_url(treva, roll)).status_code == 405
    assert len(log_entries(treva)) == before


def test_a_sequence_that_is_no_history_roll_is_refused(
    player_client: Client, treva: Character
) -> None:
    before = len(log_entries(treva))
    response = post_note(player_client, treva, 1, "Not a history roll")
    assert b'data-note-state="failed"' in response.content
    assert len(log_entries(treva)) == before


# --- Prompts are hints -------------------------------------------------------------------


def test_a_prompt_is_never_stored_as_the_players_text(
    player_client: Client, treva: Character
) -> None:
    item = a_roll(treva, 2)
    before = len(log_entries(treva))
    post_note(player_client, treva, item.sequence, item.prompt)
    assert len(log_entries(treva)) == before
    equip_standard(treva)
    history = player_client.get(page("history", treva)).content.decode()
    assert f'placeholder="{item.prompt}"' in history.replace("&#x27;", "'")
    player_client.post(
        page("history", treva),
        {
            "sequence": next_sequence(treva),
            "age": "34",
            "appearance": "Tall",
            f"note_{item.sequence}": item.prompt,
        },
    )
    assert note_now(treva, item.sequence) == ""


# --- The history step -------------------------------------------------------------------


def test_one_over_long_note_is_refused_at_its_field_and_keeps_the_rest(
    player_client: Client, treva: Character
) -> None:
    equip_standard(treva)
    first, second = a_roll(treva, 0), a_roll(treva, 1)
    before = len(log_entries(treva))
    response = player_client.post(
        page("history", treva),
        {
            "sequence": next_sequence(treva),
            "age": "34",
            "appearance": "Sharp suit",
            f"note_{first.sequence}": "z" * 5000,
            f"note_{second.sequence}": "Kept in the form",
        },
        headers=HTMX,
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="history-errors"' in html  # said at the top, linked to the field
    assert f'href="#note-{first.sequence}"' in html
    field_status = html.split(f'id="note-status-{first.sequence}"')[1].split("</span></span>")[0]
    assert f"at most {LIMIT:,} characters (it has 5000)" in field_status
    assert "Kept in the form" in html
    assert "Sharp suit" in html
    assert "z" * 5000 in html
    assert len(log_entries(treva)) == before  # nothing half-saved


def test_unwritten_notes_print_nothing_but_one_quiet_line_never_the_prompt(
    player_client: Client, treva: Character
) -> None:
    equip_standard(treva)
    write_history(treva)
    written = a_roll(treva, 0)
    note_save(
        character=treva,
        expected_sequence=next_sequence(treva),
        roll=written.sequence,
        text="Born in the yards",
    )
    items = finish.finish_load(treva).history
    for name in ("sheet", "print", "review"):
        html = player_client.get(page(name, treva)).content.decode()
        assert "Born in the yards" in html
        assert "History not written yet" not in html
        unwritten = len(items) - 1
        assert html.count("data-note-missing") == 1
        assert f"{unwritten} more rolls have no history note yet." in html
        assert items[1].prompt not in html
        # Only the written roll is listed, with its dice.
        listed = html[html.index('class="sheet-history-list"') :]
        listed = listed[: listed.index("</ol>")]
        assert listed.count("<li>") == 1


def test_with_no_history_written_the_sheet_draws_no_empty_history_heading(
    player_client: Client, treva: Character
) -> None:
    equip_standard(treva)
    write_history(treva)
    for name in ("sheet", "print", "review"):
        html = player_client.get(page(name, treva)).content.decode()
        assert "No history written yet." in html  # said once, on the roll log's line
        assert 'class="sheet-history"' not in html
        assert f'id="h-history-{treva.id}"' not in html
    note_save(
        character=treva,
        expected_sequence=next_sequence(treva),
        roll=a_roll(treva, 0).sequence,
        text="Born in the yards",
    )
    html = player_client.get(page("sheet", treva)).content.decode()
    assert f'id="h-history-{treva.id}">History<' in html


def test_the_history_field_starts_empty_with_its_counter(
    player_client: Client, treva: Character
) -> None:
    equip_standard(treva)
    item = a_roll(treva, 1)
    html = player_client.get(page("history", treva)).content.decode()
    field = html.split(f'id="note-{item.sequence}"')[1].split("</textarea>")[0]
    assert field.endswith(">")  # nothing pre-filled: the prompt is the placeholder
    assert f'maxlength="{LIMIT}"' in field
    assert f"0 / {LIMIT}" in html


# --- Beside the roll ----------------------------------------------------------------------


@pytest.fixture
def mid_skills(player: User) -> Character:
    """A character whose first skill roll has just been read on a table."""
    character = Character.objects.create(owner=player, name="Mid Skills")
    roll_book_characteristics(character)
    darrian(character)
    citizen_construction(character)
    skill(character, "1 1", ACADEMIC)
    character.refresh_from_db()
    return character


def test_the_note_is_offered_beside_the_roll_just_made(
    player_client: Client, mid_skills: Character
) -> None:
    item = finish.finish_load(mid_skills).history[-1]
    assert item.title.startswith("Skill roll 1")
    html = player_client.get(page("skills", mid_skills)).content.decode()
    assert f'data-note-field="{item.sequence}"' in html
    assert 'hx-trigger="input changed delay:800ms, blur changed"' in html
    assert f'id="note-status-{item.sequence}" class="note-status" role="status"' in html
    career = player_client.get(page("career", mid_skills)).content.decode()
    specialisation = finish.finish_load(mid_skills).history[0]
    assert f'data-note-field="{specialisation.sequence}"' not in career  # not the newest


def test_after_a_note_the_next_roll_and_the_undo_still_work(
    player_client: Client, mid_skills: Character
) -> None:
    item = finish.finish_load(mid_skills).history[-1]
    key = next_sequence(mid_skills)
    post_note(player_client, mid_skills, item.sequence, "Learnt on the docks", sequence=key)
    html = player_client.get(page("skills", mid_skills)).content.decode()
    assert "Undo: " in html  # the note is no decision: the table choice is still undoable
    rolled = player_client.post(
        reverse("characters:roll_skill", args=[mid_skills.id]), {"sequence": key + 1}
    )
    assert rolled.status_code == 303
    assert log_entries(mid_skills)[-1].kind == "skill_roll"


def test_the_gms_roll_log_says_which_notes_are_not_written(
    gm_client: Client, campaign_treva: Character
) -> None:
    items = finish.finish_load(campaign_treva).history
    note_save(
        character=campaign_treva,
        expected_sequence=next_sequence(campaign_treva),
        roll=items[0].sequence,
        text="Chose the trade herself",
    )
    url = reverse(
        "desk:party_character",
        kwargs={"campaign_id": campaign_treva.campaign_id, "character_id": campaign_treva.id},
    )
    html = gm_client.get(url).content.decode()
    assert "Chose the trade herself" in html
    assert html.count("History not written yet") == len(items) - 1
    assert items[1].prompt not in html
