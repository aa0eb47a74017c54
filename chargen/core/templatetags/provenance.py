"""`{% dice_provenance character as dice %}`: where the character's dice came from;
`{% log_provenance finish.log as dice %}`: the same from a whole log the page has loaded."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template

from chargen.core.log import LogEntryBase
from chargen.core.provenance import DiceProvenance, provenance_of
from chargen.core.provenance import dice_provenance as count

register = template.Library()


@register.simple_tag
def dice_provenance(subject: Any) -> DiceProvenance:
    return count(subject)


@register.simple_tag
def log_provenance(log: Iterable[LogEntryBase]) -> DiceProvenance:
    return provenance_of(log)
