"""The legacy database, built once for the tests of this package (they all read it).

`legacy_rows` migrates the test database back to the state legacy_v1.json was made at,
inserts its rows through the models of that state and migrates forward to today's
migrations: the very path an existing site's data takes. That takes many seconds, so it
is done once for the package rather than once a test, and committed; each test that
reads it (`legacy_database`) runs in a transaction rolled back after it, as any database
test does, so a test that rolls dice or seals logs leaves the next one the same rows.
The package starts from an empty database, as the old site's was, and leaving it
empties the database again (Django's `flush`, as after a transactional test) and loads
the book every other test finds, so no other test sees the old site's rows: the package
holds the tests that read them and nothing else.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.apps.registry import Apps
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connection, transaction
from django.db.migrations.executor import MigrationExecutor
from pytest_django import DjangoDbBlocker

from chargen.rulebook.management.commands.load_rules_data import fixture_load_missing
from chargen.rulebook.services import rulebook_cache_clear
from rules.infinity_drive.rulebook import BOOK_FIXTURE
from tests.chargen.migration.legacy import keep_stored_timestamps, read_fixture, rows_as_instances


def _migrate_to_latest() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def _insert(old_apps: Apps, tables: dict[str, list[dict[str, Any]]]) -> None:
    """Every fixture row, through the models as they were, in one transaction (foreign
    keys are checked at commit, so the tables' order does not matter)."""
    inserted = []
    with transaction.atomic():
        for label, rows in tables.items():
            model = old_apps.get_model(label)
            keep_stored_timestamps(model)
            model._base_manager.bulk_create(rows_as_instances(model, rows))
            inserted.append(model)
        # PostgreSQL's sequences must move past the inserted keys (SQLite has none).
        statements = connection.ops.sequence_reset_sql(no_style(), inserted)
        with connection.cursor() as cursor:
            for statement in statements:
                cursor.execute(statement)


def _forget_cached_rows() -> None:
    """Rows were written, or flushed, behind the models' backs (no signals)."""
    rulebook_cache_clear()
    ContentType.objects.clear_cache()


@pytest.fixture(scope="package")
def legacy_rows(django_db_setup: None, django_db_blocker: DjangoDbBlocker) -> Iterator[None]:
    """The fixture's rows in a database migrated back to the old state, then forward."""
    fixture = read_fixture()
    leaves = [(app, name) for app, name in fixture["leaf_migrations"]]
    with django_db_blocker.unblock():
        # The old site's database held its own rows only, not the book every worker's
        # test database starts with (tests/conftest.py).
        call_command("flush", interactive=False, verbosity=0)
        executor = MigrationExecutor(connection)
        recorded_apps = {app for app, _ in leaves}
        # An app that did not exist then has nothing to keep: it goes back to no tables.
        newer_apps = [(app, None) for app in executor.loader.migrated_apps - recorded_apps]
        try:
            executor.migrate([*leaves, *newer_apps])
            executor.loader.build_graph()
            _insert(executor.loader.project_state(leaves).apps, fixture["tables"])
        finally:
            # Whatever happened above, the other tests get today's schema back.
            _migrate_to_latest()
        _forget_cached_rows()
    yield
    with django_db_blocker.unblock():
        call_command("flush", interactive=False, verbosity=0)
        fixture_load_missing(path=BOOK_FIXTURE)  # as every other test finds the database
    _forget_cached_rows()


@pytest.fixture
def legacy_database(legacy_rows: None, db: None) -> Iterator[None]:
    """The legacy database, for one test: its writes are rolled back after it."""
    _forget_cached_rows()
    yield
    _forget_cached_rows()
