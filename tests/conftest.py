"""Shared fixtures: the same cast in every test — a GM, two players and an outsider."""

from __future__ import annotations

import fcntl
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.test.utils import override_settings
from pytest_django import DjangoDbBlocker

from chargen.rulebook.management.commands.load_rules_data import fixture_load_missing
from chargen.rulebook.models import RemovedBookRow
from chargen.rulebook.removed import BOOK_DATA_MODELS
from chargen.rulebook.services import rulebook_cache_clear
from rules.infinity_drive.rulebook import BOOK_FIXTURE

# One Playwright for the whole run: a second one in the same session fails.
from tests.browser_fixtures import (  # noqa: F401
    browser,
    context,
    page,
    screenshot_dir,
)
from tests.worker_thread import close_connections_of_ended_threads

PASSWORD = "correct-horse-battery-staple-42"


@pytest.fixture(autouse=True, scope="session")
def _plain_static_storage(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Serve static files unhashed: tests do not run collectstatic first.

    Production uses WhiteNoise's manifest storage; test_deploy_settings checks that.
    An empty STATIC_ROOT keeps WhiteNoise from warning that the folder is missing.
    """
    with override_settings(
        STATIC_ROOT=tmp_path_factory.mktemp("staticfiles"),
        STORAGES={
            "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        },
        SECURE_SSL_REDIRECT=False,
        PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
    ):
        yield


# Where the session's database blocker is kept for the teardown hook below.
DB_BLOCKER = pytest.StashKey[DjangoDbBlocker]()


@pytest.fixture(scope="session")
def django_db_setup(
    request: pytest.FixtureRequest, django_db_setup: None, django_db_blocker: DjangoDbBlocker
) -> Iterator[None]:
    """The Infinity Drive book's tables, loaded once into each worker's test database
    (pytest-django's documented way to populate it) as a deployment loads them.

    A test's transaction rolls back to it, so the packages' own rules fixtures find it
    present and add nothing (loading it for each of a thousand tests was a third of the
    PostgreSQL run). A transactional test's flush empties the database; the book is
    loaded again after it (`pytest_runtest_teardown`), so every test starts from the same
    database whatever ran before it in its worker. A test that needs a new site's
    database asks for `empty_book`. At the end of the run the connections that ended
    threads left open are closed, so that the database can be dropped."""
    request.config.stash[DB_BLOCKER] = django_db_blocker
    with django_db_blocker.unblock():
        fixture_load_missing(path=BOOK_FIXTURE)
    yield
    # Before pytest-django drops the database (its own teardown comes after this one).
    close_connections_of_ended_threads()


# What makes pytest-django flush the database after a test (a TransactionTestCase).
FLUSHING_FIXTURES = frozenset(
    {
        "transactional_db",
        "live_server",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
    }
)


def flushes_the_database(item: pytest.Item) -> bool:
    marker = item.get_closest_marker("django_db")
    if marker is not None and (
        marker.kwargs.get("transaction") or marker.kwargs.get("reset_sequences")
    ):
        return True
    return not FLUSHING_FIXTURES.isdisjoint(getattr(item, "fixturenames", ()))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """After a transactional test's fixtures are torn down (its flush included, whichever
    fixture asked for it), the book goes back into the database for the next test. A
    hook, not a fixture: an autouse fixture's teardown can come before pytest-django's
    flush for a test marked `django_db(transaction=True)`."""
    result = yield
    blocker = item.config.stash.get(DB_BLOCKER, None)
    if nextitem is not None and blocker is not None and flushes_the_database(item):
        with blocker.unblock():
            fixture_load_missing(path=BOOK_FIXTURE)
        rulebook_cache_clear()
    return result


@pytest.fixture
def empty_book(db: None) -> None:
    """A database the book was never loaded into, as on a new site.

    Every worker's test database holds the book from the start (`django_db_setup`); this
    deletes its rows in the test's own transaction, then the records of those deletions
    (so a load adds the rows back, as it would on a new site)."""
    for label in reversed(BOOK_DATA_MODELS):
        if label.startswith("rulebook."):
            apps.get_model(label).objects.all().delete()
    RemovedBookRow.objects.all().delete()
    rulebook_cache_clear()


# Production's static files: WhiteNoise's manifest storage, hashed and compressed copies.
PRODUCTION_STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}


@pytest.fixture(scope="session")
def production_static_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`collectstatic` with the production storage, run once for the tests that read its
    output. Fails (MissingFileError) if a vendored file points at a source map we don't
    ship.

    It compresses every file twice (gzip and Brotli): some 30 s of CPU. The test workers
    share one run, as pytest-xdist's documentation shows: the first to ask collects into
    the folder all workers' temporary folders sit in, holding a lock the others wait at,
    and they then read what it wrote."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:  # not under xdist: nothing to share
        return _collected(tmp_path_factory.mktemp("collected"))
    shared = tmp_path_factory.getbasetemp().parent
    with (shared / "collected.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        root, done = shared / "collected", shared / "collected.done"
        if not done.exists():  # written once the whole command has finished
            # A worker killed half-way left copies newer than their sources, which
            # collectstatic would keep: start from nothing.
            shutil.rmtree(root, ignore_errors=True)
            _collected(root)
            done.touch()
    return root


def _collected(root: Path) -> Path:
    with override_settings(STATIC_ROOT=root, STORAGES=PRODUCTION_STORAGES):
        call_command("collectstatic", interactive=False, verbosity=0)
    return root


@pytest.fixture(autouse=True)
def _nothing_kept_in_memory() -> None:
    """Each test starts with no replay or signing key this process kept in its own
    memory (a test's database is new)."""
    from chargen.core.replay_cache import forget_recent_replays
    from chargen.core.roll_keys import forget_known_keys_here

    forget_recent_replays()
    forget_known_keys_here()


def _make_user(username: str) -> User:
    return User.objects.create_user(
        username=username, email=f"{username}@example.org", password=PASSWORD
    )


@pytest.fixture
def gm(db: None) -> User:
    """Alice runs the campaign."""
    return _make_user("alice")


@pytest.fixture
def player(db: None) -> User:
    """Bob plays in Alice's campaign."""
    return _make_user("bob")


@pytest.fixture
def other_player(db: None) -> User:
    """Carol also plays in Alice's campaign."""
    return _make_user("carol")


@pytest.fixture
def outsider(db: None) -> User:
    """Dave has an account but no part in the campaign."""
    return _make_user("dave")


def _logged_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def gm_client(gm: User) -> Client:
    return _logged_in(gm)


@pytest.fixture
def player_client(player: User) -> Client:
    return _logged_in(player)


@pytest.fixture
def other_player_client(other_player: User) -> Client:
    return _logged_in(other_player)


@pytest.fixture
def outsider_client(outsider: User) -> Client:
    return _logged_in(outsider)


# Fixtures through which a test reaches the database (pytest-django refuses any other
# test a connection, so a test without one of these behaves the same on every database).
DATABASE_FIXTURES = frozenset(
    {
        "db",
        "transactional_db",
        "live_server",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
    }
)


def reaches_a_database(item: pytest.Item) -> bool:
    fixtures = getattr(item, "fixturenames", ())
    return item.get_closest_marker("django_db") is not None or not DATABASE_FIXTURES.isdisjoint(
        fixtures
    )


# Tests marked `any_database` run on SQLite only: what they check is the pages as a
# browser has them (pictures against their references, axe, widths on a phone and a
# desktop, the printed pages, the clicks a character takes, the Content-Security-Policy
# in the browser) and the collected static files. Some write through the database on the
# way, but by paths that other tests, kept on both databases, take too (the wizard's
# journeys in test_wizard.py, the Drifting sheet's keyboard test) and whose HTML the
# client tests check on both. Their browser time was a third of the PostgreSQL run. A
# whole module is marked with `pytestmark`, a test among others with the decorator.
ANY_DATABASE = "any_database"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With CHARGEN_TESTS_THAT_REACH_A_DATABASE=1 (.ci/run's second database), only the
    tests that can open a connection and are not marked `any_database`: the others ran
    already and cannot differ.

    The order is left as collected (pytest-django's: database tests, then transactional
    ones). Moved to the front, the browser tests broke later tests in their worker:
    Playwright's event loop, left in the thread, made Django's async_to_sync refuse to
    run, and a data-migration test failed after them."""
    if os.environ.get("CHARGEN_TESTS_THAT_REACH_A_DATABASE") != "1":
        return
    kept: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    for item in items:
        wanted = reaches_a_database(item) and item.get_closest_marker(ANY_DATABASE) is None
        (kept if wanted else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept
