"""Checking each Drifting character's stored snapshots against a replay of its log.

`CharacterToken` (the token sheet, sheet_writes.py), `ChosenLifepath` (the
lifepaths chosen, lifepath_log.py) and the `step` column (creation_step.py) are
snapshots, written from a replay in the same transaction as every row; this says
where one differs, as `manage.py check_snapshots` reports: a row changed behind the
log's back, or a log that no longer replays (its error is the mismatch).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from chargen.drifting.creation_step import creation_step
from chargen.drifting.lifepath_log import replayed_lifepath_ids, snapshot_lifepath_ids
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


@dataclass(frozen=True)
class LifepathMismatch:
    character: Character
    stored: tuple[str, ...]
    replayed: tuple[str, ...] | str

    def __str__(self) -> str:
        replayed = self.replayed if isinstance(self.replayed, str) else list(self.replayed)
        return (
            f"{self.character.pk} “{self.character.name}”: the lifepaths chosen are "
            f"{list(self.stored)!r} in the snapshot but {replayed!r} on replay"
        )


def lifepath_mismatches(character: Character) -> list[LifepathMismatch]:
    stored = tuple(snapshot_lifepath_ids(character))
    try:
        replayed = tuple(replayed_lifepath_ids(character.log.order_by("sequence")))
    except RulesError as error:
        return [LifepathMismatch(character, stored, f"unreplayable: {error}")]
    return [] if stored == replayed else [LifepathMismatch(character, stored, replayed)]


@dataclass(frozen=True)
class StepMismatch:
    character: Character
    stored: str
    replayed: str

    def __str__(self) -> str:
        return (
            f"{self.character.pk} “{self.character.name}”: the creation step is "
            f"{self.stored!r} in the snapshot but {self.replayed!r} on replay"
        )


def step_mismatches(character: Character) -> list[StepMismatch]:
    replayed = creation_step(character.log.order_by("sequence").values_list("kind", flat=True))
    if character.step == replayed:
        return []
    return [StepMismatch(character, str(character.step), str(replayed))]


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
    for character in _characters():
        yield from token_mismatches(character)


def lifepath_snapshot_mismatches() -> Iterator[LifepathMismatch]:
    for character in _characters():
        yield from lifepath_mismatches(character)


def snapshot_mismatches() -> Iterator[TokenMismatch | LifepathMismatch | StepMismatch]:
    """Every Drifting snapshot that differs from a replay (`manage.py check_snapshots`)."""
    for character in _characters():
        yield from step_mismatches(character)
        yield from lifepath_mismatches(character)
        yield from token_mismatches(character)


def _characters() -> Iterator[Character]:
    return Character.objects.order_by("created").iterator(chunk_size=200)
