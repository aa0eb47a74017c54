"""A new row's fragment, rendered once for every watcher who sees it alike.

A roll at a table of a hundred watchers reaches each of them as an event. A watcher
that stands just before it (as every watcher keeping up does) is sent exactly what any
other watcher of its audience is sent (`Viewer.audience_of`: the character's owner and
the GM, or the other players under the house rule), so the first of an audience reads
the row and renders it, and the rest take it from Django's cache under a key naming the
row. A log row never changes once written, so nothing is ever invalidated; the short
timeout only keeps a character's line (its status) from being reused long after.
"""

from __future__ import annotations

import uuid
from typing import cast

from django.core.cache import cache

from chargen.core.live_feed import Viewer, subject_rows_after
from chargen.table.fragments import rows_message

SHARED_SECONDS = 60


def audience_tag(audience: Viewer) -> str:
    if audience.user_id is not None:
        return f"owner-{audience.user_id}"
    return f"others-{audience.sharing.value}"


def shared_rows(
    campaign_id: uuid.UUID, audience: Viewer, key: str, sequence: int
) -> tuple[str, int]:
    """The fragment of a subject's rows from `sequence` on, as `audience` sees them
    (without a watcher's position), and the newest sequence in it; ("", sequence - 1)
    when the audience may not see them."""
    cache_key = f"table-row:{campaign_id}:{key}:{sequence}:{audience_tag(audience)}"

    def render() -> tuple[str, int]:
        before = {key: sequence - 1}
        replay = subject_rows_after(campaign_id, audience, key, before)
        if not replay.rows:
            return "", sequence - 1
        return rows_message(audience, replay, with_position=False), replay.cursor[key]

    return cast(tuple[str, int], cache.get_or_set(cache_key, render, SHARED_SECONDS))
