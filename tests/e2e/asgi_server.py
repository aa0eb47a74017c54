"""A live server for the live table: uvicorn serving chargen.asgi on a free port.

pytest-django's `live_server` speaks WSGI over HTTP only; the table needs the socket
too, so this starts the real ASGI server, as production runs it, in a process of its
own, on the test database and the test run's own channel-layer prefix. It can be
stopped and started again on the same port, as a deployment restarts a server.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

from django.conf import settings
from django.db import connection

from tests.redis_available import redis_location

ROOT = Path(__file__).resolve().parents[2]
START_WAIT = 120  # seconds: the server's imports take long on a busy 2-core machine


def this_runs_database_url() -> str:
    """The URL of the database this test run uses (SQLite's file or PostgreSQL's test
    database), for a server in another process to open."""
    database = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{database['NAME']}"
    user = quote(str(database["USER"] or ""), safe="")
    password = f":{quote(str(database['PASSWORD']), safe='')}" if database["PASSWORD"] else ""
    port = f":{database['PORT']}" if database["PORT"] else ""
    host = database["HOST"] or "127.0.0.1"
    return f"postgres://{user}{password}@{host}{port}/{database['NAME']}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class AsgiServer:
    def __init__(self, channel_prefix: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.env = {
            **os.environ,
            "DEBUG": "1",  # static files from the finders, as `make run` serves them
            "DATABASE_URL": this_runs_database_url(),
            "SECRET_KEY": settings.SECRET_KEY,  # the test's sessions must read the same
            "REDIS_URL": redis_location(),
            "CHANNEL_PREFIX": channel_prefix,
            "ALLOWED_HOSTS": "127.0.0.1",
            "SITE_URL": self.url,
        }

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "uvicorn",
                "chargen.asgi:application",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--log-level",
                "warning",
            ],
            cwd=ROOT,
            env=self.env,
        )
        deadline = time.monotonic() + START_WAIT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("The ASGI server stopped as it started.")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.2)  # not listening yet: look again
        raise RuntimeError("The ASGI server did not start listening.")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=30)
            self.process = None
