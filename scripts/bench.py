"""`make bench`: Chargen under load as players feel it, measured with Locust.

Deploys the site as production does (bench_server: PostgreSQL, Redis, gunicorn with two
workers, DEBUG off), seeds sheets with 2,000 rolls and with 20 (bench_seed), then runs
scripts/locustfile.py headless on this machine: players added in steps (BENCH_STEPS,
each held BENCH_HOLD seconds), thinking 2-5 s between clicks. Prints, for each step, the
p50/p95/p99 of each request type and what failed, the CPU Locust, the server and the
whole machine took, and finally the capacity: the most concurrent players held at a p95
of 150 ms or less with no error. With --code-at COMMIT the same load runs against that
commit too (checked out in a throw-away worktree), in the same run, for a comparison.
Before the load, one player alone builds one complete Infinity Drive character and the
server CPU it took is printed (bench_character_cpu; `--character-only` stops there; with
`--code-at` too, both deployments run side by side and a character is built on each in
turn, twelve rounds, so both meet the same machine).
Figures go to bench-results/ (JSON and CSV). Prints figures; asserts nothing.

Run: .venv/bin/python scripts/bench.py [--steps 50,100,150] [--hold 120]
     [--code-at COMMIT] [--seed-rolls 2000] [--character-only]
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import os
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import bench_journeys as play
import bench_server
import bench_steps
import bench_table
from bench_browser import BenchHTTPError, Browser, plain_send
from bench_character_cpu import Compared, character_cpu, compared
from bench_seed import seed_sheets

LOCUST = Path(sys.executable).parent / "locust"
LOCUSTFILE = Path(__file__).resolve().parent / "locustfile.py"
RESULTS = bench_server.ROOT / "bench-results"
SEED_ROWS = Path(__file__).resolve().parent / "bench_seed_rows.py"


def run_load(
    label: str,
    commit: str,
    *,
    steps: str,
    hold: float,
    seed_rolls: int,
    out: Path,
    character_only: bool = False,
) -> dict[str, Any]:
    """Deploy the code at `commit` ("" for this checkout), measure one character's server
    CPU, seed it, load it (unless `character_only`); its figures."""
    described = bench_server.describe(commit)
    print(f"\n== {label}: {described} ==", flush=True)
    with bench_server.deployed(label, commit) as deployment:
        tree, env, server = deployment.tree, deployment.env, deployment.server
        host = f"127.0.0.1:{server.port}"
        # Before any load: the server's CPU is then the character's alone.
        try:
            alone = character_cpu(plain_send(server.port), host, server.process.pid)
        except BenchHTTPError as error:
            raise SystemExit(f"One character failed: {error}\n{server.log_tail()}") from error
        print(alone.line(), flush=True)
        one_character = {
            "seconds": list(alone.seconds),
            "median": alone.median,
            "requests": alone.requests,
            "sign_up_seconds": alone.sign_up_seconds,
            "first_seconds": alone.first_seconds,
        }
        if character_only:
            figures: dict[str, Any] = {"steps": [], "one_character": one_character}
            figures.update(label=label, commit=described, seeded_sizes={})
            out.write_text(json.dumps(figures, indent=1))
            return figures
        started = time.monotonic()
        try:
            seeded = seed_sheets(
                plain_send(server.port),
                host,
                lambda *args: bench_server.manage_script(tree, env, SEED_ROWS, *args),
                (seed_rolls, 20),
            )
        except BenchHTTPError as error:  # no account: no load test either
            raise SystemExit(f"Seeding failed: {error}\n{server.log_tail()}") from error
        print(f"Seeded the long and short roll logs in {time.monotonic() - started:.0f} s.")
        for line in seeded["skipped"]:
            print(f"  skipped {line}")
        seeded_file = deployment.scratch / "seeded.json"
        seeded_file.write_text(json.dumps(seeded))
        results_file = deployment.scratch / "steps.json"
        command = [
            str(LOCUST),
            "-f",
            str(LOCUSTFILE),
            "--headless",
            "--only-summary",
            "--host",
            f"http://{host}",
            "--loglevel",
            "WARNING",
            "--csv",
            str(out.with_suffix("")) + "-locust",
        ]
        locust_env = {
            **os.environ,
            "BENCH_STEPS": steps,
            "BENCH_HOLD": str(hold),
            "BENCH_RESULTS": str(results_file),
            "BENCH_SERVER_PID": str(server.process.pid),
            "BENCH_SEEDED": str(seeded_file),
        }
        # Locust's own summary covers the whole run, untimed parts too: kept in a file.
        # Its exit status says only that some request failed: the steps say which.
        log = out.with_name(out.stem + "-locust.log")
        with log.open("w") as output:
            subprocess.run(  # noqa: S603 (Locust from this environment, fixed arguments)
                command,
                env=locust_env,
                cwd=bench_server.ROOT,
                stdout=output,
                stderr=subprocess.STDOUT,
                check=False,
            )
        if not results_file.exists():
            raise SystemExit(
                f"Locust wrote no figures (its output: {log}); gunicorn said:\n{server.log_tail()}"
            )
        figures = json.loads(results_file.read_text())
        figures["one_character"] = one_character
    figures.update(label=label, commit=described, seeded_sizes=seeded["sizes"])
    out.write_text(json.dumps(figures, indent=1))
    write_csv(figures, out.with_suffix(".csv"))
    return figures


def compare_characters(commit: str, out: Path) -> Compared:
    """This checkout and the code at `commit` deployed side by side, and one character
    built on each in turn (bench_character_cpu's `compared`); what each cost."""
    with contextlib.ExitStack() as stack:
        sides = []
        for label, code, redis_url in (
            ("now", "", bench_server.REDIS_URL),
            ("then", commit, bench_server.OTHER_REDIS_URL),
        ):
            print(f"\n== {label}: {bench_server.describe(code)} ==", flush=True)
            server = stack.enter_context(
                bench_server.deployed(label, code, redis_url=redis_url)
            ).server
            player = Browser(plain_send(server.port), f"127.0.0.1:{server.port}")
            try:
                play.sign_up(player, play.new_username("cpu"))
            except BenchHTTPError as error:
                raise SystemExit(f"Sign-up failed: {error}\n{server.log_tail()}") from error
            sides.append((player, server.process.pid))
        try:
            result = compared(sides[0], sides[1])
        except BenchHTTPError as error:
            raise SystemExit(f"One character failed: {error}") from error
    out.write_text(
        json.dumps(
            {
                "now": bench_server.describe(""),
                "then": bench_server.describe(commit),
                "now_seconds": list(result.now),
                "then_seconds": list(result.then),
                "ratio": result.ratio,
            },
            indent=1,
        )
    )
    return result


def results_of(figures: dict[str, Any]) -> list[bench_steps.StepResult]:
    return [
        bench_steps.StepResult(
            step["users"],
            step["timed_seconds"],
            [bench_steps.Timing(**timing) for timing in step["timings"]],
            step["errors"],
            step["cpu"],
        )
        for step in figures["steps"]
    ]


def write_csv(figures: dict[str, Any], path: Path) -> None:
    with path.open("w", newline="") as file:
        out = csv.writer(file)
        out.writerow(["players", "request", "timed", "failed", "p50_ms", "p95_ms", "p99_ms"])
        for result in results_of(figures):
            for t in result.timings:
                out.writerow([result.users, t.name, t.count, t.failures, t.p50, t.p95, t.p99])


def report(figures: dict[str, Any]) -> int:
    """Print one run's steps and its capacity; the capacity."""
    results = results_of(figures)
    print(f"\n-- {figures['label']}: {figures['commit']}")
    for result in results:
        cpu = result.cpu
        others = cpu.get("machine", 0) - cpu.get("locust", 0) - cpu.get("server", 0)
        verdict = "held" if result.held() else "NOT held"
        print(
            f"\n{result.users} players, {result.timed_seconds:.0f} s timed: {verdict}; cores busy: "
            f"Locust {cpu.get('locust', 0):.2f}, server {cpu.get('server', 0):.2f}, "
            f"others {max(0.0, others):.2f} (of {os.cpu_count()})"
        )
        print(bench_steps.step_table(result))
        for error, count in sorted(result.errors.items(), key=lambda item: -item[1])[:8]:
            print(f"  ! {count} × {error}")
    alone = figures.get("one_character")
    if alone:
        each = ", ".join(f"{seconds:.2f}" for seconds in alone["seconds"])
        print(
            f"\nOne Infinity Drive character, start to finish, alone: {alone['median']:.2f} s "
            f"of server CPU (median; each: {each} s), {alone['requests']} requests; the "
            f"first, on cold workers, {alone.get('first_seconds', 0):.2f} s."
        )
    if not results:
        return 0
    sizes = ", ".join(
        f"{name} {size / 1000:.0f} KB" for name, size in figures["seeded_sizes"].items()
    )
    print(f"\nSeeded sheets' size: {sizes}.")
    most = bench_steps.capacity(results)
    print(
        f"Capacity: {most} concurrent players held at p95 ≤ {bench_steps.LIMIT_MS:.0f} ms "
        "(the row 'play': every request but "
        + ", ".join(sorted(bench_steps.DEAR_BY_DESIGN))
        + ") with no error."
    )
    return most


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--steps",
        default=os.environ.get("BENCH_STEPS", ",".join(map(str, bench_steps.DEFAULT_STEPS))),
        help="concurrent players in each step (BENCH_STEPS)",
    )
    parser.add_argument(
        "--hold",
        type=float,
        default=float(os.environ.get("BENCH_HOLD", bench_steps.DEFAULT_HOLD_SECONDS)),
        help="seconds each step is held (BENCH_HOLD)",
    )
    parser.add_argument("--code-at", default="", metavar="COMMIT", help="also load this commit")
    parser.add_argument(
        "--seed-rolls", type=int, default=bench_steps.SEEDED_LONG_LOG, help="the long roll log"
    )
    parser.add_argument(
        "--character-only",
        action="store_true",
        help="deploy and measure one character's server CPU, without the load",
    )
    parser.add_argument(
        "--table-only", action="store_true", help="only the live table's watchers and rollers"
    )
    parser.add_argument("--table-watchers", type=int, default=100, help="table sockets held")
    parser.add_argument("--table-players", type=int, default=20, help="players rolling")
    parser.add_argument("--table-rolls", type=int, default=10, help="rolls each player makes")
    args = parser.parse_args()
    bench_steps.parse_steps(args.steps)  # refuse a typo before deploying anything
    if why := bench_server.unavailable():
        print(f"PostgreSQL or Redis does not answer on 127.0.0.1 ({why}): the bench needs both.")
        return 1
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    what = (
        "one character's server CPU only"
        if args.character_only
        else "the live table only"
        if args.table_only
        else f"steps {args.steps} players, {args.hold:g} s each"
    )
    print(
        f"Load test, {stamp} UTC, {os.cpu_count()} cores, load average {load} before the start; "
        f"{what}."
    )
    RESULTS.mkdir(exist_ok=True)
    if args.character_only and args.code_at:
        # Two deployments at once, a character on each in turn: this VM's speed wanders
        # from one minute to the next, and one after the other the two would meet
        # different machines.
        result = compare_characters(args.code_at, RESULTS / f"{stamp}-characters.json")
        print("\n======== Results ========\n")
        print(f"One Infinity Drive character's server CPU, {result.line()}")
        print(f"  now:  {', '.join(f'{seconds:.2f}' for seconds in result.now)} s")
        print(f"  then: {', '.join(f'{seconds:.2f}' for seconds in result.then)} s")
        print(f"\nFigures written to {RESULTS.relative_to(bench_server.ROOT)}/{stamp}-*.")
        return 0
    runs = [("now", "")] + ([("then", args.code_at)] if args.code_at else [])
    if args.table_only:
        runs = []
    figures = [
        run_load(
            label,
            commit,
            steps=args.steps,
            hold=args.hold,
            seed_rolls=args.seed_rolls,
            out=RESULTS / f"{stamp}-{label}.json",
            character_only=args.character_only,
        )
        for label, commit in runs
    ]
    table = None
    if not args.character_only:
        print(
            f"\n== The live table: {args.table_watchers} watchers, {args.table_players} players "
            f"rolling {args.table_rolls} times each ==",
            flush=True,
        )
        table = bench_table.table_load(
            "table",
            watchers=args.table_watchers,
            players=args.table_players,
            rolls=args.table_rolls,
            out=RESULTS / f"{stamp}-table.json",
        )
    print("\n======== Results ========")
    capacities = [report(run) for run in figures]
    if table is not None:
        print("\n" + bench_table.report(table))
    if len(figures) == 2:
        print(
            f"\nCompared in the same run: {capacities[0]} players now ({figures[0]['commit']}), "
            f"{capacities[1]} then ({figures[1]['commit']})."
        )
    print(f"\nFigures written to {RESULTS.relative_to(bench_server.ROOT)}/{stamp}-*.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
