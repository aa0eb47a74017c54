"""`{{ character|progress_label }}`: a character's line in a list; `{{ entry.kind|log_kind }}`:
a log row's kind in the GM's words; `{{ entry|log_summary }}`: what an equipment or
history decision did, in words; `{% built_under_older_rule_data character as when %}`: the
date of its rule data when newer data exists (one-line wrappers)."""

from __future__ import annotations

from datetime import datetime

from django import template

from chargen.infinity_drive.gm.labels import log_kind_label
from chargen.infinity_drive.list_label import character_progress_label
from chargen.infinity_drive.models import Character, CreationLogEntry
from chargen.infinity_drive.part_two import entry_summary
from chargen.infinity_drive.rule_upgrade import older_rule_data_date

register = template.Library()


@register.filter
def progress_label(character: Character) -> str:
    return character_progress_label(character)


@register.filter
def log_kind(kind: str) -> str:
    """`{{ entry.kind|log_kind }}`: "skill_roll" reads "Skill roll"."""
    return log_kind_label(kind)


@register.filter
def log_summary(entry: CreationLogEntry) -> str:
    """`{{ entry|log_summary }}`: what an equipment or history decision did, in words."""
    return entry_summary(entry)


@register.simple_tag
def built_under_older_rule_data(character: Character) -> datetime | None:
    return older_rule_data_date(character)
