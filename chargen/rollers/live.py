"""How a roller sheet's roll log reads at the live table of the campaign it is shown at."""

from __future__ import annotations

from chargen.core.live import LiveFeed, LiveSubject, subject_key
from chargen.rollers.models import ManaCharacter, ManaRollEntry, UniqueCharacter, UniqueRollEntry

ROLLER_STATUS = "Roller sheet"


def _subject(system_key: str, sheet: UniqueCharacter | ManaCharacter) -> LiveSubject:
    return LiveSubject(
        key=subject_key(system_key, sheet.pk),
        name=sheet.name,
        owner_id=sheet.owner_id,
        owner_name=sheet.owner.get_username(),
        status=ROLLER_STATUS,
        # A roller sheet writes no history notes: nothing of it is kept back as unfinished.
        finished=True,
        url=sheet.get_absolute_url(),
        members_read=True,  # chargen/rollers/access.py: shown at a table, members read it
    )


def row_words(entry: UniqueRollEntry | ManaRollEntry) -> str:
    """ "Pool roll: Strength 2 dice → total 7": the row's kind, what was rolled, and what
    it came to, as the sheet's own log reads."""
    words = f"{entry.get_kind_display()}: {entry.what}"
    return f"{words} → {entry.summary}" if entry.summary else words


def unique_feed(system_key: str) -> LiveFeed:
    return LiveFeed(
        log_model=UniqueRollEntry,
        subject=lambda sheet: _subject(system_key, sheet),
        label=row_words,
    )


def mana_feed(system_key: str) -> LiveFeed:
    return LiveFeed(
        log_model=ManaRollEntry,
        subject=lambda sheet: _subject(system_key, sheet),
        label=row_words,
        sides=10,
    )
