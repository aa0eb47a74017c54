"""Goal 2 of issue 13 ("half today's"), measured in alternated pairs.

One run of `bench_web.py` over today's code and one over the code before issue 13 make a
pair; but this machine's speed drifts by a quarter within minutes (the bare page cost
3.9 ms in one run and 5.0 ms in the next), so one pair's ratio can land anywhere from
0.45 to 0.62. This runs several pairs of the full-creation scenario alone
(`--creation-only`), alternating which code goes first so a drift weighs on both alike,
and prints each pair's ratio, the median of the ratios and the ratio of the medians.

Run: .venv/bin/python scripts/bench_web_pairs.py [--pairs 5] [--backend postgres]
     [--before f1fda5a]  (`make bench-pairs`)
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
from pathlib import Path

from bench_web_code_at import BEFORE_ISSUE_13

BENCH = Path(__file__).resolve().parent / "bench_web.py"
MEDIAN = re.compile(
    r"Full creation, median of \d+ rounds: server CPU ([0-9.]+) s/character \(rounds: ([^)]*)\)"
)


def median_cost(output: str) -> tuple[float, str] | None:
    """The median server CPU a character cost and each round's, as bench_web.py prints
    them (None: not there)."""
    found = MEDIAN.search(output)
    return (float(found.group(1)), found.group(2)) if found else None


def now_goes_first(pair: int) -> bool:
    """Odd pairs measure this checkout first, even pairs the earlier code."""
    return pair % 2 == 1


def creation_cost(backend: str, commit: str | None) -> float:
    """The median server CPU a character costs in one creation-only run (`commit`: the
    code at that commit, else this checkout's), its rounds printed: a run the machine's
    drift caught shows there."""
    command = [sys.executable, str(BENCH), "--backend", backend, "--creation-only"]
    if commit:
        command += ["--code-at", commit]
    done = subprocess.run(command, capture_output=True, text=True, check=False)  # noqa: S603
    found = median_cost(done.stdout)
    if done.returncode != 0 or found is None:
        raise SystemExit(
            f"{' '.join(command[1:])} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
        )
    cost, rounds = found
    print(f"      {'before' if commit else 'now'}: {cost:.2f} s (rounds {rounds})", flush=True)
    return cost


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--backend", choices=("sqlite", "postgres"), default="postgres")
    parser.add_argument("--before", default=BEFORE_ISSUE_13, metavar="COMMIT")
    args = parser.parse_args()
    print(f"{args.pairs} pairs on {args.backend}: this checkout against {args.before}")
    print("pair  first   now s/char  before s/char  now ÷ before")
    nows, befores, ratios = [], [], []
    for pair in range(1, args.pairs + 1):
        now_first = now_goes_first(pair)  # alternated: a drift of the machine weighs on both
        if now_first:
            now = creation_cost(args.backend, None)
            before = creation_cost(args.backend, args.before)
        else:
            before = creation_cost(args.backend, args.before)
            now = creation_cost(args.backend, None)
        nows.append(now)
        befores.append(before)
        ratios.append(now / before)
        first = "now" if now_first else "before"
        print(
            f"{pair:>4}  {first:<6}  {now:>10.2f}  {before:>13.2f}  {now / before:>12.2f}",
            flush=True,
        )
    print(
        f"median of the ratios {statistics.median(ratios):.2f} "
        f"(from {min(ratios):.2f} to {max(ratios):.2f}); ratio of the medians "
        f"{statistics.median(nows):.2f} ÷ {statistics.median(befores):.2f} = "
        f"{statistics.median(nows) / statistics.median(befores):.2f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
