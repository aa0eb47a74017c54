"""How an Infinity Drive character's creation log reads on its campaign's live table."""

from __future__ import annotations

from chargen.core.live import LiveFeed, LiveSubject, labelled_by, subject_key
from chargen.infinity_drive.gm.labels import log_kind_label
from chargen.infinity_drive.models import EDITABLE_STATUSES, Character, CreationLogEntry
from chargen.infinity_drive.part_two import NOTE

INFINITY_DRIVE = "infinity_drive"


def live_subject(character: Character) -> LiveSubject:
    return LiveSubject(
        key=subject_key(INFINITY_DRIVE, character.pk),
        name=character.name or "(unnamed)",
        owner_id=character.owner_id,
        owner_name=character.owner.get_username(),
        status=character.get_status_display(),
        finished=character.status not in EDITABLE_STATUSES,
        url=character.get_absolute_url(),
    )


def history_note(entry: CreationLogEntry) -> str:
    """The note written with a roll, or a note row's own text."""
    if entry.kind == NOTE and isinstance(entry.payload, dict):
        return str(entry.payload.get("text", ""))
    return entry.history_note


LIVE_FEED = LiveFeed(
    log_model=CreationLogEntry,
    subject=live_subject,
    label=labelled_by(log_kind_label),
    note=history_note,
)
