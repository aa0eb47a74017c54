"""The variable background option's tables as plain values, and finding a roll's row.

The rows come from the database (`BackgroundTable`/`BackgroundRow`, merged for a
campaign by `content_for_campaign`); a roll's result is copied into the creation
log, so a GM editing a table later never changes what a character rolled.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.dice import DiceSpec
from rules.errors import RulesError

if TYPE_CHECKING:
    from chargen.content.models import BackgroundTable


@dataclass(frozen=True)
class BackgroundResult:
    """One row of a background table: what a roll from `low` to `high` gives."""

    low: int
    high: int
    result: str
    credits: int = 0
    assets: str = ""
    debts: str = ""

    def covers(self, total: int) -> bool:
        return self.low <= total <= self.high


@dataclass(frozen=True)
class BackgroundTableValue:
    key: str
    name: str
    dice: DiceSpec
    rows: tuple[BackgroundResult, ...]

    def result_for(self, total: int) -> BackgroundResult:
        """The row a total lands on; a gap in a GM's table is named, not guessed."""
        for row in self.rows:
            if row.covers(total):
                return row
        raise RulesError(
            f"The {self.name} has no row for {total}; ask your GM to fill the gap "
            f"({self.dice.minimum}–{self.dice.maximum} must all be covered)."
        )


def background_table_value(table: BackgroundTable) -> BackgroundTableValue:
    """Plain value from a `BackgroundTable` (rows prefetched by `content_for_campaign`)."""
    return BackgroundTableValue(
        key=table.key,
        name=table.name,
        dice=DiceSpec.parse(table.dice),
        rows=tuple(
            BackgroundResult(
                low=row.low,
                high=row.high,
                result=row.result,
                credits=row.credits,
                assets=row.assets,
                debts=row.debts,
            )
            for row in sorted(table.rows.all(), key=lambda row: row.low)
        ),
    )
