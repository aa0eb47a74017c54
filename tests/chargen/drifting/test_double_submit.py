"""A double-clicked roll whose first click commits while the second is under way.

The second click looks its key up first and finds nothing yet; the first click then
commits (depleting the tokens the form ticks), so the second's form no longer
validates. The view must answer with the roll the first click saved, never with a
field error beside it ("Select a valid choice. Firearms#1 …").

The moment is made exact with Django's `connection.execute_wrapper`: the first
click's roll is written just before the second request's form reads the token
snapshot, on the same connection (the test's transaction).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import connection
from django.test import Client

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
