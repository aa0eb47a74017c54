"""Drifting tokens on a sheet: the three kinds, one type's counts, and the sheet.

A character's tokens are kept per specific type ("Firearms", "Military"): how many
are held, how many of those are depleted or lost, and the check marks towards the
next one (seed 000, the opening paragraphs on Background, Focus and Reputation).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from rules.errors import RulesError

CHECKS_PER_TOKEN_HELD = 10
SHARED_MARKS_FOR_NEW_TOKEN = 10


class DriftingError(RulesError):
    """A Drifting choice the rules do not allow."""


class TokenKind(StrEnum):
    BACKGROUND = "background"
    FOCUS = "focus"
    REPUTATION = "reputation"


@dataclass(frozen=True)
class TokenState:
    """One specific token type on a character's sheet.

    `depleted` and `lost` never overlap: losing a depleted token moves it to lost.
    `shared_marks` are marks given by others in a type the character lacks.
    """

    name: str
    kind: TokenKind = TokenKind.FOCUS
    held: int = 0
    depleted: int = 0
    lost: int = 0
    checks: int = 0
    shared_marks: int = 0

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise DriftingError("A token needs a name.")
        if min(self.held, self.depleted, self.lost, self.checks, self.shared_marks) < 0:
            raise DriftingError(f"{self.name}: token counts cannot be negative.")
        if self.depleted + self.lost > self.held:
            raise DriftingError(f"{self.name}: more tokens depleted or lost than are held.")

    @property
    def fresh(self) -> int:
        """Tokens that can still be depleted or lost first."""
        return self.held - self.depleted - self.lost

    @property
    def gives_modifier(self) -> int:
        """Depleted tokens still give their modifier; lost ones do not."""
        return self.held - self.lost

    @property
    def checks_needed(self) -> int:
        return CHECKS_PER_TOKEN_HELD * self.held

    @property
    def gain_due(self) -> bool:
        return self.held > 0 and self.checks >= self.checks_needed

    @property
    def pending_from_sharing(self) -> bool:
        return self.held == 0 and self.shared_marks >= SHARED_MARKS_FOR_NEW_TOKEN


Sheet = Mapping[str, TokenState]


def sheet_from(tokens: Iterable[TokenState]) -> dict[str, TokenState]:
    """Key a character's tokens by name, refusing the same type twice."""
    sheet: dict[str, TokenState] = {}
    for token in tokens:
        if token.name in sheet:
            raise DriftingError(f"{token.name} is listed twice; keep one line per token type.")
        sheet[token.name] = token
    return sheet


def token_held(sheet: Sheet, name: str) -> TokenState:
    token = sheet.get(name)
    if token is None or token.held == 0:
        raise DriftingError(f"You have no {name} token.")
    return token


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
