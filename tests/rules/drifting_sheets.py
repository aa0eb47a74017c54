"""The seed's Drifting sheets shared by the token-rule tests: Jim before his firefight, Linda,
Jim's typed faces and his firefight plan."""

from __future__ import annotations

from rules.drifting import TokenKind, TokenRollPlan, TokenState, plan_token_roll, sheet_from

JIM_FACES = (1, 4, 2, 5, 4)


def jim() -> dict[str, TokenState]:
    # The brief's reading of "he reached 10": seven marks each before the firefight.
    return sheet_from(
        [
            TokenState("Military", TokenKind.BACKGROUND, held=1, checks=7),
            TokenState("Firearms", TokenKind.FOCUS, held=2, checks=7),
            TokenState("Dodge", TokenKind.FOCUS, held=1, checks=0),
        ]
    )


def linda() -> dict[str, TokenState]:
    return sheet_from(
        [
            TokenState("Space", TokenKind.BACKGROUND, held=1),
            TokenState("Repair", TokenKind.FOCUS, held=1),
            TokenState("Piloting", TokenKind.FOCUS, held=1),
            TokenState("Firearms", TokenKind.FOCUS, shared_marks=9),
        ]
    )


def jims_firefight_plan(share: str | None = None) -> TokenRollPlan:
    return plan_token_roll(
        jim(),
        applicable=("Military", "Firearms", "Dodge"),
        deplete={"Military": 1, "Firearms": 1, "Dodge": 1},
        share=share,
    )
