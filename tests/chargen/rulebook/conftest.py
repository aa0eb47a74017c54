"""Rule data in the test database, and a rulebook cache that never leaks between tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.apps import apps

from chargen.rulebook.management.commands.load_rules_data import fixture_load_missing
from chargen.rulebook.models import RemovedBookRow
from chargen.rulebook.removed import BOOK_DATA_MODELS
from chargen.rulebook.services import rulebook_cache_clear
from rules.infinity_drive.rulebook import BOOK_FIXTURE


@pytest.fixture(autouse=True)
def _fresh_rulebook_cache() -> Iterator[None]:
    # Each test's database is rolled back without signals; never reuse another test's book.
    rulebook_cache_clear()
    yield
    rulebook_cache_clear()


@pytest.fixture
def book_data(db: None) -> None:
    """The Infinity Drive fixture loaded into the test database."""
    fixture_load_missing(path=BOOK_FIXTURE)


@pytest.fixture
def empty_book(db: None) -> None:
    """A database the book was never loaded into, as on a new site.

    Every worker's test database holds the book from the start (tests/conftest.py); this
    deletes its rows in the test's own transaction, then the records of those deletions
    (so a load adds the rows back, as it would on a new site)."""
    for label in reversed(BOOK_DATA_MODELS):
        if label.startswith("rulebook."):
            apps.get_model(label).objects.all().delete()
    RemovedBookRow.objects.all().delete()
    rulebook_cache_clear()
