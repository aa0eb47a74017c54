"""Server CPU of one complete Infinity Drive character, request by request, in-process.

Drives the benchmark's full-creation scenario (scripts/bench_web_players.py: Treva
through every POST of the wizard, the first skill roll posted twice, equipment, history
and finish, as htmx posts it) through Django's test client on a fresh SQLite file, and
counts this process's CPU time (`time.process_time`) around each request. So the
figures leave out gunicorn and the socket, and other work on the machine disturbs them
far less than the benchmark's wall-clock ones. Prints CPU per character and per page
type (the least of the characters made, after one warm-up character); with --profile,
a cProfile listing of one more character. Asserts nothing but that every step succeeds.

Run: .venv/bin/python scripts/profile_creation.py [--characters 5] [--profile 40]
     [--backend postgres]  (a fresh PostgreSQL database, and Redis, as bench_web.py's)
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import re
import sys
import time
from collections import defaultdict
from typing import Any
from urllib.parse import urlencode

import bench_web_players as play
from bench_web import settings_env
from bench_web_data import make_sessions
from bench_web_http import Browser, Response
from bench_web_measure import format_table
from bench_web_servers import ROOT, postgres_database, sqlite_database

sys.path.insert(0, str(ROOT))

SHOW_SQL = os.environ.get("PROFILE_SHOW_SQL", "")  # a regex of page types whose SQL is printed
ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


class ClientBrowser(Browser):
    """The benchmark's browser over Django's test client: same forms, no server."""

    def __init__(self, session: str, profiler: cProfile.Profile | None = None) -> None:
        super().__init__(0, session=session)
        self.profiler = profiler  # on only inside the requests: the script's parsing is no server's
        from django.test import Client

        self.client = Client(HTTP_HOST="127.0.0.1")
        self.client.cookies["sessionid"] = session
        self.spent: list[tuple[str, float, int]] = []  # (page type, CPU seconds, statements)

    def request(
        self, method: str, path: str, *, data: list[tuple[str, str]] | None = None, htmx: bool
    ) -> Response:
        headers = {"HX-Request": "true", "HX-Current-URL": f"http://127.0.0.1{self.path}"}
        extra: dict[str, Any] = {"headers": headers} if htmx else {}
        from django.db import connection

        statements: list[str] = []

        def count(execute: Any, sql: str, *args: Any) -> Any:
            statements.append(sql)
            return execute(sql, *args)

        started = time.process_time()
        if self.profiler is not None:
            self.profiler.enable()
        with connection.execute_wrapper(count):
            answer = self._send(method, path, data, extra)
        if self.profiler is not None:
            self.profiler.disable()
        page = f"{method} {ID.sub('<id>', path)}"
        self.spent.append((page, time.process_time() - started, len(statements)))
        if SHOW_SQL and re.search(SHOW_SQL, page):
            print(f"-- {page}", *statements, sep="\n  ")
        self.counts.requests += 1
        location = answer.get("Location") or answer.get("HX-Redirect", "")
        shown_at = answer.get("HX-Push-Url") or answer.get("HX-Replace-Url") or ""
        return Response(answer.status_code, location, answer.content.decode(), shown_at)

    def _send(
        self, method: str, path: str, data: list[tuple[str, str]] | None, extra: dict[str, Any]
    ) -> Any:
        if method == "POST":
            answer = self.client.post(
                path,
                urlencode(data or []),
                content_type="application/x-www-form-urlencoded",
                **extra,
            )
            return answer
        return self.client.get(path, **extra)

    def _twice(self, url: str, data: list[tuple[str, str]], as_htmx: bool) -> list[Response]:
        # A double-click, one after the other: the second finds the first's row.
        return [self._post(url, data, as_htmx), self._post(url, data, as_htmx)]


def one_character(
    session: str, name: str, profiler: cProfile.Profile | None = None
) -> list[tuple[str, float, int]]:
    browser = ClientBrowser(session, profiler)
    character = play.treva_start(browser, name=name)
    play.treva_through_skills(browser, character, double_click=True)
    play.treva_equip_and_history(browser, character)
    play.treva_finish(browser, character)
    return browser.spent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--characters", type=int, default=5, help="characters measured")
    parser.add_argument("--profile", type=int, default=0, help="cProfile rows (0: none)")
    parser.add_argument("--sort", default="cumulative", help="cProfile sort key")
    parser.add_argument("--match", default="", help="only functions whose path matches this")
    parser.add_argument(
        "--backend", default="sqlite", choices=["sqlite", "postgres"], help="postgres: and Redis"
    )
    args = parser.parse_args()
    database = postgres_database if args.backend == "postgres" else sqlite_database
    with database() as database_env:
        os.environ.update(settings_env(database_env))
        import django
        from django.core.management import call_command

        django.setup()
        call_command("migrate", verbosity=0, interactive=False)
        call_command("load_rules_data", stdout=open(os.devnull, "w"))  # noqa: SIM115
        session = make_sessions(["player1"])["player1"]
        one_character(session, "Warm-up")  # per-process caches, as a running server has them
        runs = [one_character(session, f"Treva {n}") for n in range(args.characters)]
        print_figures(runs)
        if args.profile:
            profiler = cProfile.Profile()
            one_character(session, "Profiled", profiler)
            out = io.StringIO()
            stats = pstats.Stats(profiler, stream=out)
            stats.sort_stats(args.sort).print_stats(*filter(None, [args.match]), args.profile)
            print(out.getvalue())
    return 0


def print_figures(runs: list[list[tuple[str, float, int]]]) -> None:
    totals = sorted(sum(seconds for _, seconds, _ in run) for run in runs)
    best = min(runs, key=lambda run: sum(seconds for _, seconds, _ in run))
    by_page: dict[str, list[tuple[float, int]]] = defaultdict(list)
    for page, seconds, statements in best:
        by_page[page].append((seconds, statements))
    rows = [
        [
            page,
            str(len(spent)),
            f"{sum(s for s, _ in spent) * 1000 / len(spent):.1f}",
            f"{sum(s for s, _ in spent) * 1000:.0f}",
            f"{sum(n for _, n in spent) / len(spent):.1f}",
        ]
        for page, spent in sorted(by_page.items(), key=lambda item: -sum(s for s, _ in item[1]))
    ]
    headers = ["request", "count", "CPU ms each", "CPU ms in all", "SQL each"]
    print(format_table(headers, rows))
    statements = sum(n for _, _, n in best)
    print(
        f"\n{len(best)} requests and {statements} SQL statements a character; "
        "CPU per character (s): "
        + ", ".join(f"{total:.3f}" for total in totals)
        + f"  (least {totals[0]:.3f} s, {totals[0] * 1000 / len(best):.1f} ms a request)"
    )


if __name__ == "__main__":
    sys.exit(main())
