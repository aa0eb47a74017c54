"""The rollers' cast, straight from the books: Brian and Leanne (seed 001), the mage of
seed 004's examples, and the two racers. Bob owns them all."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from chargen.rollers import services
from chargen.rollers.models import ManaCharacter, UniqueCharacter


@pytest.fixture
def brian(player: User) -> UniqueCharacter:
    """Strength 2, no tools, no applicable special attribute."""
    character = services.unique_character_create(owner=player, name="Brian")
    character.attributes.filter(name="Strength").update(score=2)
    return character


@pytest.fixture
def leanne(player: User) -> UniqueCharacter:
    """Precision 3 and the special attribute 'delivery driver'."""
    character = services.unique_character_create(owner=player, name="Leanne")
    character.attributes.filter(name="Precision").update(score=3)
    character.specials.create(name="delivery driver")
    return character


def set_mana(character: ManaCharacter, **amounts: int) -> None:
    for colour, amount in amounts.items():
        character.colours.filter(name=colour).update(amount=amount)


def set_scores(character: ManaCharacter, **scores: int) -> None:
    for name, score in scores.items():
        character.attributes.filter(name=name).update(score=score)


def add_speciality(character: ManaCharacter, name: str, attribute: str) -> None:
    character.specialities.create(name=name, attribute=character.attributes.get(name=attribute))


@pytest.fixture
def mage(player: User) -> ManaCharacter:
    """3 black and 2 blue mana; Deceit (Cunning), Artifice (Intelligence), Stealth
    (Finesse) and Elemental Damage (Endurance)."""
    character = services.mana_character_create(owner=player, name="The mage")
    set_mana(character, black=3, blue=2)
    set_scores(character, Cunning=3, Intelligence=3, Endurance=2, Strength=2)
    for name, attribute in (
        ("Deceit", "Cunning"),
        ("Artifice", "Intelligence"),
        ("Stealth", "Finesse"),
        ("Elemental Damage", "Endurance"),
    ):
        add_speciality(character, name, attribute)
    return character


@pytest.fixture
def first_racer(player: User) -> ManaCharacter:
    """Endurance 3, and green mana enough to keep every die."""
    character = services.mana_character_create(owner=player, name="First racer")
    set_mana(character, green=3)
    set_scores(character, Endurance=3)
    return character


@pytest.fixture
def second_racer(player: User) -> ManaCharacter:
    """Endurance 5 and a speciality in long-distance running."""
    character = services.mana_character_create(owner=player, name="Second racer")
    set_mana(character, green=3)
    set_scores(character, Endurance=5)
    add_speciality(character, "Long-distance running", "Endurance")
    return character
