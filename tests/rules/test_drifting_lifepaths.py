"""Drifting's lifepaths: the tokens they add up to, their requirements and limit, and what one
lifepath may grant."""

from __future__ import annotations

import pytest

from rules.drifting import (
    DriftingError,
    Lifepath,
    TokenGrant,
    TokenKind,
    check_lifepath_choice,
    check_lifepath_grants,
    tokens_from_lifepaths,
)
from rules.errors import RulesError

MILITARY = Lifepath(
    "military",
    "Military service",
    (TokenGrant(TokenKind.BACKGROUND, "Military"), TokenGrant(TokenKind.FOCUS, "Firearms")),
)
OFFICER = Lifepath(
    "officer",
    "Officer",
    (TokenGrant(TokenKind.FOCUS, "Firearms"), TokenGrant(TokenKind.REPUTATION, "United Systems")),
    requires=("military",),
)


def test_lifepath_tokens_add_up_by_type() -> None:
    sheet = tokens_from_lifepaths([MILITARY, OFFICER])
    assert {name: (token.kind, token.held) for name, token in sheet.items()} == {
        "Military": (TokenKind.BACKGROUND, 1),
        "Firearms": (TokenKind.FOCUS, 2),
        "United Systems": (TokenKind.REPUTATION, 1),
    }


def test_lifepath_requirements_and_limit() -> None:
    with pytest.raises(DriftingError, match="must follow"):
        check_lifepath_choice([], OFFICER)
    check_lifepath_choice([MILITARY], OFFICER)
    with pytest.raises(DriftingError, match="already in this life"):
        check_lifepath_choice([MILITARY], MILITARY)
    with pytest.raises(DriftingError, match="already has its 1 lifepaths"):
        check_lifepath_choice([MILITARY], OFFICER, limit=1)


def test_a_lifepath_grants_one_to_three_of_a_type_and_six_in_all() -> None:
    check_lifepath_grants([TokenGrant(TokenKind.FOCUS, "Firearms", 3)])
    check_lifepath_grants(
        [TokenGrant(TokenKind.FOCUS, "Firearms", 3), TokenGrant(TokenKind.FOCUS, "Dodge", 3)]
    )
    for count in (0, 4, 999_999):
        with pytest.raises(RulesError, match="1 to 3 tokens of a type"):
            check_lifepath_grants([TokenGrant(TokenKind.BACKGROUND, "X", count)])
    with pytest.raises(RulesError, match="at most 6 tokens in all; these lines grant 7"):
        check_lifepath_grants([TokenGrant(TokenKind.FOCUS, name, 1) for name in "ABCDEFG"])
    with pytest.raises(RulesError, match="at least one token"):
        check_lifepath_grants([])
