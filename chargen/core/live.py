"""The live table's words: what a system declares about its log, and a watcher's position.

A campaign's table (chargen/table/) shows every log row of the campaign's characters as
it is saved. core knows no game, so each system that keeps characters in campaigns
declares a `LiveFeed` (`GameSystem.live`): its log model and how a row and its subject
read at the table. A subject in a campaign has a `campaign` foreign key and an `owner`.

A watcher's position (`Cursor`) is, for every subject it has seen, the newest sequence
it saw: a log is numbered without gaps and written under its subject's lock, so "after
sequence n of subject s" misses nothing and repeats nothing, whatever order rows of
different subjects commit in. The position travels as compact JSON (the page's hidden
field, the socket's message); anything else is refused by `cursor_from_text`.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from chargen.core.log import LogEntryBase

# A position names at most this many subjects: a campaign's characters, with room to spare.
MAX_CURSOR_SUBJECTS = 500
MAX_CURSOR_TEXT = 30_000
KEY_PATTERN = re.compile(r"^[a-z_]{1,40}:[0-9a-f]{32}$")

Cursor = dict[str, int]


class CursorInvalid(ValueError):
    """A position that is not one this site wrote."""


@dataclass(frozen=True)
class LiveSubject:
    """A character as the table lists it."""

    key: str  # "<system>:<subject hex>", the cursor's key and the fragments' id
    name: str
    owner_id: int
    owner_name: str
    status: str  # in words: "Draft", "Submitted to the GM", "Finished"
    finished: bool  # its history notes are no longer "unfinished"
    url: str
    # Every member of its campaign may read its sheet (a roller sheet shown at the table),
    # so every watcher's entry links to it; otherwise only its owner's and the GM's do.
    members_read: bool = False

    @property
    def dom_id(self) -> str:
        return "subject-" + self.key.replace(":", "-")


@dataclass(frozen=True)
class LiveRow:
    """One log row as the table shows it."""

    subject: LiveSubject
    sequence: int
    created: datetime
    label: str  # "Skill roll: Firearms 2d6 → 4 5"
    faces: tuple[int, ...]
    provenance: str  # "server", "typed", "imported" or "decision" (chargen.core.export)
    note: str  # the history note written with it, "" if none
    # The position key its sequence counts in: "" for its subject's log; an entry that is
    # no log row (a character submitted to the GM) names its own (`passages_key`).
    stream: str = ""
    sides: int = 6  # of each die in `faces`: a d6 is drawn with pips, others with numbers

    @property
    def position_key(self) -> str:
        return self.stream or self.subject.key

    @property
    def key(self) -> str:
        return f"{self.position_key}:{self.sequence}"

    @property
    def dom_id(self) -> str:
        return "row-" + self.key.replace(":", "-")


@dataclass(frozen=True)
class LiveFeed:
    """How one system's log reads at the table."""

    log_model: type[LogEntryBase]
    subject: Callable[[Any], LiveSubject]  # a subject, its owner fetched with it
    label: Callable[[Any], str]  # a row in words
    note: Callable[[Any], str] = lambda row: ""
    sides: int = 6  # the dice its rows roll (roll and keep rolls d10s)


def subject_key(system_key: str, subject_pk: uuid.UUID | str) -> str:
    return f"{system_key}:{uuid.UUID(str(subject_pk)).hex}"


def subject_of_key(key: str) -> tuple[str, uuid.UUID]:
    system_key, _, hex_pk = key.partition(":")
    return system_key, uuid.UUID(hex_pk)


def cursor_text(cursor: Mapping[str, int]) -> str:
    return json.dumps(dict(sorted(cursor.items())), separators=(",", ":"))


def cursor_from_text(text: object) -> Cursor:
    """The position a page or a socket sent back; CursorInvalid if it is none of ours."""
    if not isinstance(text, str) or len(text) > MAX_CURSOR_TEXT:
        raise CursorInvalid("A position is a short text.")
    try:
        value = json.loads(text) if text else {}
    except ValueError as malformed:
        raise CursorInvalid("A position is JSON.") from malformed
    if not isinstance(value, dict) or len(value) > MAX_CURSOR_SUBJECTS:
        raise CursorInvalid("A position maps subjects to sequences.")
    cursor: Cursor = {}
    for key, sequence in value.items():
        if not KEY_PATTERN.match(key):
            raise CursorInvalid("A position names subjects as this site does.")
        if not isinstance(sequence, int) or isinstance(sequence, bool) or sequence < 0:
            raise CursorInvalid("A position's sequences are whole numbers.")
        cursor[key] = sequence
    return cursor


def passages_key(campaign_id: uuid.UUID | str) -> str:
    """The position key of a campaign's desk passages (submitted, approved, returned)."""
    return f"desk:{uuid.UUID(str(campaign_id)).hex}"


def table_group(campaign_id: uuid.UUID | str) -> str:
    """The channel-layer group of a campaign's table (letters, digits and dots only)."""
    return f"table.{uuid.UUID(str(campaign_id)).hex}"


def labelled_by(words: Callable[[str], str]) -> Callable[[Any], str]:
    """A row in words as the verify report words it ("Skill roll: Firearms 2d6 → 4 5"),
    with the system's words for its kinds."""
    # Imported here: the row labels read the registry, which imports this module's types.
    from chargen.core.chain import log_fields
    from chargen.core.row_labels import row_label

    return lambda row: row_label(log_fields(row), words)
