"""A double-clicked roll whose first click commits while the second is under way.

The second click finds nothing at its key yet (the character as it read it names the
key as the next row, so it does not even look); the first click then commits
(depleting the tokens the form ticks), so the second's form no longer validates. The
view must answer with the roll the first click saved, never with a field error beside
it ("Select a valid choice. Firearms#1 …").

The moment is made exact with Django's `connection.execute_wrapper`: the first
click's roll is written just before the second request's form reads the token
snapshot, on the same connection (the test's transaction).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from chargen.drifting import services
from chargen.drifting.models import Character, LogKind
from tests.chargen.drifting.views_helpers import HTMX, url

ROLL = {
    "applicable": ["Military", "Firearms", "Dodge"],
    "deplete": ["Firearms#1", "Dodge#1"],
    "faces": "1 4 2 5",
}


def _first_click_commits_before_the_form_reads(jim: Character, key: int) -> Any:
    """A query wrapper that writes the first click's roll before the sheet is read."""
    fired: list[bool] = []

    def wrapper(execute: Callable[..., Any], sql: str, *args: Any) -> Any:
        if not fired and "drifting_charactertoken" in sql:
            fired.append(True)
            services.character_roll(
                character=Character.objects.get(pk=jim.pk),
                key=key,
                choices=services.RollChoices(
                    applicable=("Military", "Firearms", "Dodge"),
                    deplete={"Firearms": 1, "Dodge": 1},
                    entered_faces=(1, 4, 2, 5),
                ),
            )
        return execute(sql, *args)

    return connection.execute_wrapper(wrapper)


def test_the_second_click_answers_with_the_first_clicks_roll_and_no_field_error(
    player_client: Client, jim: Character
) -> None:
    key = jim.next_sequence
    with _first_click_commits_before_the_form_reads(jim, key):
        response = player_client.post(url("roll", jim), {**ROLL, "key": key}, **HTMX)
    page = response.content.decode()
    assert response.status_code == 200
    assert jim.log.filter(kind=LogKind.ROLL).count() == 1
    assert "Already saved: Rolled 4 dice" in page
    assert "invalid-feedback" not in page
    assert "depleted until the next refresh" not in page
    assert "valid choice" not in page


def _first_click_commits_before_the_write_reads_the_log(jim: Character, key: int) -> Any:
    """A query wrapper that writes the first click's roll (the same dice, so the second
    click's form still validates) just before the second click's write reads the log."""
    fired: list[bool] = []

    def wrapper(execute: Callable[..., Any], sql: str, *args: Any) -> Any:
        if not fired and "drifting_logentry" in sql and "INSERT" not in sql:
            fired.append(True)
            services.character_roll(
                character=Character.objects.get(pk=jim.pk),
                key=key,
                choices=services.RollChoices(
                    applicable=("Military",), deplete={}, entered_faces=(3, 4)
                ),
            )
        return execute(sql, *args)

    return connection.execute_wrapper(wrapper)


def test_a_second_click_whose_form_still_fits_hears_the_first_clicks_roll_as_already_saved(
    player_client: Client, jim: Character
) -> None:
    """The sheet's first look finds nothing at the key (the character as read names the
    key as the next row), the form validates, and the write finds the first click's row
    under its lock: the answer is that roll, said to be already saved, and one row."""
    key = jim.next_sequence
    with _first_click_commits_before_the_write_reads_the_log(jim, key):
        response = player_client.post(
            url("roll", jim), {"applicable": ["Military"], "faces": "3 4", "key": key}, **HTMX
        )
    page = response.content.decode()
    assert response.status_code == 200
    assert jim.log.filter(kind=LogKind.ROLL).count() == 1
    assert "Already saved: Rolled 2 dice" in page
    assert "invalid-feedback" not in page


def test_a_click_that_saves_its_roll_says_the_roll_and_not_already_saved(
    player_client: Client, jim: Character
) -> None:
    response = player_client.post(
        url("roll", jim),
        {"applicable": ["Military"], "faces": "3 4", "key": jim.next_sequence},
        **HTMX,
    )
    page = response.content.decode()
    assert "Rolled 2 dice" in page
    assert "Already saved" not in page


def test_a_roll_at_the_next_key_reads_the_character_twice_its_access_and_its_lock(
    player_client: Client, jim: Character
) -> None:
    """The first look for a saved row stops at the character as read (its version names
    the key as the next row): no lock and no lookup before the write's own."""
    with CaptureQueriesContext(connection) as captured:
        response = player_client.post(
            url("roll", jim),
            {"applicable": ["Military"], "faces": "3 4", "key": jim.next_sequence},
            **HTMX,
        )
    assert response.status_code == 200
    reads = [
        query["sql"]
        for query in captured.captured_queries
        if query["sql"].startswith("SELECT")
        and 'FROM "drifting_character"' in query["sql"]
        and (jim.pk.hex in query["sql"] or str(jim.pk) in query["sql"])  # SQLite, PostgreSQL
        and "NOT (" not in query["sql"]  # not the campaign's other characters
    ]
    assert len(reads) == 2, "\n".join(reads)
