"""Where a Drifting character stands in its creation, as its log says.

The `step` column is the lists' copy of this, written in the same transaction as the row
that moves it (chargen/drifting/services_creation.py) and checked against this replay by
`manage.py check_snapshots`.
"""

from __future__ import annotations

from collections.abc import Iterable

from chargen.drifting.models import CreationStep, LogKind

# Rows that put a draft back among its lifepaths (a lifepath chosen or taken back).
_AMONG_LIFEPATHS = frozenset({LogKind.LIFEPATH, LogKind.LIFEPATH_UNDONE, LogKind.UNDO})


def creation_step(kinds: Iterable[str]) -> CreationStep:
    """The creation step after rows of these kinds, in sequence order."""
    step = CreationStep.CONCEPT
    for kind in kinds:
        if step == CreationStep.FINISHED:
            break  # play rows (rolls, losses and their undo) move no creation step
        named = kind == LogKind.CONCEPT and step == CreationStep.CONCEPT
        if named or kind in _AMONG_LIFEPATHS:
            step = CreationStep.LIFEPATHS
        elif kind == LogKind.REVIEW:
            step = CreationStep.REVIEW
        elif kind == LogKind.FINISHED:
            step = CreationStep.FINISHED
    return step
