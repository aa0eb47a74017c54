"""How a Drifting character's log (lifepaths, rolls, losses, refreshes) reads at the table."""

from __future__ import annotations

from chargen.core.live import LiveFeed, LiveSubject, subject_key
from chargen.drifting.models import Character, LogEntry

DRIFTING = "drifting"


def live_subject(character: Character) -> LiveSubject:
    return LiveSubject(
        key=subject_key(DRIFTING, character.pk),
        name=character.name or "(unnamed)",
        owner_id=character.owner_id,
        owner_name=character.owner.get_username(),
        status=character.get_step_display(),
        finished=character.is_finished,
        url=character.get_absolute_url(),
    )


def row_words(entry: LogEntry) -> str:
    """ "Roll: Athletics 2d6 → 4 5, total 9": the row's kind and its own summary."""
    return (
        f"{entry.get_kind_display()}: {entry.summary}"
        if entry.summary
        else entry.get_kind_display()
    )


LIVE_FEED = LiveFeed(log_model=LogEntry, subject=live_subject, label=row_words)
