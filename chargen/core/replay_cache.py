"""A replayed log's result, cached in Django's cache under a key that names its inputs.

A character's state is a pure function of its log, its pinned rule data, its frozen
house rules and the rules/ code that replays them (DESIGN.md, "Creation is a log").
Replaying a 13-roll Infinity Drive log costs about 1.4 ms of CPU on every page that
shows the character, so the result is kept in the `replay` cache (Redis
when REDIS_URL is set, else each process's memory) under a key that is the sha256 of:

- every log row's `entry_hash`, in order. A row's hash covers its content and the row
  before it (chargen/core/chain.py), so a new roll, an undo or a note makes a new key,
  and so does a write that was rolled back and then made again with other content;
- the subject's id, the rule version's sha256 and any other input the caller names
  (the house rules' JSON, the race in force);
- a hash of the source of rules/ and of chargen/ (outside migrations and templates),
  read once per process: a log reaches the rules through chargen's translation (the
  step table, the race copies, the house-rules and rulebook codecs), so a deploy that
  changes any of it never reads a state the old code made (nor unpickles its classes).

So a key is never stale and nothing is ever invalidated: a change is a new key, and
old ones expire or are culled. For the same reason each process also keeps its latest
results in its own memory, in front of the shared cache: a wizard click asks for the same
state two or three times, and Redis's round trip and unpickling cost more than the
replay of one step. The results are frozen dataclasses, safe to share.

Logs with a row not yet sealed (written before signing began, until `manage.py
seal_logs`) are replayed every time: their content is not in their hash. A replay that
raises stores nothing.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import TypeVar, cast

from django.core.cache import caches

import rules

CACHE_ALIAS = "replay"  # settings.CACHES: Redis with REDIS_URL, else local memory
PREFIX = "replay:v1"
TIMEOUT = 24 * 60 * 60  # seconds; any entry is right for ever, this only frees memory
KEPT_IN_PROCESS = 256  # results; a 13-roll character's state is a few tens of kB

Result = TypeVar("Result")


@cache
def rules_code_version() -> str:
    """The sha256 of the Python source that turns a log into a state (rules/ and the
    chargen/ code that feeds it), computed once per process."""
    return source_version(Path(rules.__file__).resolve().parent.parent)


def source_version(top: Path) -> str:
    """The sha256 of the `.py` files under top/rules and top/chargen, migrations aside."""
    digest = hashlib.sha256()
    for package in ("rules", "chargen"):
        for path in sorted((top / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            digest.update(path.relative_to(top).as_posix().encode())
            digest.update(b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()


def replay_key(
    *, system: str, subject_id: object, entry_hashes: Sequence[str], inputs: Sequence[object]
) -> str | None:
    """The cache key of a replay of these rows under these inputs (JSON values), or None
    when a row has no hash yet (then the replay is not cached)."""
    if not all(entry_hashes):
        return None
    document = [rules_code_version(), system, str(subject_id), list(inputs), list(entry_hashes)]
    return content_key(f"{PREFIX}:{system}", document)


def content_key(prefix: str, document: object) -> str:
    """`prefix:` and the sha256 of `document` as canonical JSON (sorted keys, no spaces,
    anything else as its str): the key every cache keyed by content uses."""
    text = json.dumps(document, sort_keys=True, separators=(",", ":"), default=str)
    return f"{prefix}:{hashlib.sha256(text.encode('utf-8')).hexdigest()}"


class _Recent:
    """The process's latest results by key, the least recently used dropped first."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.found: OrderedDict[str, object] = OrderedDict()
        self.lock = threading.Lock()  # runserver and the tests' live server use threads

    def get(self, key: str) -> object | None:
        with self.lock:
            found = self.found.get(key)
            if found is not None:
                self.found.move_to_end(key)
            return found

    def keep(self, key: str, result: object) -> None:
        with self.lock:
            self.found[key] = result
            self.found.move_to_end(key)
            while len(self.found) > self.size:
                self.found.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.found.clear()


_recent = _Recent(KEPT_IN_PROCESS)


def forget_recent_replays() -> None:
    """Empty this process's own results (what a restarted worker starts without)."""
    _recent.clear()


def cached_replay(
    key: str | None, replay: Callable[[], Result], *, ask_shared: bool = True
) -> Result:
    """`replay()`'s result: this process's own when it has it, else from the shared
    cache when `key` is there, else computed and stored in both.

    `ask_shared=False` for a replay that costs less than a trip to the shared cache (one
    step applied to a state in hand): it is computed rather than asked for, and still
    stored, for the next page another worker draws."""
    if key is None:
        return replay()
    recent = _recent.get(key)
    if recent is not None:
        return cast("Result", recent)
    store = caches[CACHE_ALIAS]
    found: Result | None = store.get(key) if ask_shared else None
    if found is None:
        found = replay()
        store.set(key, found, timeout=TIMEOUT)
    _recent.keep(key, found)
    return found
