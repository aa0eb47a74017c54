"""How much a Chargen page costs next to a bare Django page, and how fast players can build.

Starts the product and a bare Django project (scripts/bench_bare/: what `django-admin
startproject` makes, its default apps and middleware, sessions in the database, one
`@login_required` view rendering a 50-item template) under gunicorn on free ports with the
same settings (DEBUG off), sharing one fresh database: a SQLite file, then, when
PostgreSQL and Redis answer on 127.0.0.1, a fresh PostgreSQL database shared by two app
servers and Redis. It loads realistic data through the pages' own forms (a campaign with
a GM and four players, the book's 13-roll character, Drifting characters, roller sheets),
drives each page with wrk, reads each gunicorn worker's CPU time from /proc, and prints
req/s, p50, p99 and the CPU a request costs next to the bare page, which is requested with
the same logged-in session cookie as the product's pages (every product page measured is a
logged-in page: a like-for-like yardstick reads its session and user too; the anonymous bare
page is printed beside it for comparison, bare_settings.py says more). Then 16 players build
a complete character at once through every POST of the wizard, after a warm-up round of
a few characters whose cost is printed apart (a worker compiles each template and builds
the rule data once in its life, which no server that has been running still pays); the
database is checked afterwards: every log whole, no roll written twice. Prints figures;
asserts nothing.

Run: .venv/bin/python scripts/bench_web.py [--seconds 5] [--players 16] [--backend all]
     [--code-at COMMIT]  (the same benchmark over an earlier commit: bench_web_code_at.py)
     [--creation-only]  (the full-creation scenario alone: bench_web_pairs.py)
Needs wrk (Debian: apt-get install wrk; `make bench` installs it).
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from bench_web_code_at import BEFORE_ISSUE_13, code_at
from bench_web_data import (
    Page,
    Player,
    build_pages,
    creation_scenario,
    database_check,
    make_sessions,
)
from bench_web_http import Browser
from bench_web_measure import WrkResult, format_table
from bench_web_servers import (
    BARE_DIR,
    ROOT,
    Meter,
    Server,
    postgres_and_redis_answer,
    postgres_database,
    run_wrk,
    sqlite_database,
    start_server,
    stop_servers,
    wrk_available,
)

sys.path.insert(0, str(ROOT))

WARM_UP_REQUESTS = 10


@dataclass(frozen=True)
class Measured:
    page: Page
    wrk: WrkResult
    cpu_per_request: float
    others_cores: float


def settings_env(database: dict[str, str]) -> dict[str, str]:
    """The product's production settings, on plain HTTP at 127.0.0.1."""
    return {
        **database,
        "DJANGO_SETTINGS_MODULE": "chargen.settings",
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        # Production settings redirect plain HTTP to HTTPS (a proxy terminates TLS).
        "SECURE_SSL_REDIRECT": "0",
        # No collectstatic into the repository: pages link static files unhashed.
        "STATIC_MANIFEST": "0",
        "LOG_LEVEL": "WARNING",
    }


def measure_page(
    page: Page, ports: list[int], servers: list[Server], *, seconds: float, connections: int
) -> Measured:
    cookie = f"sessionid={page.session}" if page.session else ""
    for n in range(WARM_UP_REQUESTS):  # every worker loads its caches before the clock
        Browser(ports[n % len(ports)], session=page.session).get(page.path)
    with Meter(servers) as meter:
        result = run_wrk(ports, page.path, cookie=cookie, seconds=seconds, connections=connections)
    return Measured(
        page, result, meter.worker_seconds / max(1, result.requests), meter.others_cores
    )


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f}"


def print_pages(measured: list[Measured]) -> None:
    bare = measured[0].cpu_per_request
    rows = [
        [
            m.page.name,
            f"{m.wrk.requests_per_second:.0f}",
            f"{m.wrk.p50_ms:.0f}",
            f"{m.wrk.p99_ms:.0f}",
            _ms(m.cpu_per_request),
            f"{bare / m.cpu_per_request:.2f}" if m.cpu_per_request else "-",
            f"{m.others_cores:.1f}",
            str(m.wrk.errors),
        ]
        for m in measured
    ]
    headers = ["page", "req/s", "p50 ms", "p99 ms", "CPU ms/req", "ratio", "others", "errors"]
    print(format_table(headers, rows))
    print(
        "ratio: the bare page's CPU per request (logged in, the first row) ÷ this page's "
        "(goal ≥ 0.5; wizard and sheet ≥ 0.67); others: cores busy with other processes on "
        "the machine meanwhile."
    )


def print_scenario(players: list[Player], meter: Meter, check: tuple[int, int, list[str]]) -> None:
    done = sum(p.finished for p in players)
    errors = [p.error for p in players if p.error]
    requests = sum(p.requests for p in players)
    finished, whole, problems = check
    per_character = meter.worker_seconds / done if done else float("nan")
    print(
        f"Full creation: {len(players)} players at once, {done} characters in "
        f"{meter.seconds:.1f} s = {done * 60 / meter.seconds:.1f} characters/min; "
        f"server CPU {per_character:.2f} s/character ({requests} requests, "
        f"{_ms(meter.worker_seconds / max(1, requests))} ms CPU each); errors {len(errors)}; "
        f"others {meter.others_cores:.1f} cores."
    )
    print(
        f"Database check: {finished}/{len(players)} finished, {whole}/{len(players)} logs "
        "whole (sequence 1..n, no gap) with no duplicate roll (first skill roll double-clicked)."
    )
    for line in [*errors, *problems][:10]:
        print(f"  ! {line}")


def run_backend(
    backend: str, *, seconds: float, players: int, connections: int, creation_only: bool = False
) -> None:
    """One database's whole run, in this process (Django is set up for that database)."""
    database: AbstractContextManager[dict[str, str]] = (
        postgres_database() if backend == "postgres" else sqlite_database()
    )
    app_servers = 2 if backend == "postgres" else 1
    with database as database_env:
        env = settings_env(database_env)
        os.environ.update(env)
        import django
        from django.core.management import call_command

        django.setup()
        call_command("migrate", verbosity=0, interactive=False)
        call_command("load_rules_data", stdout=open(os.devnull, "w"))  # noqa: SIM115
        creators = [f"creator{n:02}" for n in range(1, players + 1)]
        sessions = make_sessions(["gm", *(f"player{n}" for n in range(1, 5)), *creators])
        server_env = {**os.environ, **env}
        bare_env = {**server_env, "DJANGO_SETTINGS_MODULE": "bare_settings"}
        with _log_dir() as log_dir:
            logs = Path(log_dir)
            servers: list[Server] = []
            try:
                for n in range(app_servers):
                    servers.append(
                        start_server(
                            f"chargen{n}", app="chargen.wsgi", env=server_env, log_dir=logs
                        )
                    )
                    servers.append(
                        start_server(
                            f"bare{n}",
                            app="bare_wsgi:application",
                            env=bare_env,
                            log_dir=logs,
                            extra=("--pythonpath", str(BARE_DIR)),
                        )
                    )
                product = [s for s in servers if s.name.startswith("chargen")]
                bare = [s for s in servers if s.name.startswith("bare")]
                _run(
                    backend, product, bare, sessions, creators, seconds, connections, creation_only
                )
            except Exception:
                for server in servers:
                    print(f"--- {server.name} log:\n{server.log_tail()}", file=sys.stderr)
                raise
            finally:
                stop_servers(servers)
                from django.db import connections as django_connections

                django_connections.close_all()


WARM_UP_PER_WORKER = 2  # characters; the players are spread over servers, not workers
CREATION_ROUNDS = 3


def _log_dir() -> AbstractContextManager[str]:
    return tempfile.TemporaryDirectory(prefix="bench-web-logs-")


def _run(
    backend: str,
    product: list[Server],
    bare: list[Server],
    sessions: dict[str, str],
    creators: list[str],
    seconds: float,
    connections: int,
    creation_only: bool = False,
) -> None:
    ports = [s.port for s in product]
    label = "PostgreSQL + Redis" if backend == "postgres" else "SQLite"
    load = (
        "full creation only"
        if creation_only
        else f"wrk {connections} connections for {seconds:g} s a page"
    )
    print(f"\n== {label}: {len(product)} app server(s) × 2 gunicorn sync workers; {load} ==")
    if not creation_only:
        _pages(ports, bare, product, sessions, seconds, connections)
    _creation(ports, product, sessions, creators)


def _pages(
    ports: list[int],
    bare: list[Server],
    product: list[Server],
    sessions: dict[str, str],
    seconds: float,
    connections: int,
) -> None:
    started = time.monotonic()
    pages, skipped = build_pages(ports[0], sessions)
    print(f"Data made through the pages in {time.monotonic() - started:.0f} s.")
    measured = []
    for page in pages:
        is_bare = page.bare
        measured.append(
            measure_page(
                page,
                [s.port for s in bare] if is_bare else ports,
                bare if is_bare else product,
                seconds=seconds,
                connections=connections,
            )
        )
    print_pages(measured)
    for line in skipped:
        print(f"  skipped {line}")


def _creation(
    ports: list[int], product: list[Server], sessions: dict[str, str], creators: list[str]
) -> None:
    # A warm-up round first, printed but not counted: each worker compiles its templates
    # and builds the rule data once in its life, which a running server has done.
    warm_up = [sessions[c] for c in creators[: WARM_UP_PER_WORKER * 2 * len(product)]]
    cold, cold_meter = creation_scenario(ports, warm_up, product)
    cold_done = sum(p.finished for p in cold)
    print(
        f"Warm-up round (not counted below): {cold_done} characters from freshly started "
        f"workers, {cold_meter.worker_seconds / max(1, cold_done):.2f} s of server CPU each."
    )
    # Several rounds, each printed, and their median: one round's figure moves by a
    # tenth from run to run on a shared two-core machine.
    per_character = []
    for _ in range(CREATION_ROUNDS):
        players, meter = creation_scenario(ports, [sessions[c] for c in creators], product)
        try:
            check = database_check(players)
        except Exception as error:  # the models moved: say so rather than hide the figures
            check = (0, 0, [f"database check unavailable: {type(error).__name__}: {error}"])
        print_scenario(players, meter, check)
        done = sum(p.finished for p in players)
        per_character.append(meter.worker_seconds / done if done else float("nan"))
    print(
        f"Full creation, median of {CREATION_ROUNDS} rounds: server CPU "
        f"{statistics.median(per_character):.2f} s/character (rounds: "
        + ", ".join(f"{value:.2f}" for value in per_character)
        + ")."
    )


def _header() -> None:
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(
        f"Web benchmark, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, nproc {os.cpu_count()}, "
        f"load average {load} before the start."
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", choices=("all", "sqlite", "postgres"), default="all")
    parser.add_argument("--seconds", type=float, default=5.0, help="wrk run per page")
    parser.add_argument("--players", type=int, default=16, help="players building at once")
    parser.add_argument("--connections", type=int, default=16, help="wrk connections")
    parser.add_argument(
        "--code-at",
        default="",
        metavar="COMMIT",
        help=f"measure the code at COMMIT instead (before issue 13: {BEFORE_ISSUE_13})",
    )
    parser.add_argument(
        "--creation-only",
        action="store_true",
        help="only the full-creation scenario, no page (bench_web_pairs.py)",
    )
    args = parser.parse_args()
    if not wrk_available():
        print("wrk is missing: `make bench` installs it (Debian: apt-get install wrk).")
        return 1
    options = ["--seconds", str(args.seconds), "--players", str(args.players)]
    options += ["--connections", str(args.connections)]
    if args.creation_only:
        options.append("--creation-only")
    if args.code_at:
        with code_at(args.code_at) as script:
            print(f"The code at {args.code_at}, driven by this checkout's scripts:")
            command = [sys.executable, str(script), "--backend", args.backend, *options]
            follow = {**os.environ, "CHARGEN_BENCH_FOLLOW_HTMX_REDIRECTS": "1"}
            return subprocess.run(command, check=False, env=follow).returncode  # noqa: S603
    if args.backend != "all":
        run_backend(
            args.backend,
            seconds=args.seconds,
            players=args.players,
            connections=args.connections,
            creation_only=args.creation_only,
        )
        return 0
    _header()
    status = 0
    for backend in ("sqlite", "postgres"):
        if backend == "postgres" and (why := postgres_and_redis_answer()):
            print(f"\nPostgreSQL run skipped: PostgreSQL or Redis does not answer ({why}).")
            continue
        # A process per database: Django's settings are read once per process.
        command = [sys.executable, __file__, "--backend", backend, *options]
        status |= subprocess.run(command, check=False).returncode  # noqa: S603
    return status


if __name__ == "__main__":
    sys.exit(main())
