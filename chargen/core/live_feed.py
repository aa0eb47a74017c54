"""The table's reads: a campaign's characters, its newest rows, and what a watcher missed.

Everything the table shows is read from the logs, as a watcher may see it (`Viewer`):
the GM everything; a player their own characters, and the others' when the house rule
shares rolls (rules/live_table.py), without another player's history note while that
character is still being made unless the rule shares notes too.

Each read is one query per log (per game system with a live feed), whatever the number
of characters or rows: `tests/chargen/table/test_feed.py` counts them.
"""

from __future__ import annotations

import heapq
import uuid
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import models

from chargen.core.export import provenance
from chargen.core.live import Cursor, LiveFeed, LiveRow, LiveSubject, subject_key, subject_of_key
from chargen.core.log import subject_model
from chargen.core.log_reads import SUBJECT_FIELD
from chargen.core.roll_keys import known_public_keys_covering
from chargen.core.systems import registry
from rules.live_table import LiveSharing

# The page and a first connection show this many rows; a watcher that missed more than
# REPLAY_LIMIT rows is asked to reload the page instead of receiving them one by one.
NEWEST_SHOWN = 50
REPLAY_LIMIT = 500


@dataclass(frozen=True)
class Viewer:
    """Who is watching the table, and what the campaign's house rule lets them see."""

    user_id: Any
    is_gm: bool
    sharing: LiveSharing

    def sees_rows_of(self, subject: LiveSubject) -> bool:
        return self.is_gm or subject.owner_id == self.user_id or self.sharing.shows_others_rolls

    def sees_note_of(self, subject: LiveSubject) -> bool:
        if self.is_gm or subject.owner_id == self.user_id:
            return True
        return self.sharing.shows_others_rolls and (
            subject.finished or self.sharing.shows_unfinished_notes
        )

    def may_open(self, subject: LiveSubject) -> bool:
        """Whether the entry links to the sheet: its player's, the GM's to read, and
        every member's when members read it (the templates ask the same)."""
        return self.is_gm or subject.owner_id == self.user_id or subject.members_read

    def audience_of(self, owner_id: Any) -> Viewer | None:
        """Whom this viewer sees a row of `owner_id`'s character as, or None when the
        house rule hides it: its owner (the GM sees everything of it alike), or any
        other player. Every watcher of one audience is shown a row the same way."""
        if self.is_gm or owner_id == self.user_id:
            return Viewer(user_id=owner_id, is_gm=False, sharing=self.sharing)
        if not self.sharing.shows_others_rolls:
            return None
        return Viewer(user_id=None, is_gm=False, sharing=self.sharing)

    def subject_filter(self, prefix: str = "") -> models.Q:
        """The subjects this viewer may see rows of, as a filter (`prefix` to reach them)."""
        if self.is_gm or self.sharing.shows_others_rolls:
            return models.Q()
        return models.Q(**{f"{prefix}owner_id": self.user_id})


@dataclass(frozen=True)
class Replay:
    """The rows after a position, oldest first, and the position after them."""

    rows: tuple[LiveRow, ...]
    cursor: Cursor
    truncated: bool  # more were missed than REPLAY_LIMIT: the watcher reloads instead


def live_feeds() -> list[tuple[str, LiveFeed]]:
    return [(system.key, system.live) for system in registry.all() if system.live is not None]


def feed_of(system_key: str) -> LiveFeed | None:
    try:
        return registry.get(system_key).live
    except LookupError:
        return None


def newest_sequence(log_version: str) -> int:
    """The newest sequence a subject's log version names (0 for an empty log)."""
    sequence, _, _ = log_version.partition("-")
    return int(sequence) if sequence.isdigit() else 0


def table_subjects(campaign_id: uuid.UUID, viewer: Viewer) -> tuple[list[LiveSubject], Cursor]:
    """The campaign's characters this viewer may follow, and where each one's log stands."""
    subjects: list[LiveSubject] = []
    cursor: Cursor = {}
    for system_key, feed in live_feeds():
        model = subject_model(feed.log_model)
        rows = (
            model._default_manager.filter(campaign_id=campaign_id)
            .filter(viewer.subject_filter())
            .select_related("owner")
            .order_by("created")
        )
        for subject in rows:
            described = feed.subject(subject)
            subjects.append(described)
            version = getattr(subject, "log_version", "")  # a LogSubject's (log_version.py)
            cursor[subject_key(system_key, subject.pk)] = newest_sequence(version)
    return subjects, cursor


def _rows(feed: LiveFeed, rows: list[Any], viewer: Viewer) -> Iterator[LiveRow]:
    # Which rows this server rolled: the keys' map comes from the cache when it knows them.
    keys = known_public_keys_covering({row.key_id for row in rows if row.key_id})
    described: dict[Any, LiveSubject] = {}
    for row in rows:
        subject = getattr(row, SUBJECT_FIELD)
        if subject.pk not in described:
            described[subject.pk] = feed.subject(subject)
        live_subject = described[subject.pk]
        yield LiveRow(
            subject=live_subject,
            sequence=row.sequence,
            created=row.created,
            label=feed.label(row),
            faces=tuple(row.faces or ()),
            provenance=provenance(row, keys),
            note=feed.note(row) if viewer.sees_note_of(live_subject) else "",
            sides=feed.sides,
        )


def _campaign_rows(feed: LiveFeed, campaign_id: uuid.UUID, viewer: Viewer) -> models.QuerySet[Any]:
    return (
        feed.log_model._default_manager.filter(**{f"{SUBJECT_FIELD}__campaign_id": campaign_id})
        .filter(viewer.subject_filter(f"{SUBJECT_FIELD}__"))
        .select_related(f"{SUBJECT_FIELD}__owner")
    )


def _at_or_before(system_key: str, cursor: Mapping[str, int]) -> models.Q:
    """Rows of this system's subjects at or before the cursor (nothing if it names none)."""
    seen = models.Q(pk__in=[])
    for key, sequence in cursor.items():
        key_system, subject_pk = subject_of_key(key)
        if key_system == system_key:
            seen |= models.Q(**{SUBJECT_FIELD: subject_pk, "sequence__lte": sequence})
    return seen


def newest_rows(
    campaign_id: uuid.UUID, viewer: Viewer, cursor: Mapping[str, int], limit: int = NEWEST_SHOWN
) -> list[LiveRow]:
    """The newest rows up to the position the page was drawn at, newest first."""
    per_log = []
    for system_key, feed in live_feeds():
        rows = list(
            _campaign_rows(feed, campaign_id, viewer)
            .filter(_at_or_before(system_key, cursor))
            .order_by("-created", "-sequence")[:limit]
        )
        per_log.append(list(_rows(feed, rows, viewer)))
    merged = heapq.merge(*per_log, key=lambda row: (row.created, row.sequence), reverse=True)
    return list(merged)[:limit]


def rows_after(campaign_id: uuid.UUID, viewer: Viewer, cursor: Mapping[str, int]) -> Replay:
    """Every row this viewer may see after `cursor`, oldest first: what it missed."""
    per_log = []
    truncated = False
    for system_key, feed in live_feeds():
        rows = list(
            _campaign_rows(feed, campaign_id, viewer)
            .exclude(_at_or_before(system_key, cursor))
            .order_by("created", "sequence")[: REPLAY_LIMIT + 1]
        )
        truncated = truncated or len(rows) > REPLAY_LIMIT
        per_log.append(list(_rows(feed, rows[:REPLAY_LIMIT], viewer)))
    merged = list(heapq.merge(*per_log, key=lambda row: (row.created, row.sequence)))
    return Replay(rows=tuple(merged), cursor=advanced(cursor, merged), truncated=truncated)


def subject_rows_after(
    campaign_id: uuid.UUID, viewer: Viewer, key: str, cursor: Mapping[str, int]
) -> Replay:
    """The rows of one subject after the cursor's place for it (one query): a live event."""
    system_key, subject_pk = subject_of_key(key)
    feed = feed_of(system_key)
    if feed is None:
        return Replay(rows=(), cursor=dict(cursor), truncated=False)
    rows = list(
        _campaign_rows(feed, campaign_id, viewer)
        .filter(**{SUBJECT_FIELD: subject_pk, "sequence__gt": cursor.get(key, 0)})
        .order_by("sequence")[: REPLAY_LIMIT + 1]
    )
    described = list(_rows(feed, rows[:REPLAY_LIMIT], viewer))
    return Replay(
        rows=tuple(described),
        cursor=advanced(cursor, described),
        truncated=len(rows) > REPLAY_LIMIT,
    )


def advanced(cursor: Mapping[str, int], rows: Iterable[LiveRow]) -> Cursor:
    """The position after `rows` as well as `cursor`."""
    moved = dict(cursor)
    for row in rows:
        moved[row.position_key] = max(moved.get(row.position_key, 0), row.sequence)
    return moved


def table_subject(key: str, campaign_id: uuid.UUID, viewer: Viewer) -> LiveSubject | None:
    """One character of the campaign as this viewer may see it now, or None."""
    system_key, subject_pk = subject_of_key(key)
    feed = feed_of(system_key)
    if feed is None:
        return None
    model = subject_model(feed.log_model)
    subject = (
        model._default_manager.filter(pk=subject_pk, campaign_id=campaign_id)
        .filter(viewer.subject_filter())
        .select_related("owner")
        .first()
    )
    return None if subject is None else feed.subject(subject)
