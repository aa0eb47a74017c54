"""`{% if character|may_delete %}`: show its owner the delete button? (one-line wrapper)"""

from __future__ import annotations

from django import template

from chargen.infinity_drive.deletion import character_may_delete
from chargen.infinity_drive.models import Character

register = template.Library()


@register.filter
def may_delete(character: Character) -> bool:
    return character_may_delete(character)
