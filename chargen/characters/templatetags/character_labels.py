"""`{{ character|progress_label }}`: a character's line in a list (one-line wrapper)."""

from __future__ import annotations

from django import template

from chargen.characters.models import Character
from chargen.characters.progress import character_progress_label

register = template.Library()


@register.filter
def progress_label(character: Character) -> str:
    return character_progress_label(character)
