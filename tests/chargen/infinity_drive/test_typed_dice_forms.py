"""Infinity Drive's typed dice as the table speaks: “34” for two d6, with the expected form
shown beside the field before anything is typed, and named again in any refusal."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from chargen.infinity_drive import services
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character, CreationLogEntry
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    darrian,
    next_sequence,
    roll_book_characteristics,
)

TWO_D6_HELP = "Two d6: type “3 4”, “3,4” or “34”."


def url(name: str, character: Character) -> str:
    return reverse(f"characters:{name}", args=[character.id])


def _choose_dice(character: Character) -> None:
    services.character_choose_method(character=character, expected_sequence=1, method="dice")


def test_the_characteristics_page_shows_the_expected_form_before_any_error(
    player_client: Client, draft: Character
) -> None:
    _choose_dice(draft)
    content = player_client.get(url("characteristics", draft)).content.decode()
    assert TWO_D6_HELP in content
    assert 'aria-describedby="faces-help-characteristic"' in content
    assert "invalid-feedback" not in content


@pytest.mark.parametrize("typed", ["65", "6 5", "6,5", "6, 5"])
def test_a_characteristic_roll_typed_as_the_table_speaks_is_entered(
    player_client: Client, draft: Character, typed: str
) -> None:
    _choose_dice(draft)
    player_client.post(url("roll_characteristic", draft), {"sequence": 2, "faces": typed})
    entry = CreationLogEntry.objects.get(character=draft, sequence=2)
    assert (entry.faces, entry.entered) == ([6, 5], True)


@pytest.mark.parametrize("typed", ["654", "6", "67", "six five"])
def test_a_refusal_names_the_expected_form_beside_the_field(
    player_client: Client, draft: Character, typed: str
) -> None:
    _choose_dice(draft)
    response = player_client.post(
        url("roll_characteristic", draft), {"sequence": 2, "faces": typed}
    )
    assert response.status_code == 400
    content = response.content.decode()
    assert "Type 2 faces from 1 to 6, like “3 4”, “3,4” or “34”." in content
    assert len(log_entries(draft)) == 1


def test_the_skills_page_shows_the_expected_form_and_takes_a_run_of_digits(
    player_client: Client, draft: Character
) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    citizen_construction(draft)
    assert TWO_D6_HELP in player_client.get(url("skills", draft)).content.decode()
    sequence = next_sequence(draft)
    player_client.post(url("roll_skill", draft), {"sequence": sequence, "faces": "45"})
    entry = CreationLogEntry.objects.get(character=draft, sequence=sequence)
    assert (entry.faces, entry.entered) == ([4, 5], True)


def test_the_specialisation_roll_is_one_d6(player_client: Client, draft: Character) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    services.character_choose_career(
        character=draft, expected_sequence=next_sequence(draft), career="Citizen"
    )
    assert "One d6: type “3”." in player_client.get(url("career", draft)).content.decode()
    response = player_client.post(
        url("roll_specialisation", draft), {"sequence": next_sequence(draft), "faces": "34"}
    )
    assert "You typed 2 faces; 1d6 has 1 die. Type 1 face from 1 to 6" in (
        response.content.decode()
    )
