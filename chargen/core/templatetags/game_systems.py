"""`{% game_nav_entries as entries %}`: the main menu's links to the game systems;
`{% game_titles as titles %}`: the names of the games a player can start in."""

from __future__ import annotations

from django import template

from chargen.core import game_starts
from chargen.core.systems import NavEntry, registry

register = template.Library()
register.simple_tag(game_starts.game_titles, name="game_titles")


@register.simple_tag
def game_nav_entries() -> list[NavEntry]:
    """Each system's menu entries in order, once each (two systems may share a page)."""
    entries: list[NavEntry] = []
    for system in registry.all():
        entries.extend(entry for entry in system.nav if entry not in entries)
    return entries
