"""Log rows rendered once, kept in Django's cache under a key naming everything they show.

A log row never changes once written (chargen.core.log: `save` refuses an update), so
its rendered HTML is a function of the row, of the few facts around it a page passes in
(`extra`: "undone by a later row", the crisis recorded for a push), of the template and
of the code that draws it (model properties, choice labels). Rendering the roll log was
a third of the Drifting token sheet's and the roller sheets' template time;
each row is now rendered the first time a page shows it, and read from the cache after.

The key is the sha256 of: the row's subject, sequence, `entry_hash` (its content, chained
to the row before: chargen.core.chain) and `created` (shown, not chained); the `extra`
facts; the template's source and chargen's and rules/'s Python source (read once per
process, so a deploy never shows a row the old code drew); the active time zone and
language. So a key is never stale and nothing is ever invalidated: a change is a new key.
A row not yet sealed (blank `entry_hash`, until `manage.py seal_logs`) is rendered every
time, as the replay cache does (chargen/core/replay_cache.py).

Rows hold no CSRF token nor anything of the viewer's: a form inside a row (the Drifting
sheet's "Undo this loss") is drawn by the page itself, outside this cache.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from django.core.cache import caches
from django.template.loader import get_template, render_to_string
from django.utils import timezone, translation
from django.utils.safestring import SafeString

from chargen.core.log import LogEntryBase
from chargen.core.replay_cache import content_key, rules_code_version

CACHE_ALIAS = "rows"  # settings.CACHES: Redis with REDIS_URL, else local memory
PREFIX = "rows:v1"
TIMEOUT = 7 * 24 * 60 * 60  # seconds; any entry is right for ever, this only frees memory

Row = TypeVar("Row", bound=LogEntryBase)


@cache
def template_version(template_name: str) -> str:
    """The sha256 of a row template's source, read once per process."""
    origin = get_template(template_name).origin  # type: ignore[attr-defined]
    return hashlib.sha256(Path(origin.name).read_bytes()).hexdigest()


def row_key(
    row: LogEntryBase, *, template_name: str, extra: Mapping[str, Any] | None = None
) -> str | None:
    """The cache key of `row` drawn by `template_name` with `extra`, or None for a row
    that is not sealed yet (then it is not cached)."""
    if not row.entry_hash:
        return None
    document = [
        rules_code_version(),
        template_name,
        template_version(template_name),
        timezone.get_current_timezone_name(),
        translation.get_language(),
        str(row.character_id),  # type: ignore[attr-defined]
        row.sequence,
        row.entry_hash,
        row.created.isoformat() if row.created else "",
        dict(extra or {}),
    ]
    return content_key(PREFIX, document)


def cached_html(key: str | None, draw: Callable[[], str]) -> SafeString:
    """The HTML kept under `key`, else `draw()`'s, kept there (`key` None: drawn, not kept).

    The cache pickles what it stores: a template's output comes back a SafeString (every
    value escaped); anything else found is drawn again."""
    store = caches[CACHE_ALIAS]
    found = store.get(key) if key is not None else None
    if isinstance(found, SafeString):
        return found
    html = SafeString(draw())
    if key is not None:
        store.set(key, html, timeout=TIMEOUT)
    return html


def rendered_rows(
    rows: Sequence[Row],
    *,
    template_name: str,
    extra: Callable[[Row], Mapping[str, Any]] | None = None,
) -> list[SafeString]:
    """Each row drawn by `template_name` with the context {"entry": row, **extra(row)}
    (JSON values), in order: from the cache where it is there, else rendered and stored."""
    extras = [dict(extra(row)) if extra else {} for row in rows]
    keys = [
        row_key(row, template_name=template_name, extra=facts)
        for row, facts in zip(rows, extras, strict=True)
    ]
    store = caches[CACHE_ALIAS]
    # The cache pickles what it stores: a SafeString (the template's output, every
    # value escaped) comes back a SafeString; anything else is drawn again.
    found: dict[str, object] = store.get_many([key for key in keys if key is not None])
    drawn: list[SafeString] = []
    missing: dict[str, SafeString] = {}
    for row, facts, key in zip(rows, extras, keys, strict=True):
        html = found.get(key) if key is not None else None
        if not isinstance(html, SafeString):
            html = render_to_string(template_name, {"entry": row, **facts})
            if key is not None:
                missing[key] = html
        drawn.append(html)
    if missing:
        store.set_many(missing, timeout=TIMEOUT)
    return drawn
