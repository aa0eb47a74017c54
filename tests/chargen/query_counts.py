"""The queries a page runs, for the tests that assert the count does not grow with the
number of characters, rolls or notes: a count, never a timing."""

from __future__ import annotations

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext


def page_queries(client: Client, url: str) -> list[str]:
    """The SQL of one GET after a first one has filled per-process caches."""
    assert client.get(url).status_code == 200, url
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200, url
    return [query["sql"] for query in captured.captured_queries]


def assert_flat(before: dict[str, list[str]], client: Client) -> None:
    """Every page in `before` runs as many queries now as it did then."""
    for url, queries in before.items():
        now = page_queries(client, url)
        assert len(now) == len(queries), (
            f"{url}: {len(queries)} queries became {len(now)}:\n" + "\n".join(now)
        )
