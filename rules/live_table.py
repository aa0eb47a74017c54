"""What players see of each other at a campaign's live table: a house rule every game has.

Not in any of the four books: a table where everyone watches everyone's dice is our
default (session zero is played together); a GM may keep each player's rolls to the
player and the GM. A history note written while a character is still being made is the
player's draft: other players read it only when the GM says so.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["DEFAULT_LIVE_SHARING", "LIVE_SHARING_LABELS", "LiveSharing"]


class LiveSharing(StrEnum):
    ROLLS = "rolls"  # everyone's rolls; another player's notes once the character is finished
    ROLLS_AND_NOTES = "rolls_and_notes"  # everyone's rolls and notes as they are written
    OWN = "own"  # each player their own rolls; who is at the table for all

    @property
    def shows_others_rolls(self) -> bool:
        return self is not LiveSharing.OWN

    @property
    def shows_unfinished_notes(self) -> bool:
        return self is LiveSharing.ROLLS_AND_NOTES


DEFAULT_LIVE_SHARING = LiveSharing.ROLLS

LIVE_SHARING_LABELS: dict[LiveSharing, str] = {
    LiveSharing.ROLLS: (
        "Players see each other's rolls live (a history note once its character is finished)"
    ),
    LiveSharing.ROLLS_AND_NOTES: "Players see each other's rolls and history notes live",
    LiveSharing.OWN: "Each player sees only their own rolls (and who is at the table)",
}
