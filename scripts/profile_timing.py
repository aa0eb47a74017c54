"""Helpers of scripts/profile_pages.py: a page's CPU per request without the profiler,
each middleware's share of it, and the bare project's page measured the same way.

All figures are this process's CPU time (`time.process_time`), so another program busy
on the machine slows them far less than it slows wrk's wall-clock figures. They leave
out what gunicorn adds to every request (the same for Chargen and the bare project).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

SCRIPTS = Path(__file__).resolve().parent
BARE_DIR = SCRIPTS / "bench_bare"
ROUNDS = 3  # the least disturbed round is kept


def client_for(session: str) -> Any:
    from django.test import Client

    client = Client(HTTP_HOST="127.0.0.1")
    if session:
        client.cookies["sessionid"] = session
    return client


def cpu_ms_per_request(
    client: Any, path: str, requests: int, before: Callable[[], object] | None = None
) -> float:
    """The lowest of ROUNDS rounds of `requests` requests, in CPU ms per request (each
    after `before()`, counted in)."""
    best = float("inf")
    for _ in range(ROUNDS):
        started = time.process_time()
        for _ in range(requests):
            if before is not None:
                before()
            client.get(path)
        best = min(best, (time.process_time() - started) * 1000 / requests)
    return best


# --- each middleware's share ---------------------------------------------------------------

_entered: dict[int, float] = {}
_spent: dict[int, float] = {}


def _shim(index: int) -> type:
    """A middleware that records the CPU time spent inside it (and everything it wraps)."""

    class Shim:
        def __init__(self, get_response: Callable[[Any], Any]) -> None:
            self.get_response = get_response

        def __call__(self, request: Any) -> Any:
            started = time.process_time()
            response = self.get_response(request)
            _spent[index] = _spent.get(index, 0.0) + time.process_time() - started
            return response

    Shim.__name__ = f"Shim{index}"
    return Shim


def middleware_costs(session: str, path: str, requests: int) -> list[tuple[str, float]]:
    """(middleware, CPU ms per request spent in it alone) and ("view", ms) last.

    A timing shim sits before each middleware and before the view; a middleware's own
    cost is its shim's time minus the next shim's. The shims themselves cost well
    under a microsecond each.
    """
    from django.conf import settings
    from django.test import override_settings

    names = list(settings.MIDDLEWARE)
    module = sys.modules[__name__]
    chain: list[str] = []
    for index in range(len(names) + 1):
        setattr(module, f"Shim{index}", _shim(index))
        chain.append(f"{__name__}.Shim{index}")
        if index < len(names):
            chain.append(names[index])
    with override_settings(MIDDLEWARE=chain):
        client = client_for(session)
        for _ in range(3):
            client.get(path)
        _spent.clear()
        for _ in range(requests):
            client.get(path)
    inclusive = [_spent.get(index, 0.0) * 1000 / requests for index in range(len(names) + 1)]
    own = [inclusive[i] - inclusive[i + 1] for i in range(len(names))]
    return [*zip(names, own, strict=True), ("view (and what it renders)", inclusive[-1])]


# --- the bare project, in a child process ------------------------------------------------------


def bare_figures(session: str, requests: int) -> dict[str, float]:
    """The bare project's pages (logged in with `session`, and anonymous), in CPU ms per
    request, measured in a child process: Django's settings are read once per process."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "bare_settings"}
    env["PYTHONPATH"] = os.pathsep.join([str(BARE_DIR), str(SCRIPTS)])
    command = [sys.executable, __file__, session, str(requests)]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True)  # noqa: S603
    figures: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return figures


def _bare_child(session: str, requests: int) -> None:
    import django

    django.setup()
    figures = {}
    for name, path, cookie in (("logged in", "/", session), ("anonymous", "/anonymous/", "")):
        client = client_for(cookie)
        for _ in range(3):
            assert client.get(path).status_code == 200, path
        figures[name] = cpu_ms_per_request(client, path, requests)
    print(json.dumps(figures))


if __name__ == "__main__":
    _bare_child(sys.argv[1], int(sys.argv[2]))
