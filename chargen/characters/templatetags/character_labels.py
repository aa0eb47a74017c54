"""`{{ character|progress_label }}`: a character's line in a list; `{{ entry.kind|log_kind }}`:
a log row's kind in the GM's words (one-line wrappers)."""

from __future__ import annotations

from django import template

from chargen.characters.gm.labels import log_kind_label
from chargen.characters.models import Character
from chargen.characters.progress import character_progress_label

register = template.Library()


@register.filter
def progress_label(character: Character) -> str:
    return character_progress_label(character)


@register.filter
def log_kind(kind: str) -> str:
    """`{{ entry.kind|log_kind }}`: "skill_roll" reads "Skill roll"."""
    return log_kind_label(kind)
