"""The load test's pure parts (scripts/bench_steps.py): the steps, the figures, the capacity."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

from bench_steps import (
    StepResult,
    Timing,
    capacity,
    parse_steps,
    percentile,
    ramp_over,
    schedule,
    spawn_rate,
    step_index,
    step_result,
)


def test_steps_are_rising_player_counts() -> None:
    assert parse_steps("50,100, 150") == (50, 100, 150)
    for typo in ("", "100,50", "50,50", "0,10", "ten"):
        with pytest.raises(ValueError, match="steps must be rising"):
            parse_steps(typo)


def test_each_step_is_held_in_turn_and_its_newcomers_arrive_over_ten_seconds() -> None:
    steps = schedule((20, 50, 60), hold=30)
    assert [(s.start, s.end) for s in steps] == [(0, 30), (30, 60), (60, 90)]
    assert [step_index(steps, t) for t in (0, 29.9, 30, 89, 90)] == [0, 0, 1, 2, None]
    assert [spawn_rate(steps, i) for i in range(3)] == [2.0, 3.0, 1.0]


def test_the_start_of_a_step_is_not_timed() -> None:
    short, long = schedule((20, 40), hold=30)[1], schedule((20, 40), hold=120)[1]
    assert short.timed_from == 30 + 10  # a third of a short hold
    assert long.timed_from == 120 + 30  # at most 30 s


def test_percentiles_are_nearest_rank() -> None:
    times = [float(ms) for ms in range(100, 0, -1)]  # 1 … 100 ms, unordered
    assert percentile(times, 0.50) == 50
    assert percentile(times, 0.95) == 95
    assert percentile(times, 0.99) == 99
    assert percentile([7.0], 0.99) == 7
    assert math.isnan(percentile([], 0.95))


def held_step(users: int, p95_ms: float, failures: int = 0) -> StepResult:
    times = {"sheet": [p95_ms] * 20, "wizard: skills roll": [1.0] * 5}
    errors = {"GET sheet: 500": failures} if failures else {}
    return step_result(users, 60, times, {"sheet": failures} if failures else {}, errors, {})


def test_a_step_holds_on_every_request_timed_together_and_no_failure() -> None:
    step = held_step(50, 150)
    assert [t.name for t in step.timings] == ["sheet", "wizard: skills roll", "all", "play"]
    assert step.play == Timing("play", 25, 0, 150, 150, 150)
    assert step.held()
    assert not held_step(50, 151).held()
    assert not held_step(50, 20, failures=1).held()
    assert not step_result(50, 60, {}, {}, {}, {}).held()  # nothing answered at all


def test_what_is_dear_by_design_prints_but_is_not_held_to_the_limit() -> None:
    times = {"sheet": [40.0] * 40, "sign up": [900.0] * 5, "party pdf": [2500.0] * 5}
    step = step_result(50, 60, times, {}, {}, {})
    assert step.timings[-2] == Timing("all", 50, 0, 40, 2500, 2500)
    assert step.play == Timing("play", 40, 0, 40, 40, 40)
    assert step.held()
    failed = step_result(50, 60, times, {"party pdf": 1}, {"GET party pdf: 500": 1}, {})
    assert not failed.held()  # a failure fails the step, whatever failed


def test_capacity_is_the_last_step_held_before_the_first_that_was_not() -> None:
    ramp = [held_step(50, 40), held_step(100, 90), held_step(150, 400), held_step(200, 60)]
    assert capacity(ramp) == 100
    assert capacity([held_step(50, 20, failures=2), held_step(100, 20)]) == 0
    assert capacity([]) == 0


def test_the_ramp_stops_after_two_steps_in_a_row_that_did_not_hold() -> None:
    held, missed = held_step(50, 40), held_step(100, 400)
    assert not ramp_over([held, missed])  # one may be the shared machine's hiccup
    assert not ramp_over([missed, held, missed])
    assert ramp_over([held, missed, missed])
