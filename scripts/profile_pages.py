"""Where a page's Python time goes: cProfile over Django's test client, page by page.

Makes the web benchmark's data (scripts/bench_web_data.py: the party of four Trevas, a
draft at its skills step, a Drifting token sheet, both roller sheets) through the pages
of a gunicorn server on a fresh SQLite file, then requests each page in this process
with Django's test client under cProfile and prints the functions with the most
cumulative time, plus the queries each page runs. Prints figures; asserts nothing.

Run: .venv/bin/python scripts/profile_pages.py [--requests 20] [--top 25] [--page sheet]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench_web import settings_env
from bench_web_data import build_pages, make_sessions
from bench_web_servers import ROOT, sqlite_database, start_server, stop_servers

sys.path.insert(0, str(ROOT))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=20, help="profiled requests a page")
    parser.add_argument("--top", type=int, default=25, help="functions shown a page")
    parser.add_argument("--page", default="", help="only pages whose name contains this")
    args = parser.parse_args()
    with sqlite_database() as database_env:
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
        for page in pages:
            if page.session and args.page in page.name:
                profile_page(page.name, page.path, page.session, args.requests, args.top)
    return 0


def profile_page(name: str, path: str, session: str, requests: int, top: int) -> None:
    from django.db import connection
    from django.test import Client

    client = Client(HTTP_HOST="127.0.0.1")
    client.cookies["sessionid"] = session
    for _ in range(3):  # warm caches, as the benchmark's warm-up requests do
        assert client.get(path).status_code == 200, path
    queries: list[str] = []

    def count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        queries.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        size = len(client.get(path).content)
    profiler = cProfile.Profile()
    started = time.process_time()
    profiler.enable()
    for _ in range(requests):
        client.get(path)
    profiler.disable()
    cpu_ms = (time.process_time() - started) * 1000 / requests
    print(f"\n===== {name} {path}: {cpu_ms:.1f} ms CPU/request (profiled), ", end="")
    print(f"{len(queries)} queries, {size} bytes")
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(top)
    print(out.getvalue())


if __name__ == "__main__":
    sys.exit(main())
