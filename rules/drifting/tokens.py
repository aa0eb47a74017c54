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
from rules.inputs import listed_instances, mapping, one_of, text, whole

__all__ = [
    "CHECKS_PER_TOKEN_HELD",
    "SHARED_MARKS_FOR_NEW_TOKEN",
    "DriftingError",
    "Sheet",
    "TokenKind",
    "TokenState",
    "sheet_from",
]

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
        if not text(self.name, "A token's name").strip():
            raise DriftingError("A token needs a name.")
        object.__setattr__(self, "kind", one_of(self.kind, TokenKind, "a kind of token"))
        for count in ("held", "depleted", "lost", "checks", "shared_marks"):
            whole(getattr(self, count), f"{self.name}: the {count.replace('_', ' ')} count")
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
    for token in listed_instances(tokens, TokenState, "The tokens", "a token"):
        if token.name in sheet:
            raise DriftingError(f"{token.name} is listed twice; keep one line per token type.")
        sheet[token.name] = token
    return sheet


def checked_sheet(sheet: object) -> dict[str, TokenState]:
    """The tokens of `sheet`, if it holds each token under its own name."""
    checked: dict[str, TokenState] = {}
    for name, token in mapping(sheet, "A sheet of tokens").items():
        if not isinstance(token, TokenState):
            raise DriftingError("A sheet of tokens holds a token for each name.")
        if name != token.name:
            raise DriftingError(f"The sheet lists {token.name} under “{name}”.")
        checked[token.name] = token
    return checked


def token_held(sheet: Sheet, name: str) -> TokenState:
    token = sheet.get(name)
    if token is None or token.held == 0:
        raise DriftingError(f"You have no {name} token.")
    return token


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
