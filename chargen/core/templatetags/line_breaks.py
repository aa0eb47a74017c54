"""`{{ note|breakable }}`: a player's text with break opportunities in long unbroken runs
(chargen.core.line_breaks). Returns plain text, so autoescaping still escapes it."""

from __future__ import annotations

from django import template

from chargen.core.line_breaks import break_long_runs

register = template.Library()


@register.filter
def breakable(text: object) -> str:
    return break_long_runs(str(text))
