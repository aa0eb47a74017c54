"""A log row named by what it is, for the verify report: "Skill roll: Firearms 2d6 → 4 5".

The report reads an uploaded file, so every word here may be anyone's text: it is cut
short and stripped of control characters (a terminal obeys escape sequences, and the
command prints these words); the page escapes it as it escapes all text. The words for
a row's kind come from its system's exporter when it has them (`Exporter.kind_label`),
else from the kind itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from chargen.core.systems import registry

MAX_DETAIL = 80
# The fields that say in words what a row did, in the order tried: a roller row's
# `what`, a Drifting row's `summary`, any row's `label`.
DETAIL_FIELDS = ("what", "summary", "label")
# A decision's payload names what was chosen under one of these keys.
PAYLOAD_KEYS = ("skill", "name", "career", "race", "table", "option", "code", "item")


def printable(text: str, limit: int = MAX_DETAIL) -> str:
    """`text` on one line, without control characters, at most `limit` characters."""
    flat = " ".join("".join(ch if ch.isprintable() else " " for ch in text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def kind_words(document_kind: str) -> Callable[[str], str]:
    """The words for a row's kind in a character of `document_kind` ("system.kind")."""
    system_key, _, kind_key = document_kind.partition(".")
    try:
        exporter = registry.get(system_key).character_kind(kind_key).exporter
    except LookupError:  # a file from a server with other systems: its kinds as words
        exporter = None
    if exporter is not None and exporter.kind_label is not None:
        return exporter.kind_label
    return lambda kind: kind.replace("_", " ").capitalize()


def _detail(fields: dict[str, Any]) -> str:
    for name in DETAIL_FIELDS:
        value = fields.get(name)
        if isinstance(value, str) and value.strip():
            return value
    payload = fields.get("payload")
    if isinstance(payload, dict):
        for key in PAYLOAD_KEYS:
            value = payload.get(key)
            if isinstance(value, str | int) and not isinstance(value, bool) and str(value):
                return str(value)
    return ""


def _dice(fields: dict[str, Any]) -> str:
    faces = fields.get("faces")
    if not isinstance(faces, list) or not faces:
        return ""
    dice = fields.get("dice")
    named = f"{dice} " if isinstance(dice, str) and dice else ""
    return f"{named}→ {' '.join(str(face) for face in faces)}"


def row_label(fields: dict[str, Any], words: Callable[[str], str]) -> str:
    """E.g. "Skill roll: Firearms 2d6 → 4 5"; "Row" for a row with no kind."""
    kind = fields.get("kind")
    name = words(kind) if isinstance(kind, str) and kind else "Row"
    detail = " ".join(part for part in (printable(_detail(fields)), _dice(fields)) if part)
    return printable(f"{name}: {detail}" if detail else name, limit=2 * MAX_DETAIL)
