"""Skill prerequisites, read from the book's own text.

Every form the skills table uses: `None`; `Int: 7`; several together (`Int: 8 Sty: 8 Res: 7`,
hex digits `Int: A Grc: B Res: 7`); below a value (`Sty: < 9`); alternatives
(`Mus: 8 OR Chz: 7`); `As per weapon`; and `… for further levels` on free skills.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from rules.errors import RulesError
from rules.infinity_drive.codes import CHARACTERISTIC_NAMES, CHARACTERISTICS
from rules.infinity_drive.profile import ProfileError, hex_value, read_hex_value
from rules.inputs import counts_by_name, optional_whole, text

__all__ = [
    "Prerequisite",
    "PrerequisiteError",
    "Requirement",
    "characteristic_label",
    "parse_prerequisite",
]

_FURTHER_LEVELS = re.compile(r"\s+for\s+further\s+levels\s*$", re.IGNORECASE)
_OR = re.compile(r"\s+OR\s+", re.IGNORECASE)
_CLAUSE = re.compile(r"([A-Za-z]+)\s*:\s*(<)?\s*(\([0-9A-Za-z]+\)|[0-9A-Za-z]+)")
_CODES_BY_FOLDED = {code.casefold(): code for code in CHARACTERISTICS}


class PrerequisiteError(RulesError):
    """Prerequisite text that cannot be read."""


@dataclass(frozen=True)
class Requirement:
    """One characteristic threshold: at least `value`, or below it when `below`."""

    characteristic: str
    value: int
    below: bool = False

    def is_met(self, characteristics: Mapping[str, int]) -> bool:
        return self._holds(_values(characteristics))

    def _holds(self, values: Mapping[str, int]) -> bool:
        """`is_met` for values `_values` has already checked (a prerequisite checks them
        once for all its requirements: the skills step asks about 48 table rows)."""
        have = values.get(self.characteristic, 0)
        return have < self.value if self.below else have >= self.value

    def describe(self) -> str:
        shown = hex_value(self.value)
        return (
            f"{self.characteristic} below {shown}"
            if self.below
            else f"{self.characteristic} {shown}"
        )


@dataclass(frozen=True)
class Prerequisite:
    """Alternatives (any one will do), each a set of requirements that must all hold."""

    text: str
    alternatives: tuple[tuple[Requirement, ...], ...] = ()
    for_further_levels: bool = False
    # "As per weapon": no characteristic prerequisite of its own (docs/rulings.md).
    per_weapon: bool = False

    @property
    def is_none(self) -> bool:
        return not self.alternatives

    def applies(self, current_rank: int | None) -> bool:
        """`for further levels` binds only raising a skill the character already has."""
        optional_whole(current_rank, "A skill rank")
        if self.is_none:
            return False
        return not (self.for_further_levels and current_rank is None)

    def is_met(self, characteristics: Mapping[str, int], current_rank: int | None = None) -> bool:
        characteristics = _values(characteristics)
        if not self.applies(current_rank):
            return True
        return any(
            all(requirement._holds(characteristics) for requirement in alternative)
            for alternative in self.alternatives
        )

    def describe(self) -> str:
        if self.is_none:
            return "as per weapon (set by the GM)" if self.per_weapon else "none"
        text = " or ".join(
            " and ".join(requirement.describe() for requirement in alternative)
            for alternative in self.alternatives
        )
        return f"{text} for further levels" if self.for_further_levels else text

    def explain(
        self, characteristics: Mapping[str, int], current_rank: int | None = None, skill: str = ""
    ) -> str:
        """Why the prerequisite is met or not, in words a player reads."""
        characteristics = _values(characteristics)
        subject = text(skill, "The skill") or "This skill"
        optional_whole(current_rank, "A skill rank")
        if self.is_none:
            return f"{subject} has no characteristic prerequisite."
        if not self.applies(current_rank):
            return f"{subject} needs {self.describe()}; rank 0 is free."
        have = ", ".join(
            f"{code} {hex_value(characteristics.get(code, 0))}" for code in self._codes()
        )
        verdict = "you meet it" if self.is_met(characteristics, current_rank) else "you do not"
        return f"{subject} needs {self.describe()}; you have {have}, so {verdict}."

    def _codes(self) -> tuple[str, ...]:
        seen: list[str] = []
        for alternative in self.alternatives:
            for requirement in alternative:
                if requirement.characteristic not in seen:
                    seen.append(requirement.characteristic)
        return tuple(seen)


def _parse_alternative(text: str, whole: str) -> tuple[Requirement, ...]:
    requirements: list[Requirement] = []
    position = 0
    stripped = text.strip()
    while position < len(stripped):
        match = _CLAUSE.match(stripped, position)
        if not match:
            raise PrerequisiteError(
                f"“{whole}”: cannot read “{stripped[position:]}”; write clauses like Int: 7."
            )
        code = _CODES_BY_FOLDED.get(match.group(1).casefold())
        if code is None:
            raise PrerequisiteError(
                f"“{whole}”: “{match.group(1)}” is not a characteristic "
                f"({', '.join(CHARACTERISTICS)})."
            )
        if any(requirement.characteristic == code for requirement in requirements):
            raise PrerequisiteError(f"“{whole}”: {code} is named twice in one clause.")
        try:
            value = read_hex_value(match.group(3))
        except ProfileError as error:
            raise PrerequisiteError(f"“{whole}”: {error}") from error
        requirements.append(Requirement(code, value, below=match.group(2) is not None))
        position = match.end()
        while position < len(stripped) and stripped[position] in " ,;":
            position += 1
    if not requirements:
        raise PrerequisiteError(f"“{whole}”: an OR needs a clause on both sides.")
    return tuple(requirements)


def parse_prerequisite(text: str) -> Prerequisite:
    """Read the book's prerequisite text, or raise PrerequisiteError saying what is wrong."""
    if not isinstance(text, str) or not text.strip():
        raise PrerequisiteError("Write the prerequisite, or None when there is none.")
    return _parse_prerequisite(text)


# The engine asks for the same few dozen texts on every roll; results are immutable.
@lru_cache(maxsize=1024)
def _parse_prerequisite(text: str) -> Prerequisite:
    cleaned = " ".join(text.split())
    if cleaned.casefold() == "none":
        return Prerequisite(text=cleaned)
    if cleaned.casefold() == "as per weapon":
        return Prerequisite(text=cleaned, per_weapon=True)
    further = _FURTHER_LEVELS.search(cleaned)
    body = cleaned[: further.start()] if further else cleaned
    if not body.strip():
        raise PrerequisiteError(f"“{cleaned}”: say which characteristics, e.g. Chz: 7.")
    parts = _OR.split(f" {body} ")
    alternatives = tuple(_parse_alternative(part, cleaned) for part in parts)
    return Prerequisite(text=cleaned, alternatives=alternatives, for_further_levels=bool(further))


def characteristic_label(code: str) -> str:
    return CHARACTERISTIC_NAMES.get(text(code, "A characteristic"), code)


def _values(characteristics: object) -> Mapping[str, int]:
    """Characteristic values by code, as a prerequisite reads them."""
    return counts_by_name(characteristics, "The characteristics")
