"""The character sheet's lines that are more than the replayed state: characteristics with
their hex value and modifier, the skills in two columns, the roll counts, and the variable
background results."""

from __future__ import annotations

from dataclasses import dataclass

from chargen.content.backgrounds import BackgroundResult
from chargen.core import roll_keys
from chargen.core.export import provenance
from chargen.infinity_drive.play_aid import play_aid
from chargen.infinity_drive.progress import roll_counts
from chargen.infinity_drive.selectors_finish import Finish
from rules.infinity_drive.characteristics import characteristic_modifier, characteristic_name
from rules.infinity_drive.profile import hex_value
from rules.infinity_drive.skills import SkillRank


@dataclass(frozen=True)
class CharacteristicLine:
    code: str
    name: str
    value: int
    hex: str
    modifier: int

    @property
    def modifier_text(self) -> str:
        return f"{self.modifier:+d}" if self.modifier else "0"


def characteristic_lines(finish: Finish) -> list[CharacteristicLine]:
    characteristics = finish.progress.state.characteristics
    # The modifier table as the admin keeps it (the book's when the database has none).
    bands = finish.progress.rulebook.modifier_bands
    return [
        CharacteristicLine(
            code=code,
            name=characteristic_name(code),
            value=characteristics[code],
            hex=hex_value(characteristics[code]),
            modifier=characteristic_modifier(characteristics[code], bands),
        )
        for code in finish.progress.codes_in_play
        if code in characteristics
    ]


SKILL_COLUMNS = 4


def skill_columns(finish: Finish) -> list[list[SkillRank]]:
    """The skills in book order, split into four tables read down from the left: one long
    Skill | Rank table would double the sheet's top and push the print past a page. A
    narrow screen stacks them into what reads as one table."""
    ranks = list(finish.progress.state.skills.ranks)
    per_column = -(-len(ranks) // SKILL_COLUMNS)  # rounded up
    return [ranks[start : start + per_column] for start in range(0, len(ranks), per_column or 1)]


def background_results(finish: Finish) -> list[BackgroundResult]:
    return [
        BackgroundResult(
            low=entry.payload.get("low", 0),
            high=entry.payload.get("high", 0),
            result=entry.payload.get("result", ""),
            credits=entry.payload.get("credits", 0),
            assets=entry.payload.get("assets", ""),
            debts=entry.payload.get("debts", ""),
        )
        for entry in finish.background_entries
    ]


def sheet_context(finish: Finish, *, known_keys: dict[str, str] | None = None) -> dict[str, object]:
    """What the sheet's template reads beside the Finish itself.

    A page of many sheets (the party print) reads `known_keys` once and passes it to each.
    """
    if known_keys is None:
        known_keys = roll_keys.known_public_keys()
    return {
        "characteristics": characteristic_lines(finish),
        "skill_columns": skill_columns(finish),
        "counts": roll_counts(finish.entries, known_keys),
        # The rows the history names "imported" rather than "server".
        "imported_sequences": {
            entry.sequence
            for entry in finish.entries
            if provenance(entry, known_keys) == "imported"
        },
        "backgrounds": background_results(finish),
        "play_aid": play_aid(finish),
    }
