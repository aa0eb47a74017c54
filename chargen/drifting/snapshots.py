"""Checking each Drifting character's stored token sheet against a replay of its log.

`CharacterToken` is a snapshot, written from a replay in the same transaction as
every row (sheet_writes.py); this says where one differs, as `manage.py
check_snapshots` reports: a row changed behind the log's back, or a log that no
longer replays (its error is the mismatch).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from chargen.drifting.models import Character
from chargen.drifting.selectors import token_sheet
from chargen.drifting.sheet_writes import replayed_sheet
from rules import drifting as rules
from rules.errors import RulesError


@dataclass(frozen=True)
class TokenMismatch:
    character: Character
    token: str
    stored: rules.TokenState | None
    replayed: rules.TokenState | str | None

    def __str__(self) -> str:
        return (
            f"{self.character.pk} “{self.character.name}”: {self.token} is "
            f"{self.stored!r} in the snapshot but {self.replayed!r} on replay"
        )


def token_mismatches(character: Character) -> list[TokenMismatch]:
    stored = token_sheet(character)
    try:
        replayed = replayed_sheet(character.log.order_by("sequence"))
    except RulesError as error:
        return [TokenMismatch(character, "(the whole sheet)", None, f"unreplayable: {error}")]
    found = [
        TokenMismatch(character, name, stored.get(name), replayed.get(name))
        for name in dict.fromkeys([*replayed, *stored])
        if stored.get(name) != replayed.get(name)
    ]
    if not found and list(stored) != list(replayed):
        found.append(TokenMismatch(character, "(the order)", None, ", ".join(replayed)))
    return found


def token_snapshot_mismatches() -> Iterator[TokenMismatch]:
    characters = Character.objects.order_by("created")
    for character in characters.iterator(chunk_size=200):
        yield from token_mismatches(character)
