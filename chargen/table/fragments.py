"""The table's HTML: the page's state and each socket message, rendered on the server.

A socket message is a few elements that htmx's WebSocket extension swaps in by id
(out-of-band swaps): new rows on top of the feed, the watcher's new position in the
hidden field it sends back when it reconnects, a character's line, the pinned message,
who is at the table. Every word in them is escaped by the templates, as on every page.
"""

from __future__ import annotations

import heapq
import uuid
from collections.abc import Iterable, Mapping
from typing import Any

from django.template.loader import render_to_string

from chargen.core.live import LiveRow, LiveSubject, cursor_text, passages_key
from chargen.core.live_feed import Replay, Viewer, newest_rows, table_subjects
from chargen.table.models import TablePin
from chargen.table.passages import newest_passages, passage_position

STRIP_ROWS = 5


def pin_of(campaign_id: uuid.UUID) -> str:
    pinned = TablePin.objects.filter(campaign_id=campaign_id).values_list("text", flat=True)
    return pinned.first() or ""


def table_state(campaign_id: uuid.UUID, viewer: Viewer, *, limit: int) -> dict[str, Any]:
    """What the page draws: the characters, their newest rows, the pin, and the position
    the page was drawn at (the socket goes on from there)."""
    subjects, cursor = table_subjects(campaign_id, viewer)
    passages = passage_position(campaign_id)
    if passages:  # a position without the key stands before the first passage
        cursor[passages_key(campaign_id)] = passages
    rows = heapq.merge(
        newest_rows(campaign_id, viewer, cursor, limit=limit),
        newest_passages(campaign_id, viewer, cursor, limit=limit),
        key=lambda row: (row.created, row.sequence),
        reverse=True,
    )
    return {
        "viewer": viewer,
        "subjects": subjects,
        "rows": list(rows)[:limit],
        "cursor": cursor_text(cursor),
        "pin": pin_of(campaign_id),
    }


def rows_message(
    viewer: Viewer,
    replay: Replay,
    subjects: Iterable[LiveSubject] = (),
    *,
    with_position: bool = True,
) -> str:
    """New rows (newest on top), their characters' lines, and (unless the position is
    added apart, `position_message`) the position after them."""
    newest_first: list[LiveRow] = sorted(
        replay.rows, key=lambda row: (row.created, row.sequence), reverse=True
    )
    touched = {row.subject.key: row.subject for row in replay.rows}
    touched.update({subject.key: subject for subject in subjects})
    return render_to_string(
        "table/_message.html",
        {
            "viewer": viewer,
            "rows": newest_first,
            "subjects": list(touched.values()),
            "cursor": cursor_text(replay.cursor) if with_position else "",
            "truncated": replay.truncated,
        },
    )


def position_message(cursor: Mapping[str, int]) -> str:
    """The watcher's position alone, for the hidden field it sends back on reconnecting."""
    return render_to_string("table/_cursor.html", {"cursor": cursor_text(cursor), "oob": True})


def subject_message(viewer: Viewer, subject: LiveSubject) -> str:
    return render_to_string("table/_message.html", {"viewer": viewer, "subjects": [subject]})


def pin_message(text: str) -> str:
    return render_to_string("table/_pin.html", {"pin": text, "oob": True})


def presence_message(present: Mapping[str, str]) -> str:
    """Who is at the table now: one name per person, however many tabs they have open."""
    names = sorted(set(present.values()), key=str.casefold)
    return render_to_string("table/_presence.html", {"present": names, "oob": True})
