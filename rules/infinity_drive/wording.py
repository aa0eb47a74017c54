"""Small helpers so a message's verbs agree with its numbers ("1 is left", "2 are left")."""

from __future__ import annotations

from rules.inputs import whole

__all__ = ["is_or_are"]


def is_or_are(count: int) -> str:
    return "is" if whole(count, "A count") == 1 else "are"
