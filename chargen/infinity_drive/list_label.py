"""The one line a list shows for an Infinity Drive character, read from its row alone.

A list of fifty characters must not replay fifty logs: the snapshot written with every
log entry (progress.py, steps 1–8) says where creation stands.
"""

from __future__ import annotations

from chargen.infinity_drive.models import Character, CharacterStatus
from rules.infinity_drive.creation import Expect

# Once a character leaves the player's drafts, its status says more than its progress.
STATUS_LABELS: dict[str, str] = {
    CharacterStatus.SUBMITTED: "Waiting for the GM's approval",
    CharacterStatus.RETURNED: "Returned by the GM: see the note",
    CharacterStatus.APPROVED: "Approved",
    CharacterStatus.FINISHED: "Finished",
    CharacterStatus.DEAD: "Dead",
}


def character_progress_label(character: Character) -> str:
    """The one line a list shows for a character, from its row alone (no log replay).

    The stored snapshot is written in the same transaction as every log entry, steps 7
    and 8 included; the status can change without one (the GM's decision), so it is
    read here rather than trusted to the snapshot.
    """
    by_status = STATUS_LABELS.get(character.status)
    if by_status is not None:
        return by_status
    snapshot = character.snapshot or {}
    if snapshot.get("expecting") == Expect.COMPLETE:
        if not snapshot.get("equipment_done"):
            return "Skills done: equipment next"
        if not snapshot.get("history_done"):
            return "Equipment done: history and details next"
        return "Ready to review and finish"
    return str(snapshot.get("progress_label") or "Just started")
