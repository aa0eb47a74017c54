"""The load test's steps and what each one measured: pure functions, no Locust, no server.

Players are added in steps (50, 100, 150 … concurrent players), each held for a while.
The first part of a step is not timed: the newcomers sign up then (a password hash each,
the dearest request there is), and the server catches up with them. A step *holds* when
the requests timed in it, all types together but those dear by design (signing up,
logging in, the party PDF), answered with a p95 of at most the limit (150 ms) and no
request failed in the whole step; the capacity is the most players of the
steps that held, counted from the first step up to the first that did not. The ramp
stops after two steps in a row that did not hold: one may be a hiccup of a shared
machine, two mean the players are only queueing, and more steps would only load the
machine for nothing.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

LIMIT_MS = 150.0
DEFAULT_STEPS = (50, 100, 150, 200, 250, 300)
DEFAULT_HOLD_SECONDS = 120.0
SETTLE_FRACTION = 1 / 3  # of a step's hold, untimed while the newcomers arrive
SETTLE_MAX_SECONDS = 30.0
ARRIVAL_SECONDS = 10.0  # the newcomers of a step arrive over this long
# Requests dear by design, left out of the p95 a step must hold (their own figures and
# failures still print, and a failure still fails the step): a password hash on signing
# up and logging in (Django's PBKDF2, a third of a second of CPU on purpose), and the
# party's PDF (WeasyPrint lays out every sheet; a file download, not a click's answer).
DEAR_BY_DESIGN = frozenset({"sign up", "log in", "party pdf"})
SEEDED_LONG_LOG = 2000  # rolls on the seeded sheets with a long log (and 20 on the others)


@dataclass(frozen=True)
class Step:
    users: int
    start: float  # seconds since the load began
    hold: float

    @property
    def settle(self) -> float:
        return min(SETTLE_MAX_SECONDS, self.hold * SETTLE_FRACTION)

    @property
    def timed_from(self) -> float:
        return self.start + self.settle

    @property
    def end(self) -> float:
        return self.start + self.hold


def parse_steps(text: str) -> tuple[int, ...]:
    """ "50,100, 150" as (50, 100, 150); each step must add players."""
    try:
        users = tuple(int(part) for part in text.replace(" ", "").split(",") if part)
    except ValueError:
        users = ()
    if not users or any(n < 1 for n in users) or list(users) != sorted(set(users)):
        raise ValueError(f"steps must be rising player counts, e.g. 50,100,150 (not {text!r})")
    return users


def schedule(users: Sequence[int], hold: float) -> list[Step]:
    return [Step(count, index * hold, hold) for index, count in enumerate(users)]


def step_index(steps: Sequence[Step], run_time: float) -> int | None:
    """The step under way `run_time` seconds into the load (None once all are over)."""
    for index, step in enumerate(steps):
        if step.start <= run_time < step.end:
            return index
    return None


def spawn_rate(steps: Sequence[Step], index: int) -> float:
    """Players started a second, so that a step's newcomers arrive over ARRIVAL_SECONDS."""
    before = steps[index - 1].users if index else 0
    return max(1.0, (steps[index].users - before) / ARRIVAL_SECONDS)


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile (`fraction` 0.95 for p95); NaN when there is none."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


@dataclass(frozen=True)
class Timing:
    """One request type's figures in one step (milliseconds)."""

    name: str
    count: int
    failures: int
    p50: float
    p95: float
    p99: float

    @classmethod
    def of(cls, name: str, times_ms: Sequence[float], failures: int) -> Timing:
        return cls(
            name,
            len(times_ms),
            failures,
            percentile(times_ms, 0.50),
            percentile(times_ms, 0.95),
            percentile(times_ms, 0.99),
        )


@dataclass(frozen=True)
class StepResult:
    users: int
    timed_seconds: float
    # By request type, then "all", then "play": all but what is dear by design (the last).
    timings: list[Timing]
    errors: dict[str, int] = field(default_factory=dict)  # what failed, and how often
    cpu: dict[str, float] = field(default_factory=dict)  # cores busy: locust, server, machine

    @property
    def play(self) -> Timing:
        return self.timings[-1]

    def held(self, limit_ms: float = LIMIT_MS) -> bool:
        play = self.play
        return play.count > 0 and sum(self.errors.values()) == 0 and play.p95 <= limit_ms


def step_result(
    users: int,
    timed_seconds: float,
    times_ms: Mapping[str, Sequence[float]],
    failures: Mapping[str, int],
    errors: Mapping[str, int],
    cpu: Mapping[str, float],
) -> StepResult:
    """A step's figures from its raw response times (timed part) and failures (whole step)."""
    names = sorted(set(times_ms) | set(failures))
    timings = [Timing.of(name, times_ms.get(name, ()), failures.get(name, 0)) for name in names]
    every = [time for name in names for time in times_ms.get(name, ())]
    timings.append(Timing.of("all", every, sum(failures.values())))
    played = [name for name in names if name not in DEAR_BY_DESIGN]
    timings.append(
        Timing.of(
            "play",
            [time for name in played for time in times_ms.get(name, ())],
            sum(failures.get(name, 0) for name in played),
        )
    )
    return StepResult(users, timed_seconds, timings, dict(errors), dict(cpu))


def capacity(results: Iterable[StepResult], limit_ms: float = LIMIT_MS) -> int:
    """The most players held, from the first step up to the first that did not hold."""
    most = 0
    for result in results:
        if not result.held(limit_ms):
            break
        most = result.users
    return most


def ramp_over(results: Sequence[StepResult], limit_ms: float = LIMIT_MS) -> bool:
    """Whether the last two steps both failed to hold: no point in adding players."""
    return len(results) >= 2 and not any(r.held(limit_ms) for r in results[-2:])


def format_table(headers: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """A plain text table: the first column left-aligned, the others right-aligned."""
    lines = [list(headers), *(list(row) for row in rows)]
    widths = [max(len(line[column]) for line in lines) for column in range(len(headers))]

    def draw(cells: Sequence[str]) -> str:
        first = cells[0].ljust(widths[0])
        return "  ".join([first, *(c.rjust(w) for c, w in zip(cells[1:], widths[1:], strict=True))])

    return "\n".join([draw(lines[0]), draw(["-" * w for w in widths]), *map(draw, lines[1:])])


def ms(value: float) -> str:
    return "-" if math.isnan(value) else f"{value:.0f}"


def step_table(result: StepResult) -> str:
    rows = [
        [t.name, str(t.count), str(t.failures), ms(t.p50), ms(t.p95), ms(t.p99)]
        for t in result.timings
    ]
    return format_table(["request", "timed", "failed", "p50 ms", "p95 ms", "p99 ms"], rows)
