"""The open career tables as a player reads them before rolling: each entry, whether the
next skill roll landing there would give this character something, why not, and the exact
chance that the next 2d6 lands on such an entry.

An entry is *legal* when taking the roll there gives something (a skill, a rank, a
characteristic) with no more than a specialty to choose. It is not legal when the table
is closed by the learner's quota, when the skill's prerequisite is not met (a reroll is
offered instead), or when the roll would be lost (rank 6 already, a characteristic not in
play or with no body to raise, or above its maximum without a history reason).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from rules.infinity_drive.creation.options import evaluate_option, open_tables, quota_refusal
from rules.infinity_drive.creation.state import SKILL_DICE, CreationState
from rules.infinity_drive.rulebook import CareerTable, Rulebook, TableEntry
from rules.inputs import instance
from rules.odds.infinity_drive import chance_of_totals

__all__ = [
    "EntryLegality",
    "TableLegality",
    "table_legality",
]


@dataclass(frozen=True)
class EntryLegality:
    """One table row as the next skill roll would read it."""

    entry: TableEntry
    legal: bool  # landing here gives something
    reason: str  # what it gives, or why not
    reroll_offered: bool = False
    loses_roll: bool = False
    needs_history_reason: bool = False


@dataclass(frozen=True)
class TableLegality:
    """An open table, its rows for this character, and the odds of a legal row."""

    table: CareerTable
    entries: tuple[EntryLegality, ...]
    closed_reason: str  # the quota's reason the table may not be read now, or ""
    chance: Fraction  # that the next roll lands on a legal row

    @property
    def legal_rolls(self) -> tuple[int, ...]:
        return tuple(row.entry.roll for row in self.entries if row.legal)


def _row(
    state: CreationState, rulebook: Rulebook, table: CareerTable, roll: int, quota_reason: str
) -> EntryLegality:
    option, _ = evaluate_option(state, rulebook, table, roll, quota_reason=quota_reason)
    return EntryLegality(
        entry=option.entry,
        legal=option.legal and not option.loses_roll,
        reason=option.reason,
        reroll_offered=option.reroll_offered,
        loses_roll=option.loses_roll,
        needs_history_reason=option.needs_history_reason,
    )


def table_legality(state: CreationState, rulebook: Rulebook) -> tuple[TableLegality, ...]:
    """Each table open to the current group, read as for a fresh skill roll (a pending
    roll or reroll is set aside: these are the odds of the next roll, not of this one)."""
    instance(state, CreationState, "a character's creation so far")
    instance(rulebook, Rulebook, "the rule book")
    if state.learner is None:
        return ()
    fresh = replace(state, pending=None)
    views = []
    for table in open_tables(fresh, rulebook):
        closed_reason = quota_refusal(fresh, table)  # the same for every row of the table
        rows = tuple(
            _row(fresh, rulebook, table, entry.roll, closed_reason) for entry in table.entries
        )
        legal = [row.entry.roll for row in rows if row.legal]
        views.append(
            TableLegality(
                table=table,
                entries=rows,
                closed_reason=closed_reason,
                chance=chance_of_totals(legal, str(SKILL_DICE)),
            )
        )
    return tuple(views)
