"""The variable background option's tables as plain values, and finding a roll's row.

The rows come from the database (`BackgroundTable`/`BackgroundRow`, merged for a
campaign by `content_for_campaign`); a roll's result is copied into the creation
log, so a GM editing a table later never changes what a character rolled.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.dice import DiceSpec
from rules.errors import DiceError, RulesError

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


def span_text(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


def range_problems(
    *, dice: str, low: int, high: int, taken: Iterable[tuple[int, int]]
) -> dict[str, str]:
    """What is wrong with a row covering low..high in a table rolled on `dice`, beside the
    table's other rows (`taken`): by field, empty when nothing is. A roll lands on one row."""
    problems: dict[str, str] = {}
    try:
        spec: DiceSpec | None = DiceSpec.parse(dice)
    except DiceError:
        spec = None
    if spec is not None:
        for field, value in (("low", low), ("high", high)):
            if not spec.minimum <= value <= spec.maximum:
                problems[field] = (
                    f"A {spec} roll is {spec.minimum} to {spec.maximum}; {value} is never rolled."
                )
    if "high" not in problems and high < low:
        problems["high"] = f"The range ends before it starts: make it at least {low}."
    if problems:
        return problems
    for other_low, other_high in taken:
        if low <= other_high and other_low <= high:
            problems["low"] = (
                f"{span_text(low, high)} overlaps the row {span_text(other_low, other_high)}; "
                "a roll must land on one row only."
            )
            break
    return problems
