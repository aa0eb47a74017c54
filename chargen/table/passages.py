"""The desk's passages on the table: a finished character submitted, approved, returned.

They are entries of the feed like log rows (`LiveRow`s with no dice), read as a watcher
may see them (the same `Viewer` and house rule as the character's rows), and counted in
the watcher's position under the campaign's own key (`passages_key`): passages are
numbered per campaign without gaps (chargen/desk/passages.py), so "after n" misses
nothing and repeats nothing. Each read is one query for the passages and one per game
system for their characters.
"""

from __future__ import annotations

import heapq
import uuid
from collections.abc import Iterable, Mapping
from typing import Any

from django.db import models

from chargen.core.live import Cursor, LiveRow, LiveSubject, passages_key
from chargen.core.live_feed import REPLAY_LIMIT, Replay, Viewer, feed_of
from chargen.core.log import subject_model
from chargen.desk.models import Passage


def passage_position(campaign_id: uuid.UUID) -> int:
    """The campaign's newest passage (0 for none): where a page drawn now stands."""
    newest = Passage.objects.filter(campaign_id=campaign_id).aggregate(
        newest=models.Max("sequence")
    )["newest"]
    return newest or 0


def _subjects(
    passages: Iterable[Passage], campaign_id: uuid.UUID, viewer: Viewer
) -> dict[tuple[str, uuid.UUID], LiveSubject]:
    """The passages' characters this viewer may see, as the table lists them."""
    wanted: dict[str, set[uuid.UUID]] = {}
    for passage in passages:
        wanted.setdefault(passage.system, set()).add(passage.subject_id)
    described: dict[tuple[str, uuid.UUID], LiveSubject] = {}
    for system_key, subject_ids in wanted.items():
        feed = feed_of(system_key)
        if feed is None:
            continue
        model: Any = subject_model(feed.log_model)
        subjects = (
            model._default_manager.filter(pk__in=subject_ids, campaign_id=campaign_id)
            .filter(viewer.subject_filter())
            .select_related("owner")
        )
        for subject in subjects:
            described[(system_key, subject.pk)] = feed.subject(subject)
    return described


def _rows(passages: list[Passage], campaign_id: uuid.UUID, viewer: Viewer) -> list[LiveRow]:
    subjects = _subjects(passages, campaign_id, viewer)
    stream = passages_key(campaign_id)
    return [
        LiveRow(
            subject=subjects[(passage.system, passage.subject_id)],
            sequence=passage.sequence,
            created=passage.at,
            label=passage.get_action_display(),
            faces=(),
            provenance="decision",
            note="",
            stream=stream,
        )
        for passage in passages
        if (passage.system, passage.subject_id) in subjects
    ]


def newest_passages(
    campaign_id: uuid.UUID, viewer: Viewer, cursor: Mapping[str, int], limit: int
) -> list[LiveRow]:
    """The newest passages up to the position a page is drawn at, newest first."""
    passages = list(
        Passage.objects.filter(
            campaign_id=campaign_id, sequence__lte=cursor.get(passages_key(campaign_id), 0)
        ).order_by("-sequence")[:limit]
    )
    return _rows(passages, campaign_id, viewer)


def passages_after(campaign_id: uuid.UUID, viewer: Viewer, cursor: Mapping[str, int]) -> Replay:
    """The passages after the cursor's place for them, oldest first. The position moves
    past those this viewer may not see too, so they are not read again."""
    key = passages_key(campaign_id)
    passages = list(
        Passage.objects.filter(campaign_id=campaign_id, sequence__gt=cursor.get(key, 0)).order_by(
            "sequence"
        )[: REPLAY_LIMIT + 1]
    )
    read = passages[:REPLAY_LIMIT]
    moved: Cursor = dict(cursor)
    if read:
        moved[key] = read[-1].sequence
    return Replay(
        rows=tuple(_rows(read, campaign_id, viewer)),
        cursor=moved,
        truncated=len(passages) > REPLAY_LIMIT,
    )


def with_passages(replay: Replay, campaign_id: uuid.UUID, viewer: Viewer) -> Replay:
    """What a watcher missed in the logs (`replay`), and in the desk's passages after it."""
    passages = passages_after(campaign_id, viewer, replay.cursor)
    rows = heapq.merge(replay.rows, passages.rows, key=lambda row: (row.created, row.sequence))
    return Replay(
        rows=tuple(rows),
        cursor=passages.cursor,
        truncated=replay.truncated or passages.truncated,
    )
