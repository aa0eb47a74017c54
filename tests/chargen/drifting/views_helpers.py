"""Helpers shared by the Drifting view tests: the htmx header and a character's addresses."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from chargen.drifting.models import Character

HTMX: dict[str, Any] = {"HTTP_HX_REQUEST": "true"}


def url(name: str, character: Character) -> str:
    return reverse(f"drifting:{name}", kwargs={"character_id": character.id})
