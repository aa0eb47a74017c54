"""Helpers shared by the roller sheets' view tests: the htmx header, addresses, attribute ids,
the contest form's prefix and the next sequence number."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from chargen.rollers import services
from chargen.rollers.models import ManaCharacter, UniqueCharacter

HTMX: dict[str, Any] = {"HTTP_HX_REQUEST": "true"}


def url(name: str, character: UniqueCharacter | ManaCharacter) -> str:
    return reverse(f"rollers:{name}", kwargs={"character_id": character.id})


def attribute_id(character: UniqueCharacter | ManaCharacter, name: str) -> str:
    return str(character.attributes.get(name=name).pk)


def contest_data(fields: dict[str, Any]) -> dict[str, Any]:
    """The contest form's fields carry its prefix (it shares the page with the roll form)."""
    return {f"contest-{name}": value for name, value in fields.items()}


def next_sequence(character: UniqueCharacter | ManaCharacter) -> int:
    return services.next_sequence(character)
