"""Each process keeps its latest replays in front of the shared cache
(chargen/core/replay_cache.py): asked again, a key costs neither a replay nor a trip
to the shared cache; the oldest results go first; a restart starts with none."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import caches

from chargen.core import replay_cache
from chargen.core.replay_cache import CACHE_ALIAS, cached_replay, forget_recent_replays


class Counted:
    def __init__(self) -> None:
        self.replays = 0

    def __call__(self) -> tuple[str, int]:
        self.replays += 1
        return ("state", self.replays)


def _shared_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    reads: list[str] = []
    store = caches[CACHE_ALIAS]
    real_get = store.get

    def get(key: str, *args: Any, **kwargs: Any) -> Any:
        reads.append(key)
        return real_get(key, *args, **kwargs)

    monkeypatch.setattr(store, "get", get)
    return reads


def test_a_key_asked_again_is_answered_from_the_process(monkeypatch: pytest.MonkeyPatch) -> None:
    reads = _shared_reads(monkeypatch)
    replay = Counted()
    first = cached_replay("replay:test:a", replay)
    again = cached_replay("replay:test:a", replay)
    assert again is first
    assert (replay.replays, reads) == (1, ["replay:test:a"])


def test_after_a_restart_the_shared_cache_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    replay = Counted()
    first = cached_replay("replay:test:b", replay)
    forget_recent_replays()
    reads = _shared_reads(monkeypatch)
    assert cached_replay("replay:test:b", replay) == first
    assert (replay.replays, reads) == (1, ["replay:test:b"])


def test_the_least_recently_used_goes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(replay_cache, "_recent", replay_cache._Recent(2))
    replay = Counted()
    for key in ("one", "two"):
        cached_replay(key, replay)
    cached_replay("one", replay)  # used again: "two" is now the oldest
    cached_replay("three", replay)
    reads = _shared_reads(monkeypatch)
    for key in ("one", "three", "two"):
        cached_replay(key, replay)
    assert reads == ["two"]
    assert replay.replays == 3  # "two" came back from the shared cache, not a replay


def test_no_key_is_never_kept() -> None:
    replay = Counted()
    cached_replay(None, replay)
    cached_replay(None, replay)
    assert replay.replays == 2


def test_a_cheap_replay_is_computed_not_asked_for_and_still_stored(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reads = _shared_reads(monkeypatch)
    replay = Counted()
    result = cached_replay("replay:test:cheap", replay, ask_shared=False)
    assert (replay.replays, reads) == (1, [])
    forget_recent_replays()  # another worker: it finds the result in the shared cache
    assert cached_replay("replay:test:cheap", replay) == result
    assert replay.replays == 1
