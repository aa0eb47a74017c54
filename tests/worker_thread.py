"""Work a test hands to a thread of its own, as a server hands a request to one.

The main thread of a test worker may run Playwright's event loop (its browser is
session-wide): async_to_sync refuses to start there, and a row is announced to the live
table from a thread with none. Django gives each thread its own database connection and
leaves closing it to the thread: a thread that ended with its connection open kept the
test database in use, and pytest-django could not drop it at the end of the run.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from django.db import connections

T = TypeVar("T")


def in_a_fresh_thread(function: Callable[..., T], *args: object) -> T:
    """`function(*args)` in a thread of its own, whose connections are closed after it,
    as a server closes a request thread's."""

    def run() -> T:
        try:
            return function(*args)
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=1) as worker:
        return worker.submit(run).result()


def close_connections_of_ended_threads() -> None:
    """Close the database connections that threads which have ended left open.

    Django gives each thread its own connection wrapper, and the wrapper holds reference
    cycles (its operations and features point back at it): a thread that ends with its
    connection open (a request thread of a live server, a library's worker thread) leaves
    the wrapper alive until Python's next full collection, and its PostgreSQL session with
    it. Three such sessions, idle after a COMMIT, were still there when pytest-django
    dropped a worker's test database at the end of a run ("being accessed by other
    users"); a full collection ends them."""
    gc.collect()
