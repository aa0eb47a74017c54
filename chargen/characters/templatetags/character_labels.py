"""`{{ character|progress_label }}`: a character's line in a list (one-line wrapper)."""

from __future__ import annotations

from django import template

from chargen.characters.list_label import character_progress_label
from chargen.characters.models import Character

register = template.Library()


@register.filter
def progress_label(character: Character) -> str:
    return character_progress_label(character)
