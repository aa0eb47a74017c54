"""Replaying a Drifting log: the sheet each action made is the fold of what its rows recorded."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.drifting import (
    TokenKind,
    TokenState,
    apply_token_roll,
    assist_deplete,
    gain_token,
    lose_tokens,
    loss_order,
    plan_token_roll,
    receive_shared_mark,
    refresh_tokens,
    replay_onto,
    replay_sheet,
    sheet_from,
    sheet_payload,
    undo_loss,
)
from rules.errors import RulesError
from tests.rules.drifting_sheets import jim, linda

Row = tuple[str, dict[str, Any]]


def finished(sheet: dict[str, TokenState]) -> Row:
    return ("finished", {"tokens": sheet_payload(sheet)})


def test_the_finished_row_alone_is_the_sheet() -> None:
    assert replay_sheet([finished(linda())]) == linda()
    assert list(replay_sheet([finished(linda())])) == list(linda())


def test_jims_firefight_replays_from_what_the_roll_recorded() -> None:
    plan = plan_token_roll(
        jim(), applicable=("Military", "Firearms", "Dodge"), deplete={"Firearms": 1, "Dodge": 1}
    )
    roll = ("roll", {"depleted": dict(plan.depleted), "check_marks": dict(plan.check_marks)})
    assert replay_sheet([finished(jim()), roll]) == apply_token_roll(jim(), plan)


def test_rows_that_change_no_tokens_are_passed_over() -> None:
    rows = [("started", {}), ("concept", {"name": "Jim"}), finished(jim()), ("lifepath", {})]
    assert replay_sheet(rows) == jim()


@pytest.mark.parametrize(
    "rows",
    [
        [("roll", {"depleted": {"Luck": 1}, "check_marks": {}})],
        [("loss", {"lost": [{"token": "Dodge", "depleted": True}]})],  # Dodge was not depleted
        [("gain", {"token": "Military"})],  # 7 of 10 check marks
        [("assist", {"token": "Nowhere"})],
    ],
)
def test_a_row_that_does_not_fit_the_sheet_is_refused(rows: list[Row]) -> None:
    with pytest.raises(RulesError):
        replay_sheet([finished(jim()), *rows])


def test_a_finished_row_without_its_tokens_is_refused() -> None:
    with pytest.raises(RulesError):
        replay_sheet([("finished", {})])


def _act(sheet: dict[str, TokenState], action: str, pick: int) -> tuple[Any, Row] | None:
    """One action as the services take it: the rules' new sheet and the row they record."""
    names = list(sheet)
    name = names[pick % len(names)]
    state = sheet[name]
    if action == "roll" and state.gives_modifier:
        deplete = {name: 1} if state.fresh else {}
        plan = plan_token_roll(sheet, applicable=(name,), deplete=deplete)
        details = {"depleted": dict(plan.depleted), "check_marks": dict(plan.check_marks)}
        return apply_token_roll(sheet, plan), ("roll", details)
    if action == "assist" and state.fresh:
        return assist_deplete(sheet, token=name, helper="Linda")[0], ("assist", {"token": name})
    if action == "gain" and state.gain_due:
        return gain_token(sheet, token=name), ("gain", {"token": name})
    if action == "shared_mark":
        shared = f"Shared{pick % 3}"
        received = receive_shared_mark(sheet, token=shared, kind=TokenKind.FOCUS)[0]
        return received, ("shared_mark", {"token": shared, "token_kind": "focus"})
    if action == "loss" and state.held:
        order = loss_order(sheet, owed=2, related=[name])
        choices: dict[str, int] = {}
        wanted = order.to_choose_fresh
        for other, count in order.fresh_open.items():
            if wanted:
                choices[other] = min(wanted, count)
                wanted -= choices[other]
        wanted = order.to_choose_depleted
        for other, count in order.depleted_open.items():
            if wanted:
                choices[other] = choices.get(other, 0) + min(wanted, count)
                wanted -= min(wanted, count)
        after, loss = lose_tokens(sheet, margin=5, related=[name], choices=choices, step=5)
        lost = [{"token": token.name, "depleted": token.was_depleted} for token in loss.lost]
        return after, ("loss", {"lost": lost})
    if action == "refresh":
        return refresh_tokens(sheet)[0], ("refresh", {})
    return None


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["roll", "assist", "gain", "shared_mark", "loss", "refresh", "undo"]),
            st.integers(0, 20),
        ),
        max_size=30,
    )
)
def test_every_sheet_along_the_way_is_the_replay_of_the_rows_so_far(
    actions: list[tuple[str, int]],
) -> None:
    sheet = sheet_from([*jim().values(), TokenState("Space", TokenKind.BACKGROUND, held=2)])
    rows: list[Row] = [finished(sheet)]
    for action, pick in actions:
        if action == "undo":
            if rows[-1][0] != "loss":
                continue
            lost = rows[-1][1]["lost"]
            fresh = Counter(t["token"] for t in lost if not t["depleted"])
            depleted = Counter(t["token"] for t in lost if t["depleted"])
            sheet = undo_loss(sheet, fresh=fresh, depleted=depleted)
            rows.append(("undo", {"restored": {"fresh": dict(fresh), "depleted": dict(depleted)}}))
        else:
            done = _act(sheet, action, pick)
            if done is None:
                continue
            sheet, row = done
            rows.append(row)
        assert replay_sheet(rows) == sheet
        assert list(replay_sheet(rows)) == list(sheet)
        # The newest row replayed onto the sheet before it (a write's check) is the same.
        before = replay_sheet(rows[:-1])
        kept = dict(before)
        assert replay_onto(before, rows[-1:]) == sheet
        assert list(replay_onto(before, rows[-1:])) == list(sheet)
        assert before == kept, "the sheet replayed onto is left as it was"


def test_a_log_replayed_onto_the_sheet_of_its_first_rows_is_the_whole_replay() -> None:
    plan = plan_token_roll(jim(), applicable=("Military",), deplete={})
    roll = ("roll", {"depleted": dict(plan.depleted), "check_marks": dict(plan.check_marks)})
    rows = [finished(jim()), roll, ("refresh", {}), roll]
    for split in range(len(rows) + 1):
        assert replay_onto(replay_sheet(rows[:split]), rows[split:]) == replay_sheet(rows)
