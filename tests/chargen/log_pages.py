"""Long roll logs for the paging tests (chargen/core/log_pages.py): made cheaply, as the
benchmark makes them (scripts/bench_seed_rows.py), and read back from a page's HTML."""

from __future__ import annotations

import re
from typing import Any

from django.db.models import QuerySet
from django.test import Client
from django.utils import timezone

from chargen.core.log_pages import LOG_PAGE_SIZE

ROW = re.compile(r'<li [^>]*data-sequence="(\d+)"')


def lengthen(log: QuerySet[Any], total: int, *, kind: str = "roll") -> None:
    """Copies of the log's rows of `kind` appended until it holds `total` rows. Each copy
    is saved by the log's own model, which seals it as it seals every row."""
    copied = list(log.filter(kind=kind).order_by("sequence").values())
    assert copied, f"the log has no {kind} row to copy"
    for sequence in range(log.count() + 1, total + 1):
        values = dict(copied[sequence % len(copied)])
        values.pop("id")  # a new row, with its own id
        values.update(sequence=sequence, created=timezone.now())
        values.update(entry_hash="", signature="", key_id="")  # sealed by save()
        log.model(**values).save()


def shown_sequences(client: Client, url: str) -> list[int]:
    """The log rows a page draws, by sequence, in the page's order."""
    response = client.get(url)
    assert response.status_code == 200, url
    return [int(sequence) for sequence in ROW.findall(response.content.decode())]


def assert_paged(client: Client, url: str, total: int) -> None:
    """A log of `total` rows (1..total, more than two pages) reads newest first a page at
    a time, each page linking to the next older one; past the last is the last page."""
    assert total > 2 * LOG_PAGE_SIZE
    newest = client.get(url).content.decode()
    assert [int(n) for n in ROW.findall(newest)] == list(range(total, total - LOG_PAGE_SIZE, -1))
    assert f'href="{url}?page=2#log-heading">Older</a>' in newest
    assert "Newer</a>" not in newest
    second = client.get(f"{url}?page=2").content.decode()
    older = total - LOG_PAGE_SIZE
    assert [int(n) for n in ROW.findall(second)] == list(range(older, older - LOG_PAGE_SIZE, -1))
    assert f'href="{url}?page=1#log-heading">Newer</a>' in second
    assert f'href="{url}?page=3#log-heading">Older</a>' in second
    last = -(-total // LOG_PAGE_SIZE)
    oldest = list(range(total - (last - 1) * LOG_PAGE_SIZE, 0, -1))
    assert shown_sequences(client, f"{url}?page={last}") == oldest
    assert shown_sequences(client, f"{url}?page={last + 5}") == oldest
    assert shown_sequences(client, f"{url}?page=nonsense")[0] == total
