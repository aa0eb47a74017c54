"""Checking the list snapshots against a replay of the log they summarise.

A character's `snapshot` (what the lists show: profile, skills, progress, roll counts)
and its `name` and `concept` columns (the newest concept row's) are written in the
same transaction as the log entry they reflect. This replays the log under the
character's pinned rule data and says where a stored value differs.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from chargen.infinity_drive.concept_log import named
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character
from chargen.infinity_drive.progress import progress_for


@dataclass(frozen=True)
class SnapshotMismatch:
    character: Character
    key: str
    stored: object
    replayed: object

    def __str__(self) -> str:
        return (
            f"{self.character.pk} “{self.character.name}”: {self.key} is "
            f"{self.stored!r} in the snapshot but {self.replayed!r} on replay"
        )


def snapshot_mismatches(character: Character) -> list[SnapshotMismatch]:
    entries = log_entries(character)
    replayed = progress_for(character, entries).snapshot()
    stored = character.snapshot or {}
    found = [
        SnapshotMismatch(character, key, stored.get(key), value)
        for key, value in replayed.items()
        if stored.get(key) != value
    ]
    # The name and concept columns are the lists' copy of the newest concept row.
    logged = named(entries)
    columns = (character.name, character.concept)
    if logged != columns:
        found.append(SnapshotMismatch(character, "name and concept", columns, logged))
    return found


def all_snapshot_mismatches() -> Iterator[SnapshotMismatch]:
    characters = Character.objects.select_related("campaign", "race").order_by("created")
    for character in characters.iterator(chunk_size=200):
        yield from snapshot_mismatches(character)
