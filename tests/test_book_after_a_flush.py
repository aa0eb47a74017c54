"""Every test starts with the book in its database, even one that runs right after a
transactional test, whose flush empties the database (tests/conftest.py loads it back).

The two tests run in this order when run alone (tests/test_harness.py does): the second
finds what the first's flush left."""

from __future__ import annotations

import pytest

from chargen.rulebook.models import Career, TableRow


@pytest.mark.django_db(transaction=True)
def test_a_test_marked_transactional_finds_the_book() -> None:
    assert Career.objects.exists()


def test_a_transactional_test_after_it_finds_the_book_again(transactional_db: None) -> None:
    assert Career.objects.exists()
    assert TableRow.objects.count() == 308
