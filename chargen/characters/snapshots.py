"""Checking the list snapshots against a replay of the log they summarise.

A character's `snapshot` (what the lists show: profile, skills, progress, roll counts)
is written in the same transaction as the log entry it reflects. This replays the log
under the character's pinned rule data and says where a stored snapshot differs.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from chargen.characters.log import log_entries
from chargen.characters.models import Character
from chargen.characters.progress import progress_for


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
    replayed = progress_for(character, log_entries(character)).snapshot()
    stored = character.snapshot or {}
    return [
        SnapshotMismatch(character, key, stored.get(key), value)
        for key, value in replayed.items()
        if stored.get(key) != value
    ]


def all_snapshot_mismatches() -> Iterator[SnapshotMismatch]:
    characters = Character.objects.select_related("campaign", "race").order_by("created")
    for character in characters.iterator(chunk_size=200):
        yield from snapshot_mismatches(character)
