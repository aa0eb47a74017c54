"""The progress a wizard step page is drawn from: the log as it is now (a GET), or as the
action's write left it (the answer to a POST, without reading the log again)."""

from __future__ import annotations

from chargen.infinity_drive.log import log_as_written, log_entries
from chargen.infinity_drive.models import Character
from chargen.infinity_drive.progress import Progress, progress_for


def progress_now(character: Character) -> Progress:
    """The log as it is now (one query), replayed: what a GET of any step page reads."""
    return progress_for(character, log_entries(character))


def progress_after_write(character: Character) -> Progress:
    """The log as the action's last write left it, replayed: the rows that write read
    under the lock plus the row it saved (its transaction is over, and rows are never
    changed), so a reload shows the same. The write's own replay is reused when it
    made one; the log is read again only when the action wrote nothing through log.py."""
    kept = log_as_written(character)
    if kept is None:
        return progress_now(character)
    derived = kept.derived
    if isinstance(derived, Progress) and derived.character is character:
        return derived
    return progress_for(character, kept.entries)
