"""Shared by the replay cache's tests: two workers' caches, a character's key, and its
progress checked against a replay that skips the cache."""

from __future__ import annotations

from typing import Any

from django.core.cache import caches

from chargen.core.log import effective
from chargen.core.replay_cache import CACHE_ALIAS, forget_recent_replays
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character
from chargen.infinity_drive.pinned import character_rulebook
from chargen.infinity_drive.progress import Progress, progress_for, replay_key_of


def worker(settings: Any, name: str) -> None:
    """Act as worker `name`: its own local-memory cache, and none of the results the
    last worker kept in its process memory (replay_cache.py keeps some in front)."""
    forget_recent_replays()
    settings.CACHES = {
        **settings.CACHES,
        CACHE_ALIAS: {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": f"replay-cache-test-{name}",
        },
    }


def key_of(character: Character) -> str:
    character.refresh_from_db()
    entries = log_entries(character)
    key = replay_key_of(character, entries, effective(entries))
    assert key is not None
    return key


def checked(character: Character) -> Progress:
    """The progress the pages see, asserted equal to a replay that skips the cache (a
    rulebook given explicitly is never cached) and asserted to be in the cache."""
    character.refresh_from_db()
    entries = log_entries(character)
    seen = progress_for(character, entries)
    fresh = progress_for(character, entries, rulebook=character_rulebook(character))
    assert seen.state == fresh.state
    assert caches[CACHE_ALIAS].get(key_of(character)) == fresh.state
    return seen
