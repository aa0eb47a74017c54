"""The character's name and concept as log rows.

"Give your character a name and a concept" is a decision like any other: the start
writes it as the log's first row and each later edit of a draft appends another, so
the name and concept a sheet shows are those of the newest `concept` row (the columns
`name` and `concept` are the lists' copy, written in the same transaction and checked
by `manage.py check_snapshots`). The rows carry no dice and are not creation steps:
the wizard's progress replay skips them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from chargen.infinity_drive.models import CreationLogEntry

CONCEPT = "concept"


def concept_payload(name: str, concept: str, *, migrated: bool = False) -> dict[str, Any]:
    payload: dict[str, Any] = {"name": name, "concept": concept}
    if migrated:
        # Written by the data migration for a character started before the log held
        # its name: it restates the columns, and the GM's roll log does not list it.
        payload["migrated"] = True
    return payload


def named(entries: Iterable[CreationLogEntry]) -> tuple[str, str] | None:
    """(name, concept) as the newest concept row gives them, or None when the log has
    no such row (a file exported before the log held the name)."""
    found: tuple[str, str] | None = None
    for entry in entries:
        if entry.kind == CONCEPT:
            payload = entry.payload or {}
            found = (str(payload.get("name", "")), str(payload.get("concept", "")))
    return found


def concept_summary(entry: CreationLogEntry) -> str:
    payload = entry.payload or {}
    concept = payload.get("concept") or "no concept yet"
    return f"{payload.get('name', '')}: {concept}"
