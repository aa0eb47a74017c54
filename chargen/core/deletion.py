"""What every app's "delete this character" says before and after: plain values, no views.

Each app's deletion service (chargen/infinity_drive/deletion.py, chargen/drifting/deletion.py,
chargen/rollers/deletion.py) decides whether its owner may delete a character and
describes it with a `Deletion`; the shared confirm page (chargen/core/views_delete.py)
shows that description, so the three apps ask the same question the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field


class DeletionRefused(Exception):
    """The owner may not delete this character; the message says why, for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Deletion:
    """A character as its owner sees it before deleting it (or after, in the message).

    `refusal` is empty when the owner may delete it, otherwise the reason in words the
    player reads. `consequences` are further things the deletion does (a race proposal
    leaving the GM's queue), one sentence each.
    """

    what: str  # "Infinity Drive character", "unique-dice pool sheet", …
    name: str
    state: str
    roll_count: int
    entered_count: int = 0
    where: str = ""  # "In the campaign “The Rim”", "Outside any campaign"; "" when moot
    refusal: str = ""
    consequences: tuple[str, ...] = field(default_factory=tuple)

    @property
    def allowed(self) -> bool:
        return not self.refusal

    @property
    def rolls_text(self) -> str:
        """The rolls a player counts before deleting: "3 rolls (1 of them typed in …)"."""
        if self.roll_count == 0:
            return "No rolls"
        rolls = f"{self.roll_count} roll{'' if self.roll_count == 1 else 's'}"
        if self.entered_count:
            return f"{rolls} ({self.entered_count} of them typed in from physical dice)"
        return rolls

    def refuse_unless_allowed(self) -> None:
        if self.refusal:
            raise DeletionRefused(self.refusal)
