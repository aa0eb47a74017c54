"""Helpers shared by the wizard's view tests: the htmx header and a step's address."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from chargen.infinity_drive.models import Character

HTMX: dict[str, Any] = {"HX-Request": "true"}


def url(name: str, character: Character) -> str:
    return reverse(f"characters:{name}", args=[character.id])
