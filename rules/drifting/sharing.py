"""Sharing check marks (seed 000, "Sharing Check Marks"): a mark given to another player."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.drifting.tokens import Sheet, TokenKind, TokenState, checked_sheet
from rules.inputs import one_of, text

__all__ = ["SharedMark", "receive_shared_mark"]


@dataclass(frozen=True)
class SharedMark:
    token: str
    recipient_holds_it: bool
    becomes_token_at_refresh: bool

    def explanation(self) -> str:
        if self.recipient_holds_it:
            return f"A shared {self.token} check mark counts towards the next {self.token} token."
        if self.becomes_token_at_refresh:
            return (
                f"Ten shared {self.token} marks: a {self.token} token is added at the next refresh."
            )
        return f"A shared {self.token} mark towards a first {self.token} token."


def receive_shared_mark(
    sheet: Sheet, *, token: str, kind: TokenKind = TokenKind.FOCUS
) -> tuple[dict[str, TokenState], SharedMark]:
    """A check mark shared by someone who depleted `token` on their roll."""
    updated = checked_sheet(sheet)
    text(token, "The token")
    kind = one_of(kind, TokenKind, "a kind of token")
    state = updated.get(token) or TokenState(name=token, kind=kind)
    if state.held:
        updated[token] = replace(state, checks=state.checks + 1)
        return updated, SharedMark(token, recipient_holds_it=True, becomes_token_at_refresh=False)
    updated[token] = replace(state, shared_marks=state.shared_marks + 1)
    return updated, SharedMark(
        token,
        recipient_holds_it=False,
        becomes_token_at_refresh=updated[token].pending_from_sharing,
    )
