"""`{% dice_provenance character as dice %}`: where the character's dice came from."""

from __future__ import annotations

from typing import Any

from django import template

from chargen.core.provenance import DiceProvenance
from chargen.core.provenance import dice_provenance as count

register = template.Library()


@register.simple_tag
def dice_provenance(subject: Any) -> DiceProvenance:
    return count(subject)
