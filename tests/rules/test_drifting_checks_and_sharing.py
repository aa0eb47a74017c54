"""Drifting's check marks after a roll: gaining a token, sharing a mark with another character,
and what a refresh brings back."""

from __future__ import annotations

import pytest

from rules.drifting import (
    DriftingError,
    TokenState,
    apply_token_roll,
    gain_token,
    plan_token_roll,
    receive_shared_mark,
    refresh_tokens,
    sheet_from,
)
from tests.rules.drifting_sheets import jim, jims_firefight_plan, linda


def test_jim_marks_three_checks_each_and_may_gain_military_but_not_firearms() -> None:
    after = apply_token_roll(jim(), jims_firefight_plan())
    assert {name: token.checks for name, token in after.items()} == {
        "Military": 10,
        "Firearms": 10,
        "Dodge": 3,
    }
    assert after["Military"].gain_due
    assert not after["Firearms"].gain_due  # two Firearms tokens: twenty marks needed
    assert {name: token.depleted for name, token in after.items()} == {
        "Military": 1,
        "Firearms": 1,
        "Dodge": 1,
    }
    gained = gain_token(after, token="Military")
    assert gained["Military"].held == 2
    assert gained["Military"].checks == 0
    with pytest.raises(DriftingError, match="20 check marks"):
        gain_token(after, token="Firearms")


def test_jim_saving_military_gets_only_three_firearms_marks() -> None:
    plan = plan_token_roll(
        jim(), applicable=("Firearms", "Dodge"), deplete={"Firearms": 2, "Dodge": 1}
    )
    assert plan.dice.count == 5
    assert plan.modifier == 3
    assert dict(plan.check_marks) == {"Firearms": 3, "Dodge": 3}
    after = apply_token_roll(jim(), plan)
    assert after["Firearms"].depleted == 2
    assert after["Military"].checks == 7


def test_jim_shares_his_extra_firearms_mark_with_lindas_tenth() -> None:
    plan = jims_firefight_plan(share="Firearms")
    assert dict(plan.check_marks)["Firearms"] == 2
    lindas, shared = receive_shared_mark(linda(), token="Firearms")
    assert shared.becomes_token_at_refresh
    assert lindas["Firearms"].held == 0  # not until the Narrator says tokens refresh
    refreshed, refresh = refresh_tokens(lindas)
    assert refreshed["Firearms"].held == 1
    assert refreshed["Firearms"].shared_marks == 0
    assert refresh.added == ("Firearms",)


def test_a_ninth_shared_mark_is_not_yet_a_token() -> None:
    sheet = sheet_from([TokenState("Firearms", shared_marks=8)])
    sheet, shared = receive_shared_mark(sheet, token="Firearms")
    assert not shared.becomes_token_at_refresh
    refreshed, _ = refresh_tokens(sheet)
    assert refreshed["Firearms"].held == 0


def test_shared_marks_given_while_the_token_is_pending_carry_over_as_check_marks() -> None:
    sheet = sheet_from([TokenState("Firearms", shared_marks=10)])
    for _ in range(3):  # the eleventh, twelfth and thirteenth marks
        sheet, shared = receive_shared_mark(sheet, token="Firearms")
        assert shared.becomes_token_at_refresh
    assert sheet["Firearms"].shared_marks == 13
    refreshed, refresh = refresh_tokens(sheet)
    assert refresh.added == ("Firearms",)
    assert refreshed["Firearms"].held == 1
    assert refreshed["Firearms"].checks == 3  # not lost, and shown as check marks
    assert refreshed["Firearms"].shared_marks == 0


def test_a_shared_mark_in_a_held_type_is_an_ordinary_check() -> None:
    sheet, shared = receive_shared_mark(jim(), token="Firearms")
    assert shared.recipient_holds_it
    assert sheet["Firearms"].checks == 8


def test_sharing_needs_a_depleted_token() -> None:
    with pytest.raises(DriftingError, match="depleted"):
        plan_token_roll(jim(), applicable=("Firearms",), share="Firearms")


def test_refresh_brings_back_depleted_and_lost_tokens() -> None:
    sheet = sheet_from([TokenState("Space", held=2, depleted=1, lost=1, checks=4)])
    after, refresh = refresh_tokens(sheet)
    assert after["Space"] == TokenState("Space", held=2, checks=4)
    assert refresh.restored == (("Space", 2),)
