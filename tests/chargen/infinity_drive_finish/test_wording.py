"""What the wizard says: skills in the sheet's form, setbacks named as setbacks, one way of
writing credits, prompts that read as English, and an age that is an age."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.infinity_drive import services
from chargen.infinity_drive import services_finish as finish
from chargen.infinity_drive.models import Character
from tests.chargen.infinity_drive.steps import (
    darrian,
    next_sequence,
    roll_book_characteristics,
    skill,
    survive,
)
from tests.chargen.infinity_drive_finish.build import equip_standard, save_history


def url(name: str, character: Character) -> str:
    return reverse(f"characters:{name}", args=[character.id])


def citizen(character: Character, specialisation_faces: str) -> None:
    roll_book_characteristics(character)
    darrian(character)
    services.character_choose_career(
        character=character, expected_sequence=next_sequence(character), career="Citizen"
    )
    services.character_roll_specialisation(
        character=character,
        expected_sequence=next_sequence(character),
        typed_faces=specialisation_faces,
    )


def test_the_skill_table_shows_knowledge_underworld_with_a_space(
    player_client: Client, player: User
) -> None:
    rogue = Character.objects.create(owner=player, name="Rogue")
    citizen(rogue, "3")  # 3: Rogue
    services.character_roll_skill(
        character=rogue, expected_sequence=next_sequence(rogue), typed_faces="1 2"
    )
    content = player_client.get(url("skills", rogue)).content.decode()
    assert "<strong>Knowledge (Underworld)</strong>" in content
    assert "Knowledge(Underworld)" not in content


def test_a_setbacks_history_says_the_setback(player: User) -> None:
    character = Character.objects.create(owner=player, name="Unlucky")
    citizen(character, "5")  # 5: Construction
    for faces in ("1 1", "1 3", "3 3", "2 2"):
        skill(character, faces, "construction-academic")
    survive(character, "1 2")
    services.character_choose_survival_outcome(
        character=character, expected_sequence=next_sequence(character), outcome="setback"
    )
    services.character_choose_setback(
        character=character, expected_sequence=next_sequence(character), characteristic="Grc"
    )
    item = next(item for item in finish.finish_load(character).history if "Survival" in item.title)
    assert item.title == "Survival roll: a setback"
    assert "did not survive" not in item.outcome
    assert "did not survive" not in item.prompt
    assert item.outcome.endswith("Suffered a setback: one fewer skill roll and Grc −1 (8 → 7).")
    assert "one fewer skill roll and Grc −1 (8 → 7)" in item.prompt


def test_survival_prompts_name_the_career_and_specialisation_plainly(
    player_client: Client, treva: Character
) -> None:
    equip_standard(treva)
    content = player_client.get(url("history", treva)).content.decode()
    assert "Survived this period of my Citizen career (Construction; survival roll" in content
    assert "as a Citizen in Construction" not in content


def test_credits_are_written_one_way(player_client: Client, treva: Character) -> None:
    equip_standard(treva)
    page = player_client.get(url("equipment", treva)).content.decode()
    assert re.search(r'<strong class="credits-left">20,000</strong> cr', page)
    assert "20000" not in page
    save_history(treva, notes={}, age="34", appearance="Tall.")
    sheet = player_client.get(url("sheet", treva)).content.decode()
    assert re.search(r'<strong class="sheet-credits">20,000</strong> cr', sheet)


@pytest.mark.parametrize(
    ("age", "message"),
    [
        ("9" * 60, "Keep the age to 40 characters or fewer."),
        ("12000", "An age in years is a number from 0 to 10,000, not 12000."),
        ("-3", "An age in years is a number from 0 to 10,000, not -3."),
        ("x" * 41, "Keep the age to 40 characters or fewer."),
    ],
)
def test_an_impossible_age_is_refused_at_the_field(
    player_client: Client, treva: Character, age: str, message: str
) -> None:
    equip_standard(treva)
    sequence = next_sequence(treva)
    response = player_client.post(
        url("history", treva), {"age": age, "appearance": "Tall.", "sequence": sequence}
    )
    assert response.status_code == 400
    content = response.content.decode()
    field = re.search(r'<input[^>]*name="age".*?</div>\s*</div>', content, re.DOTALL)
    assert field, "the age field is on the page"
    assert message in field.group(0)
    assert finish.finish_load(treva).age == ""
    assert next_sequence(treva) == sequence  # nothing written


@pytest.mark.parametrize("age", ["34", "10,000", "0", "about forty", "older than the stars"])
def test_a_believable_age_is_saved(player_client: Client, treva: Character, age: str) -> None:
    equip_standard(treva)
    response = player_client.post(
        url("history", treva),
        {"age": age, "appearance": "Tall.", "sequence": next_sequence(treva)},
    )
    assert response.status_code == 303
    assert finish.finish_load(treva).age == age
