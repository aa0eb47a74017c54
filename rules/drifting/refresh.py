"""Refresh (seed 000, "Losing Tokens"): depleted and lost tokens come back at the
Narrator's word, and ten shared marks in a lacked type become a token."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.drifting.tokens import (
    SHARED_MARKS_FOR_NEW_TOKEN,
    Sheet,
    TokenState,
    checked_sheet,
    plural,
)

__all__ = ["Refresh", "refresh_tokens"]


@dataclass(frozen=True)
class Refresh:
    restored: tuple[tuple[str, int], ...]
    added: tuple[str, ...]

    def explanation(self) -> tuple[str, ...]:
        lines = [f"{name}: {plural(count, 'token')} back." for name, count in self.restored]
        lines += [f"{name}: new token from shared check marks." for name in self.added]
        return tuple(lines) or ("Nothing was depleted or lost.",)


def refresh_tokens(sheet: Sheet) -> tuple[dict[str, TokenState], Refresh]:
    """Depleted and lost tokens come back; ten shared marks in a lacked type become a token."""
    sheet = checked_sheet(sheet)
    updated: dict[str, TokenState] = {}
    restored: list[tuple[str, int]] = []
    added: list[str] = []
    for name, state in sheet.items():
        if state.depleted or state.lost:
            restored.append((name, state.depleted + state.lost))
        if state.pending_from_sharing:
            added.append(name)
            # Marks beyond the ten carry over as check marks towards the next token, as
            # marks beyond a threshold do (docs/rulings.md, "Shared marks beyond ten").
            beyond = state.shared_marks - SHARED_MARKS_FOR_NEW_TOKEN
            state = replace(state, held=1, checks=state.checks + beyond, shared_marks=0)
        updated[name] = replace(state, depleted=0, lost=0)
    return updated, Refresh(restored=tuple(restored), added=tuple(added))
