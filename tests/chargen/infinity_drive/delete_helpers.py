"""Helpers shared by the character deletion tests: the htmx header, the confirmation, the
delete address, point buy without dice, proposing a race, and whether a character exists."""

from __future__ import annotations

from django.urls import reverse

from chargen.infinity_drive import services
from chargen.infinity_drive.models import Character, Race
from tests.chargen.infinity_drive.steps import next_sequence

HTMX = {"HX-Request": "true"}
CONFIRMED = {"confirm": "yes"}
# 50 points over the book's seven characteristics, no dice.
POINTS = {"Mus": 8, "Grc": 7, "Res": 7, "Int": 7, "Sty": 7, "Chz": 7, "Mtp": 7}


def delete_url(character: Character) -> str:
    return reverse("characters:delete", kwargs={"character_id": character.id})


def buy_points(character: Character) -> None:
    """Characteristics by point buy: two log entries, neither with dice."""
    services.character_choose_method(
        character=character, expected_sequence=next_sequence(character), method="point_buy"
    )
    services.character_assign_points(
        character=character, expected_sequence=next_sequence(character), values=POINTS
    )


def propose(character: Character, name: str) -> Race:
    race = services.race_propose(
        character=character,
        expected_sequence=next_sequence(character),
        name=name,
        reason="A home-world rife with metaphysical predators.",
        adjustments={"Int": 3, "Res": -2, "Mtp": -1},
    )
    assert race is not None
    return race


def exists(character: Character) -> bool:
    return Character.objects.filter(pk=character.pk).exists()
