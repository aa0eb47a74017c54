"""The tables a wizard step shows beside its roll, with the exact odds (used by page_context).

Everything is read from the rulebook the character replays under (`progress.rulebook`,
the pinned version), and every legality and chance comes from rules/: nothing here
decides a rule, and nothing here queries the database.
"""

from __future__ import annotations

from dataclasses import dataclass

from chargen.infinity_drive.progress import Progress
from rules.infinity_drive.creation import (
    SPECIALISATION_DICE,
    EntryLegality,
    Expect,
    TableLegality,
    table_legality,
)
from rules.odds import as_percent, chance_of_totals

# The skill step shows the open tables while a roll is to be made or read.
TABLE_STATES = frozenset({Expect.SKILL_ROLL, Expect.TABLE_CHOICE})


@dataclass(frozen=True)
class SpecialisationRow:
    roll: int
    name: str
    chance: str
    current: bool


@dataclass(frozen=True)
class SpecialisationTable:
    career: str
    dice: str
    rows: tuple[SpecialisationRow, ...]
    chosen: bool  # the character's own career


def specialisation_tables(progress: Progress) -> tuple[SpecialisationTable, ...]:
    """Each career's 1d6 specialisation table: every career while one is being chosen,
    then only the character's own."""
    state = progress.state
    specialisations = progress.rulebook.specialisations
    careers: tuple[str, ...] = (
        (state.career,)
        if state.career is not None and state.career in specialisations
        else tuple(specialisations)
    )
    dice = str(SPECIALISATION_DICE)
    return tuple(
        SpecialisationTable(
            career=career,
            dice=dice,
            rows=tuple(
                SpecialisationRow(
                    roll=roll,
                    name=name,
                    chance=as_percent(chance_of_totals([roll], dice)),
                    current=career == state.career and name == state.specialisation,
                )
                for roll, name in sorted(specialisations[career].items())
            ),
            chosen=career == state.career,
        )
        for career in careers
    )


@dataclass(frozen=True)
class OpenTable:
    """One open skill table as the skills step shows it."""

    view: TableLegality
    chance: str  # of a legal row on the next 2d6, as a percent
    legal_count: int
    pending_total: int | None  # the roll waiting for a table, to mark its row

    @property
    def rows(self) -> tuple[EntryLegality, ...]:
        return self.view.entries


def open_skill_tables(progress: Progress) -> tuple[OpenTable, ...]:
    """The tables open to the current group, each row legal or not (and why), and the
    exact chance the next skill roll lands on a legal row."""
    state = progress.state
    if state.expecting not in TABLE_STATES:
        return ()
    pending = state.pending.total if state.pending is not None else None
    return tuple(
        OpenTable(
            view=view,
            chance=as_percent(view.chance),
            legal_count=len(view.legal_rolls),
            pending_total=pending,
        )
        for view in table_legality(state, progress.rulebook)
    )
