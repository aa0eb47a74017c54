"""The lifepaths a Drifting character chose, as a pure function of its log.

Each `lifepath` row records the lifepath it added (details {"lifepath": id}). Taking
one back appends a row and removes none: the kernel's undo row (kind `undo`, details
{"cancels": n}) cancels the lifepath row numbered n, and an old `lifepath_undone`
row (written before undo was the kernel's, with a summary only) cancels the newest
lifepath still chosen when it was written, which is what the old code deleted. An
undo of anything else (a loss in play) leaves the lifepaths alone. A row that does
not fit (an undo of a lifepath not the newest, nothing left to take back) raises
DriftingError: a log that cannot be replayed is never papered over.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.drifting.tokens import DriftingError
from rules.inputs import listed, mapping, text, whole

__all__ = ["LifepathChoice", "replay_lifepaths"]

# The log kinds (chargen.drifting.models.LogKind values) this fold reads.
LIFEPATH = "lifepath"
LIFEPATH_UNDONE = "lifepath_undone"
UNDO = "undo"


@dataclass(frozen=True)
class LifepathChoice:
    """A lifepath still chosen: its id and the sequence of the row that chose it."""

    lifepath: str
    sequence: int


def replay_lifepaths(
    rows: Iterable[tuple[int, str, Mapping[str, Any]]],
) -> list[LifepathChoice]:
    """The lifepaths these (sequence, kind, details) rows leave chosen, in order."""
    chosen: list[LifepathChoice] = []
    for row in listed(rows, "The log rows"):
        if not isinstance(row, tuple) or len(row) != 3:
            raise DriftingError("Each log row is read as (sequence, kind, details).")
        sequence = whole(row[0], "A row's sequence")
        kind = text(row[1], "A row's kind")
        details = row[2]
        if kind == LIFEPATH:
            values = mapping(details, "A lifepath row")
            lifepath = text(values.get("lifepath"), "The lifepath chosen")
            if not lifepath:
                raise DriftingError(f"Row {sequence} chose a lifepath without naming it.")
            chosen.append(LifepathChoice(lifepath=lifepath, sequence=sequence))
        elif kind == LIFEPATH_UNDONE:
            if not chosen:
                raise DriftingError(f"Row {sequence} takes back a lifepath, but none is chosen.")
            chosen.pop()
        elif kind == UNDO:
            values = mapping(details, "An undo row")
            cancels = whole(values.get("cancels"), "The row an undo cancels")
            if chosen and chosen[-1].sequence == cancels:
                chosen.pop()
            elif any(path.sequence == cancels for path in chosen):
                raise DriftingError(
                    f"Row {sequence} takes back lifepath row {cancels}, which is not the newest."
                )
            elif values.get("lifepath") is not None:
                raise DriftingError(
                    f"Row {sequence} takes back lifepath row {cancels}, which is not chosen."
                )
    return chosen
