"""Where a page's Python time goes: cProfile over Django's test client, page by page.

Makes the web benchmark's data (scripts/bench_web_data.py: the party of four Trevas, a
draft at its skills step, a Drifting token sheet, both roller sheets) through the pages
of a gunicorn server on a fresh SQLite file, then requests each page in this process
with Django's test client: its CPU time per request without the profiler, its queries,
each middleware's share (--middleware), and under cProfile the functions with the most
cumulative time (--top 0 leaves them out). The bare project's page (scripts/bench_bare/,
logged in as the product's pages are, and anonymous) is measured the same way in a child
process, and the summary prints each page's CPU next to it: the benchmark's ratio without
gunicorn and wrk, far less disturbed by other work on the machine. Prints figures;
asserts nothing.

Run: .venv/bin/python scripts/profile_pages.py [--requests 20] [--top 25] [--page sheet]
     [--middleware] [--backend postgres]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench_web import settings_env
from bench_web_data import build_pages, make_sessions
from bench_web_measure import format_table
from bench_web_servers import (
    ROOT,
    postgres_database,
    sqlite_database,
    start_server,
    stop_servers,
)
from profile_timing import bare_figures, client_for, cpu_ms_per_request, middleware_costs

sys.path.insert(0, str(ROOT))


@dataclass(frozen=True)
class Figures:
    name: str
    cpu_ms: float
    queries: int
    size: int


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=20, help="requests a page and round")
    parser.add_argument("--top", type=int, default=25, help="functions shown a page")
    parser.add_argument("--page", default="", help="only pages whose name contains this")
    parser.add_argument("--middleware", action="store_true", help="each middleware's cost")
    parser.add_argument("--sort", default="cumulative", help="pstats order: cumulative, tottime")
    parser.add_argument(
        "--backend", default="sqlite", choices=["sqlite", "postgres"], help="postgres: and Redis"
    )
    args = parser.parse_args()
    database = postgres_database if args.backend == "postgres" else sqlite_database
    with database() as database_env:
        env = settings_env(database_env)
        os.environ.update(env)
        import django
        from django.core.management import call_command

        django.setup()
        call_command("migrate", verbosity=0, interactive=False)
        call_command("load_rules_data", stdout=open(os.devnull, "w"))  # noqa: SIM115
        sessions = make_sessions(["gm", *(f"player{n}" for n in range(1, 5))])
        with tempfile.TemporaryDirectory(prefix="profile-pages-") as log_dir:
            server = start_server(
                "chargen", app="chargen.wsgi", env={**os.environ, **env}, log_dir=Path(log_dir)
            )
            try:
                pages, skipped = build_pages(server.port, sessions)
            finally:
                stop_servers([server])
        for line in skipped:
            print(f"skipped {line}")
        measured = [
            profile_page(page.name, page.path, page.session, args)
            for page in pages
            if not page.bare and args.page in page.name
        ]
        print_summary(measured, bare_figures(sessions["player1 (bare)"], args.requests))
    return 0


def profile_page(name: str, path: str, session: str, args: argparse.Namespace) -> Figures:
    from django.db import connection

    client = client_for(session)
    for _ in range(3):  # warm caches, as the benchmark's warm-up requests do
        assert client.get(path).status_code == 200, path
    queries: list[str] = []

    def count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        queries.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        size = len(client.get(path).content)
    warm = cpu_ms_per_request(client, path, args.requests)
    figures = Figures(name, warm, len(queries), size)
    print(f"\n===== {name} {path}: {warm:.1f} ms CPU/request, ", end="")
    print(f"{len(queries)} queries, {size} bytes")
    if args.middleware:
        rows = [
            [middleware, f"{ms:.2f}"]
            for middleware, ms in middleware_costs(session, path, args.requests)
        ]
        print(format_table(["middleware", "CPU ms/request"], rows))
    if args.top:
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(args.requests):
            client.get(path)
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats(args.sort).print_stats(args.top)
        print(out.getvalue())
    return figures


def print_summary(measured: list[Figures], bare: dict[str, float]) -> None:
    yardstick = bare["logged in"]
    rows = [
        ["bare Django page, 50 items (logged in)", f"{yardstick:.1f}", "", "1.00"],
        ["bare page, anonymous", f"{bare['anonymous']:.1f}", "", ""],
        *(
            [m.name, f"{m.cpu_ms:.1f}", str(m.queries), f"{yardstick / m.cpu_ms:.2f}"]
            for m in measured
        ),
    ]
    print("\n===== Summary: CPU per request in this process (Django's test client)")
    headers = ["page", "CPU ms/request", "queries", "ratio"]
    print(format_table(headers, rows))
    print("ratio: the logged-in bare page's CPU ÷ the page's (goal ≥ 0.5; wizard, sheet ≥ 0.67).")


if __name__ == "__main__":
    sys.exit(main())
