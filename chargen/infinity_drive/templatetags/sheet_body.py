"""`{% sheet_body finish name_tag="h1" heading_tag="h2" %}`: an Infinity Drive sheet's body,
drawn once and then read from the cache (chargen/infinity_drive/sheet_cache.py)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from chargen.infinity_drive import sheet_cache
from chargen.infinity_drive.selectors_finish import Finish

register = template.Library()


@register.simple_tag(name="sheet_body")
def sheet_body_tag(finish: Finish, name_tag: str = "h2", heading_tag: str = "h3") -> SafeString:
    return sheet_cache.sheet_body(finish, name_tag=name_tag, heading_tag=heading_tag)
