"""The test harness itself: where browser tests put README's screenshots, which tests a
run leaves to the other database, and what a browser test's worker thread leaves open."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import weakref
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.db import connection, connections
from django.db.backends.base.base import BaseDatabaseWrapper

from tests.browser_fixtures import DOCS_SCREENSHOTS
from tests.worker_thread import close_connections_of_ended_threads, in_a_fresh_thread

REPOSITORY = Path(__file__).resolve().parents[1]


def test_readme_screenshots_are_refreshed_inside_the_repository() -> None:
    assert (REPOSITORY / "manage.py").exists()
    assert DOCS_SCREENSHOTS == REPOSITORY / "docs" / "screenshots"


def test_no_test_reads_outside_the_repository() -> None:
    """A bare clone with nothing beside it must pass: no test reads outside the repository."""
    # The sibling folder's name, spelt in pieces so that this file, which only forbids
    # the path, does not itself contain it (it reads nothing outside the repository).
    sibling = "sha" + "red"
    forbidden = (f'"{sibling}"', f"../{sibling}")
    offenders = [
        str(path.relative_to(REPOSITORY))
        for path in (REPOSITORY / "tests").rglob("*.py")
        if path.name != "test_harness.py"
        and any(word in path.read_text(encoding="utf-8") for word in forbidden)
    ]
    assert offenders == []


def test_the_seed_copies_are_in_the_repository() -> None:
    seeds = sorted(path.name for path in (REPOSITORY / "docs" / "seeds").glob("*.txt"))
    assert len(seeds) == 4


def run_pytest(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """pytest run on its own in the repository, with `env` added to this environment."""
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        check=False,
    )


def collected(*paths: str, **env: str) -> set[str]:
    """The test ids pytest collects from `paths` with `env` added to this environment."""
    done = run_pytest("--collect-only", "-q", *paths, **env)
    assert done.returncode == 0, done.stdout + done.stderr
    return {line.split("[")[0] for line in done.stdout.splitlines() if "::" in line}


@pytest.mark.parametrize(
    ("left_out", "kept"),
    [
        # pytest-django refuses a pure test a connection: it cannot differ on PostgreSQL.
        ("tests/rules/test_dice.py", "tests/chargen/core/test_access_helpers.py"),
        # How a browser draws the pages, a whole module marked `any_database`: the client
        # tests check that HTML on both.
        ("tests/e2e/test_pictures.py", "tests/e2e/test_back_nav.py"),
        # One test marked among others of its module, which stay.
        (
            "tests/e2e/test_drifting_table.py::test_axe_finds_nothing_with_cards_pressed",
            "tests/e2e/test_drifting_table.py::test_a_keyboard_presses_the_same_cards",
        ),
    ],
    ids=["pure", "drawing-module", "drawing-test"],
)
def test_the_second_database_runs_only_the_tests_that_can_differ_there(
    left_out: str, kept: str
) -> None:
    """.ci/run's PostgreSQL run (CHARGEN_TESTS_THAT_REACH_A_DATABASE=1) leaves out the
    tests pytest-django refuses a connection and those marked `any_database`, and keeps
    the rest (a test with the django_db mark or a database fixture, the other browser
    tests)."""
    everything = collected(left_out, kept)
    with_a_database = collected(left_out, kept, CHARGEN_TESTS_THAT_REACH_A_DATABASE="1")
    assert any(test.startswith(left_out) for test in everything)
    assert with_a_database == {test for test in everything if test.startswith(kept)}
    assert with_a_database


def test_a_test_after_a_transactional_ones_flush_finds_the_book() -> None:
    """tests/conftest.py loads the book back after each flush: the second test of
    tests/test_book_after_a_flush.py, run right after the first, finds it."""
    done = run_pytest("-p", "no:xdist", "-q", "tests/test_book_after_a_flush.py")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 passed" in done.stdout


@pytest.mark.django_db(transaction=True)
def test_a_row_saved_in_a_fresh_thread_leaves_no_connection_open() -> None:
    """tests/worker_thread.py closes its thread's connection: one left open kept the
    PostgreSQL test database in use, and the run could not drop it at its end."""

    def count_and_hand_over() -> BaseDatabaseWrapper:
        User.objects.count()  # the thread's own connection, opened
        return connections["default"]

    in_the_thread = in_a_fresh_thread(count_and_hand_over)
    assert in_the_thread is not connection  # the thread's wrapper, not this one's
    assert in_the_thread.connection is None  # closed once the function returned


@pytest.mark.django_db(transaction=True)
def test_a_connection_a_thread_left_open_is_closed_before_the_database_is_dropped() -> None:
    """A thread that ends with its connection open leaves Django's wrapper in reference
    cycles, its session alive until a full collection: the run's end collects, before
    pytest-django drops the test database (tests/conftest.py's `django_db_setup`)."""
    left: list[weakref.ref[BaseDatabaseWrapper]] = []
    backend: list[int] = []

    def count_and_end() -> None:
        User.objects.count()  # opened, and never closed
        wrapper = connections["default"]
        left.append(weakref.ref(wrapper))
        if wrapper.vendor == "postgresql":
            backend.append(wrapper.connection.info.backend_pid)

    thread = threading.Thread(target=count_and_end)
    thread.start()
    thread.join()
    close_connections_of_ended_threads()
    assert left[0]() is None  # the wrapper, and its connection with it, are gone
    if backend:
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", backend)
            assert cursor.fetchone() == (0,)
