"""How an Infinity Drive character's creation log reads on its campaign's live table."""

from __future__ import annotations

from chargen.core.live import LiveFeed, LiveSubject, labelled_by, subject_key
from chargen.infinity_drive.gm.labels import log_kind_label
from chargen.infinity_drive.gm.roll_log import choice_words
from chargen.infinity_drive.models import EDITABLE_STATUSES, Character, CreationLogEntry
from chargen.infinity_drive.part_two import NOTE
from chargen.infinity_drive.pinned import character_rulebook
from chargen.infinity_drive.progress import Kind
from rules.errors import RulesError
from rules.infinity_drive.rulebook import Rulebook

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


# A row as the verify report words it: its kind, then what its payload names, then dice.
row_words = labelled_by(log_kind_label)


def row_label(entry: CreationLogEntry) -> str:
    """A row in the words the GM's roll log uses: a decision names what it chose (a table
    choice the table's name under the character's rule data, never its internal key; a
    race its name); a roll reads as its dice."""
    if entry.faces:
        return row_words(entry)
    rulebook: Rulebook | None = None
    if entry.kind == Kind.TABLE_CHOICE:
        try:
            rulebook = character_rulebook(entry.character)
        except RulesError:  # rule data gone: the key is still better than nothing
            rulebook = None
    chosen = choice_words(entry, rulebook, None)
    return f"{log_kind_label(entry.kind)}: {chosen}" if chosen else row_words(entry)


LIVE_FEED = LiveFeed(
    log_model=CreationLogEntry,
    subject=live_subject,
    label=row_label,
    note=history_note,
)
