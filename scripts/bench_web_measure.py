"""Pure helpers of the web benchmark (scripts/bench_web.py): no server, no Django.

Reading wrk's report, a process's CPU time from /proc/<pid>/stat, checking that every
creation log the benchmark wrote is whole, and drawing the plain table it prints.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

UNIT_SECONDS = {"us": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0, "h": 3600.0}
_DURATION = r"([0-9.]+)(us|ms|s|m|h)"


class WrkOutputError(ValueError):
    """wrk printed something the benchmark cannot read (it failed, or its format changed)."""


@dataclass(frozen=True)
class WrkResult:
    requests: int
    seconds: float
    requests_per_second: float
    p50_ms: float
    p99_ms: float
    bad_responses: int  # answers other than 2xx or 3xx
    socket_errors: int

    @property
    def errors(self) -> int:
        return self.bad_responses + self.socket_errors


def _seconds(number: str, unit: str) -> float:
    return float(number) * UNIT_SECONDS[unit]


def parse_wrk(output: str) -> WrkResult:
    """wrk --latency's report as numbers; raises WrkOutputError when a figure is missing."""
    percentiles = {
        match.group(1): _seconds(match.group(2), match.group(3)) * 1000
        for match in re.finditer(rf"^\s*(50|99)(?:\.0+)?%\s+{_DURATION}\s*$", output, re.MULTILINE)
    }
    total = re.search(rf"(\d+) requests in {_DURATION}", output)
    rate = re.search(r"Requests/sec:\s+([0-9.]+)", output)
    if total is None or rate is None or set(percentiles) != {"50", "99"}:
        raise WrkOutputError(f"cannot read wrk's report:\n{output.strip()}")
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", output)
    sockets = re.search(
        r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output
    )
    return WrkResult(
        requests=int(total.group(1)),
        seconds=_seconds(total.group(2), total.group(3)),
        requests_per_second=float(rate.group(1)),
        p50_ms=percentiles["50"],
        p99_ms=percentiles["99"],
        bad_responses=int(bad.group(1)) if bad else 0,
        socket_errors=sum(int(sockets.group(i)) for i in range(1, 5)) if sockets else 0,
    )


def combine_wrk(results: Sequence[WrkResult]) -> WrkResult:
    """Several wrk runs at once (one per app server) as one: totals add, latency is the worst."""
    if not results:
        raise ValueError("no wrk result to combine")
    return WrkResult(
        requests=sum(r.requests for r in results),
        seconds=max(r.seconds for r in results),
        requests_per_second=sum(r.requests_per_second for r in results),
        p50_ms=max(r.p50_ms for r in results),
        p99_ms=max(r.p99_ms for r in results),
        bad_responses=sum(r.bad_responses for r in results),
        socket_errors=sum(r.socket_errors for r in results),
    )


@dataclass(frozen=True)
class ProcStat:
    pid: int
    parent: int
    cpu_ticks: int  # user + system time, in clock ticks (os.sysconf("SC_CLK_TCK") a second)


def parse_proc_stat(text: str) -> ProcStat:
    """One line of /proc/<pid>/stat. The command name (field 2) may hold spaces and
    parentheses, so the fields are counted from its last closing parenthesis."""
    head, _, tail = text.rpartition(")")
    fields = tail.split()
    if not head or len(fields) < 13:
        raise ValueError(f"not a /proc/<pid>/stat line: {text!r}")
    # After the name: state(3) ppid(4) ... utime(14) stime(15), counted from 1 in proc(5).
    return ProcStat(
        pid=int(head.split("(", 1)[0]),
        parent=int(fields[1]),
        cpu_ticks=int(fields[11]) + int(fields[12]),
    )


def children_of(stats: Iterable[ProcStat], parent: int) -> list[ProcStat]:
    return sorted((s for s in stats if s.parent == parent), key=lambda s: s.pid)


@dataclass(frozen=True)
class LogRow:
    sequence: int
    has_dice: bool


@dataclass(frozen=True)
class Expected:
    """What one simulated player saw succeed: log entries written and, of those, rolls."""

    entries: int
    rolls: int


def log_problems(rows: Sequence[LogRow], expected: Expected) -> list[str]:
    """Why one character's creation log is not exactly what its player wrote, if it is not.

    Whole: sequences 1..n with no gap and none twice, n the entries the player saw saved.
    No duplicate roll: as many entries with dice as rolls the player made (a double-click
    or a replayed POST must show the roll already saved, never roll again).
    """
    problems = []
    sequences = [row.sequence for row in rows]
    twice = sorted(s for s, count in Counter(sequences).items() if count > 1)
    if twice:
        problems.append(f"sequence written twice: {twice}")
    missing = sorted(set(range(1, max(sequences, default=0) + 1)) - set(sequences))
    if missing:
        problems.append(f"gap at sequence {missing}")
    if len(rows) != expected.entries:
        problems.append(f"{len(rows)} entries, the player saw {expected.entries} saved")
    rolls = sum(row.has_dice for row in rows)
    if rolls != expected.rolls:
        problems.append(f"{rolls} rolls saved for {expected.rolls} rolls made")
    return problems


def check_logs(
    logs: Mapping[str, Sequence[LogRow]], expected: Mapping[str, Expected]
) -> tuple[int, list[str]]:
    """(characters whose log is whole with no duplicate roll, one line per problem)."""
    good = 0
    problems = []
    for character, wanted in expected.items():
        found = log_problems(logs.get(character, ()), wanted)
        if found:
            problems.append(f"{character}: {'; '.join(found)}")
        else:
            good += 1
    return good, problems


def format_table(headers: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """A plain text table: the first column left-aligned, the figures right-aligned."""
    lines = [list(headers), *[list(row) for row in rows]]
    widths = [max(len(line[i]) for line in lines) for i in range(len(headers))]

    def draw(line: list[str]) -> str:
        cells = [line[0].ljust(widths[0])]
        cells += [cell.rjust(width) for cell, width in zip(line[1:], widths[1:], strict=True)]
        return "  ".join(cells).rstrip()

    rule = "  ".join("-" * width for width in widths)
    return "\n".join([draw(lines[0]), rule, *(draw(line) for line in lines[1:])])


def machine_busy_ticks(proc_stat: str) -> tuple[int, int]:
    """(busy, total) clock ticks of all CPUs from /proc/stat's first line."""
    first = proc_stat.splitlines()[0].split()
    if first[0] != "cpu" or len(first) < 9:
        raise ValueError(f"not /proc/stat: {proc_stat[:80]!r}")
    user, nice, system, idle, iowait, irq, softirq, steal = (int(v) for v in first[1:9])
    busy = user + nice + system + irq + softirq + steal
    return busy, busy + idle + iowait
