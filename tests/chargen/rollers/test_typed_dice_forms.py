"""The roller sheets' typed dice as the table speaks: “34” for two d6 on the unique-dice
pool, but never for ten-sided dice, where “34” is one number; the help names the form
before anything is typed."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from chargen.rollers.forms import UniquePushForm
from chargen.rollers.models import ManaCharacter, UniqueCharacter


def url(name: str, character: UniqueCharacter | ManaCharacter) -> str:
    return reverse(f"rollers:{name}", kwargs={"character_id": character.id})


def attribute_id(character: UniqueCharacter | ManaCharacter, name: str) -> str:
    return str(character.attributes.get(name=name).pk)


def test_the_unique_sheet_shows_the_expected_form_before_any_error(
    player_client: Client, brian: UniqueCharacter
) -> None:
    page = player_client.get(url("unique", brian)).content.decode()
    assert "One face per d6, from 1 to 6; for two dice, type “3 4”, “3,4” or “34”." in page
    # The push form appears only after a roll; its help is one d6.
    assert UniquePushForm()["faces"].help_text == "Only with the box ticked. One d6: type “3”."


def test_brians_climb_typed_as_a_run_of_digits(
    player_client: Client, brian: UniqueCharacter
) -> None:
    data = {
        "sequence": 1,
        "attribute": attribute_id(brian, "Strength"),
        "tool_quality": 0,
        "physical": "on",
        "faces": "34",
    }
    assert player_client.post(url("unique_roll", brian), data).status_code == 302
    entry = brian.rolls.get()
    assert (entry.total, entry.faces, entry.entered) == (7, [3, 4], True)


def test_ten_sided_dice_take_no_run_of_digits(player_client: Client, mage: ManaCharacter) -> None:
    page = player_client.get(url("mana", mage)).content.decode()
    assert "One face per d10, from 1 to 10; for two dice, type “3 10” or “3,10”." in page
    data = {
        "sequence": 1,
        "attribute": attribute_id(mage, "Cunning"),
        "difficulty_mode": "named",
        "difficulty": "CHALLENGING",
        "physical": "on",
        "faces": "962",
    }
    response = player_client.post(url("mana_roll", mage), data)
    assert "You typed 1 face; 3d10 has 3 dice." in str(response.context["roll_form"].errors)
    assert not mage.rolls.exists()
    response = player_client.post(url("mana_roll", mage), {**data, "faces": "9,6,2"})
    assert response.status_code == 302
    assert mage.rolls.get().faces == [9, 6, 2]
