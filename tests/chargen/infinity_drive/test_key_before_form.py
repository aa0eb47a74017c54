"""The one-time key is read before the form: a double-click or a replayed POST whose
choice the page no longer offers (a characteristic already placed, a roll already read
on a table) is answered as a repeat (the kernel's one stale message, or the same roll
again), never with the form's "choose one of ..." or Django's "Select a valid choice"."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from chargen.core.log import STALE_MESSAGE, LogStale
from chargen.core.log_key import key_in
from chargen.infinity_drive import services
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character, CreationLogEntry
from chargen.infinity_drive.wizard.post_checks import FORM_ALREADY_SAVED
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    darrian,
    next_sequence,
    roll_book_characteristics,
)
from tests.chargen.infinity_drive.views_helpers import HTMX, url

ACADEMIC = "construction-academic"
# What a form's own refusal would have said, had it been validated before the key.
FORM_WORDS = ("Select a valid choice", "Choose one of", "offered")


def _kinds(character: Character) -> list[str]:
    return [entry.kind for entry in log_entries(character)]


def _is_a_repeat(response: Any, headers: dict[str, Any]) -> str:
    content = response.content.decode()
    assert response.status_code == (200 if headers else 400)
    assert "already done, or the page changed" in content
    for words in FORM_WORDS:
        assert words not in content, words
    return content


def _is_already_saved(client: Client, response: Any, headers: dict[str, Any]) -> None:
    """The very choice sent again: said to be saved already, calmly, never a form error."""
    if headers:
        assert response.status_code == 200
        content = response.content.decode()
    else:
        assert response.status_code == 303
        content = client.get(response["Location"]).content.decode()
    assert FORM_ALREADY_SAVED in content
    assert "already done, or the page changed" not in content
    for words in FORM_WORDS:
        assert words not in content, words


def _rolled(character: Character) -> None:
    services.character_choose_method(
        character=character, expected_sequence=next_sequence(character), method="dice"
    )
    services.character_roll_characteristic(
        character=character, expected_sequence=next_sequence(character), typed_faces="3 4"
    )


def _at_career(character: Character) -> None:
    roll_book_characteristics(character)
    darrian(character)


def _skill_rolled(character: Character) -> None:
    _at_career(character)
    citizen_construction(character)
    services.character_roll_skill(
        character=character, expected_sequence=next_sequence(character), typed_faces="3 3"
    )


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_placing_the_same_characteristic_twice_answers_as_a_repeat(
    player_client: Client, draft: Character, headers: dict[str, Any]
) -> None:
    _rolled(draft)
    form = {"sequence": next_sequence(draft), "characteristic": "Chz"}
    first = player_client.post(url("place_characteristic", draft), form, headers=headers)
    assert first.status_code == (200 if headers else 303)
    # Chz is filled now, so the page no longer offers it: only the key can answer.
    again = player_client.post(url("place_characteristic", draft), form, headers=headers)
    _is_a_repeat(again, headers)
    assert _kinds(draft).count("characteristic_place") == 1


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_placing_again_once_the_next_roll_waits_answers_as_a_repeat(
    player_client: Client, draft: Character, headers: dict[str, Any]
) -> None:
    """The page moved on to the next roll, which waits to be placed: the form's choices
    are the characteristics still open, and Chz is no longer one of them."""
    _rolled(draft)
    form = {"sequence": next_sequence(draft), "characteristic": "Chz"}
    player_client.post(url("place_characteristic", draft), form, headers=headers)
    services.character_roll_characteristic(
        character=draft, expected_sequence=next_sequence(draft), typed_faces="4 4"
    )
    again = player_client.post(url("place_characteristic", draft), form, headers=headers)
    _is_a_repeat(again, headers)
    assert _kinds(draft).count("characteristic_place") == 1


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_choosing_a_career_again_after_the_page_moved_on_answers_as_a_repeat(
    player_client: Client, draft: Character, headers: dict[str, Any]
) -> None:
    _at_career(draft)
    form = {"sequence": next_sequence(draft), "career": "Citizen"}
    first = player_client.post(url("choose_career", draft), form, headers=headers)
    assert first.status_code == (200 if headers else 303)
    again = player_client.post(url("choose_career", draft), form, headers=headers)
    _is_already_saved(player_client, again, headers)
    services.character_roll_specialisation(
        character=draft, expected_sequence=next_sequence(draft), typed_faces="5"
    )  # the page has moved on: no career form at all now
    later = player_client.post(url("choose_career", draft), form, headers=headers)
    _is_already_saved(player_client, later, headers)
    # Another career at that key is not what was saved: the page changed since.
    other = {**form, "career": "Military"}
    _is_a_repeat(player_client.post(url("choose_career", draft), other, headers=headers), headers)
    assert _kinds(draft).count("career") == 1


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_choosing_a_table_twice_answers_as_a_repeat(
    player_client: Client, draft: Character, headers: dict[str, Any]
) -> None:
    _skill_rolled(draft)
    form = {"sequence": next_sequence(draft), "table": ACADEMIC}
    first = player_client.post(url("choose_table", draft), form, headers=headers)
    assert first.status_code == (200 if headers else 303)
    # No roll waits for a table now, so no table is offered: only the key can answer.
    again = player_client.post(url("choose_table", draft), form, headers=headers)
    _is_already_saved(player_client, again, headers)
    other = {**form, "table": "construction-action"}
    _is_a_repeat(player_client.post(url("choose_table", draft), other, headers=headers), headers)
    assert _kinds(draft).count("table_choice") == 1


def test_a_roll_posted_twice_shows_the_same_roll_though_its_form_is_gone(
    player_client: Client, draft: Character
) -> None:
    services.character_choose_method(
        character=draft, expected_sequence=next_sequence(draft), method="dice"
    )
    form = {"sequence": next_sequence(draft), "faces": "3 4"}
    first = player_client.post(url("roll_characteristic", draft), form)
    again = player_client.post(url("roll_characteristic", draft), form)
    assert first.status_code == again.status_code == 303
    assert _kinds(draft).count("characteristic_roll") == 1


def test_a_malformed_value_at_a_used_key_still_hears_the_repeat(
    player_client: Client, draft: Character
) -> None:
    """The key decides first: even a value no form would accept is not looked at."""
    _rolled(draft)
    sequence = next_sequence(draft)
    player_client.post(
        url("place_characteristic", draft), {"sequence": sequence, "characteristic": "Chz"}
    )
    again = player_client.post(
        url("place_characteristic", draft), {"sequence": sequence, "characteristic": "X" * 500}
    )
    _is_a_repeat(again, {})


def test_a_key_ahead_of_the_log_is_stale_before_the_form_is_read(
    player_client: Client, draft: Character
) -> None:
    response = player_client.post(url("method", draft), {"sequence": 5, "method": "coin"})
    _is_a_repeat(response, {})
    assert not log_entries(draft)


def test_a_step_post_locks_and_reads_the_log_once_for_key_form_and_write(
    player_client: Client, draft: Character
) -> None:
    """The key, the form's choices and the service's write share one transaction under
    the character's lock (wizard/post_checks.py's `locked_read`): one lock, one read of the log."""
    _rolled(draft)
    sequence = next_sequence(draft)
    log_table = CreationLogEntry._meta.db_table
    with CaptureQueriesContext(connection) as queries:
        response = player_client.post(
            url("place_characteristic", draft),
            {"sequence": sequence, "characteristic": "Chz"},
            headers=HTMX,
        )
    assert response.status_code == 200
    assert _kinds(draft)[-1] == "characteristic_place"
    statements = [query["sql"] for query in queries.captured_queries]
    whole_log_reads = [sql for sql in statements if f'FROM "{log_table}"' in sql and "faces" in sql]
    locks = [sql for sql in statements if "FOR NO KEY UPDATE" in sql]
    assert len(whole_log_reads) == 1
    assert len(locks) == (1 if connection.vendor == "postgresql" else 0)


# --- The kernel's helper --------------------------------------------------------------


def test_key_in_finds_a_free_key_the_form_s_own_row_or_a_stale_one(draft: Character) -> None:
    _rolled(draft)
    rows = log_entries(draft)  # method at 1, the roll at 2
    free = key_in(rows, 3, ("characteristic_place",))
    assert free.saved is None
    assert free.last_sequence == 2
    own = key_in(rows, 2, ("characteristic_roll",))
    assert own.saved == rows[1]
    assert own.newest
    older = key_in(rows, 1, ("method",))
    assert older.saved == rows[0]
    assert not older.newest
    for key, kinds in ((1, ("career",)), (4, ("characteristic_place",)), (9, ("method",))):
        with pytest.raises(LogStale, match=STALE_MESSAGE[:20]):
            key_in(rows, key, kinds)
    assert key_in([], 1, ("method",)).saved is None
