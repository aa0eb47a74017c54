"""Drifting's typed dice as the table speaks: “14254” for five d6, with the expected form
shown beside the field before anything is typed, and named again in any refusal."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from chargen.drifting.models import Character, LogKind

HTMX = {"HX-Request": "true"}
JIMS_TICKS = {
    "applicable": ["Military", "Firearms", "Dodge"],
    "deplete": ["Military#1", "Firearms#1", "Dodge#1"],
}


def url(name: str, character: Character) -> str:
    return reverse(f"drifting:{name}", kwargs={"character_id": character.id})


def test_the_sheet_shows_the_expected_form_before_any_error(
    player_client: Client, jim: Character
) -> None:
    page = player_client.get(jim.get_absolute_url()).content.decode()
    assert "Two d6: type “3 4”, “3,4” or “34”. One die more for each token you deplete." in page
    assert "invalid-feedback" not in page


@pytest.mark.parametrize("typed", ["14254", "1,4,2,5,4", "1, 4, 2, 5, 4", "1 4 2 5 4"])
def test_jims_roll_typed_as_the_table_speaks_is_fifteen(
    player_client: Client, jim: Character, typed: str
) -> None:
    data = {"key": jim.next_sequence, **JIMS_TICKS, "faces": typed}
    response = player_client.post(url("roll", jim), data, headers=HTMX)
    assert '<strong class="roll-total">15</strong>' in response.content.decode()
    entry = jim.log.get(kind=LogKind.ROLL)
    assert (entry.faces, entry.entered) == ([1, 4, 2, 5, 4], True)


@pytest.mark.parametrize(
    ("typed", "problem"),
    [
        ("1425", "You typed 4 faces; 5d6 has 5 dice."),
        ("142547", "You typed 6 faces; 5d6 has 5 dice."),
        ("14257", "The 5th d6 shows 7; a d6 shows 1 to 6."),
        ("14250", "The 5th d6 shows 0; a d6 shows 1 to 6."),
        ("1 4 two 5 4", "“two” is not a number from 1 to 6."),
    ],
)
def test_a_refusal_at_the_field_names_what_is_wrong_and_the_expected_form(
    player_client: Client, jim: Character, typed: str, problem: str
) -> None:
    data = {"key": jim.next_sequence, **JIMS_TICKS, "faces": typed}
    response = player_client.post(url("roll", jim), data)
    expected = "Type 5 faces from 1 to 6, like “3 4 1 5 2”, “3,4,1,5,2” or “34152”."
    assert response.context["roll_form"].errors["faces"] == [f"{problem} {expected}"]
    assert not jim.log.filter(kind=LogKind.ROLL).exists()
