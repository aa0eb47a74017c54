"""The GM's roll log in words: what each row chose, and which rolls still lack their history.

A log row stores short kinds and payloads (`table_choice`, {"table": "construction-
academic"}); the GM reads "Table choice: Construction Academic, Diplomacy". A table
choice names the table and what the roll before it read there, under the rule data the
character is pinned to. A roll that asks for a piece of history (the specialisation,
each skill roll's table choice, each survival roll, each background roll) and has none
yet, neither given with the roll nor written later, is marked as unwritten.

Nothing here writes; a log that no longer replays still reads, only without the marks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from chargen.infinity_drive.gm.labels import log_kind_label
from chargen.infinity_drive.models import Character, CreationLogEntry
from chargen.infinity_drive.part_two import entry_summary
from chargen.infinity_drive.pinned import character_rulebook
from chargen.infinity_drive.progress import Kind
from chargen.infinity_drive.selectors_finish import Finish, history_items
from rules.errors import RulesError
from rules.infinity_drive.rulebook import Rulebook

TABLE_SUFFIX = " Table"


@dataclass(frozen=True)
class LogRow:
    """One row of the roll log as the GM reads it."""

    entry: CreationLogEntry
    step: str  # "Table choice: Construction Academic, Diplomacy"
    summary: str  # the note given with the roll, else what a part-2 decision did
    history_unwritten: bool = False

    @property
    def sequence(self) -> int:
        return self.entry.sequence


def _table_name(rulebook: Rulebook, slug: str) -> str:
    name = rulebook.table(slug).name
    return name[: -len(TABLE_SUFFIX)] if name.endswith(TABLE_SUFFIX) else name


def _table_result(rulebook: Rulebook, slug: str, total: int | None, specialty: str) -> str:
    if total is None:
        return ""
    entry = rulebook.table(slug).entry(total)
    if entry.skill is not None and not entry.specialty and specialty:
        return f"{entry.skill} ({specialty})"
    return entry.label


def _race_name(payload: dict[str, object]) -> str:
    race = payload.get("race")
    return str(race.get("name", "")) if isinstance(race, dict) else ""


def choice_words(entry: CreationLogEntry, rulebook: Rulebook | None, total: int | None) -> str:
    """What the row chose, in words ("" when it chose nothing to name).

    `total` is the skill roll a table choice reads (the last one before it)."""
    payload = entry.payload or {}
    kind = entry.kind
    if kind == Kind.TABLE_CHOICE and rulebook is not None:
        slug = str(payload.get("table", ""))
        try:
            parts = [
                _table_name(rulebook, slug),
                _table_result(rulebook, slug, total, str(payload.get("specialty", ""))),
            ]
        except RulesError:
            parts = [slug]
        return ", ".join(part for part in parts if part)
    if kind == Kind.CAREER:
        return str(payload.get("career", ""))
    if kind in {Kind.RACE, Kind.RACE_CHANGE, Kind.NON_HUMANOID}:
        return _race_name(payload)
    if kind in {Kind.CHARACTERISTIC_PLACE, Kind.SETBACK}:
        return str(payload.get("characteristic", ""))
    if kind == Kind.METHOD:
        return str(payload.get("method", "")).replace("_", " ")
    if kind == Kind.SURVIVAL_OUTCOME:
        return str(payload.get("outcome", ""))
    return ""


def unwritten_history(finish: Finish | None) -> frozenset[int]:
    """The sequences of the rows whose history is still to be written (none if unknown)."""
    if finish is None:
        return frozenset()
    try:
        # A note that only repeats its prompt is no history (the prompt is a hint).
        return frozenset(item.sequence for item in history_items(finish) if not item.written_note)
    except RulesError:
        return frozenset()


def log_rows(
    character: Character,
    entries: Sequence[CreationLogEntry],
    *,
    unwritten: frozenset[int] = frozenset(),
    shown: frozenset[int] | None = None,
) -> list[LogRow]:
    """The rows of `entries` (the whole log, oldest first) in the GM's words.

    `shown` limits the rows returned (by sequence); the rolls before them are still
    read, so a table choice names what its roll gave."""
    try:
        rulebook: Rulebook | None = character_rulebook(character)
    except RulesError:
        rulebook = None
    rows: list[LogRow] = []
    last_skill_total: int | None = None
    for entry in entries:
        if entry.kind in {Kind.SKILL_ROLL, Kind.SKILL_REROLL} and entry.dice:
            last_skill_total = entry.total
        if shown is not None and entry.sequence not in shown:
            continue
        label = log_kind_label(entry.kind)
        chosen = choice_words(entry, rulebook, last_skill_total)
        rows.append(
            LogRow(
                entry=entry,
                step=f"{label}: {chosen}" if chosen else label,
                summary=entry.history_note or entry_summary(entry),
                history_unwritten=entry.sequence in unwritten,
            )
        )
    return rows
