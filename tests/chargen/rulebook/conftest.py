"""Rule data in the test database, and a rulebook cache that never leaks between tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from chargen.rulebook.management.commands.load_rules_data import fixture_load_missing
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
