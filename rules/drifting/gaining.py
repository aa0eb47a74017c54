"""Gaining tokens (seed 000, "Gaining Tokens"): ten check marks per token held earn one more."""

from __future__ import annotations

from dataclasses import replace

from rules.drifting.tokens import DriftingError, Sheet, TokenState, checked_sheet, token_held
from rules.inputs import text

__all__ = ["gain_token"]


def gain_token(sheet: Sheet, *, token: str) -> dict[str, TokenState]:
    """Take the token earned by check marks; marks beyond the threshold carry over."""
    sheet = checked_sheet(sheet)
    state = token_held(sheet, text(token, "The token"))
    if not state.gain_due:
        raise DriftingError(
            f"{token} has {state.checks} of the {state.checks_needed} check marks needed "
            f"for another {token} token."
        )
    updated = dict(sheet)
    updated[token] = replace(state, held=state.held + 1, checks=state.checks - state.checks_needed)
    return updated
