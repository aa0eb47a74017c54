"""Where each roll came from is counted with the server's keys from Django's cache, which
is re-read whenever a roll names a key it does not hold (chargen.core.roll_keys)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from chargen.core import roll_keys
from chargen.core.models import SigningKey

CaptureOnCommit = Callable[..., AbstractContextManager[list[Callable[[], None]]]]


def _covering(key_ids: list[str]) -> tuple[dict[str, str], int]:
    with CaptureQueriesContext(connection) as queries:
        known = roll_keys.known_public_keys_covering(key_ids)
    return known, len(queries)


@pytest.mark.django_db
def test_known_keys_come_from_the_cache_until_a_roll_names_a_new_one() -> None:
    cache.delete(roll_keys.KNOWN_KEYS_CACHE_KEY)
    own = roll_keys.server_key().key_id
    known, queries = _covering([own, ""])  # "": a row written before signing began
    assert (own in known, queries) == (True, 1)
    assert _covering([own]) == (known, 0)
    # Another worker starts signing with a key of its own: its first roll re-reads.
    other = roll_keys.key_id_of(b"\x01" * 32)
    SigningKey.objects.create(key_id=other, public_key=roll_keys.b64encode(b"\x01" * 32))
    known, queries = _covering([own, other])
    assert (other in known, queries) == (True, 1)
    assert _covering([other])[1] == 0
    # An imported row's foreign key is never known: asked about, it reads every time.
    foreign = roll_keys.key_id_of(b"\x02" * 32)
    for _ in range(2):
        known, queries = _covering([foreign])
        assert (foreign in known, queries) == (False, 1)
    assert known == roll_keys.known_public_keys()


@pytest.mark.django_db
def test_an_id_once_told_is_answered_by_this_process_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    own = roll_keys.server_key().key_id
    roll_keys.known_public_keys_covering([own])  # told once
    asked: list[str] = []
    real_get = cache.get

    def get(key: str, *args: object, **kwargs: object) -> object:
        asked.append(key)
        return real_get(key)

    monkeypatch.setattr(cache, "get", get)
    known, queries = _covering([own])
    assert (own in known, queries, asked) == (True, 0, [])
    # An id it was never told goes to the cache and the table, as before.
    other = roll_keys.key_id_of(b"\x03" * 32)
    SigningKey.objects.create(key_id=other, public_key=roll_keys.b64encode(b"\x03" * 32))
    known, queries = _covering([own, other])
    assert (other in known, queries, asked) == (True, 1, [roll_keys.KNOWN_KEYS_CACHE_KEY])
    # Asked about no id at all, the whole list still comes from the cache.
    roll_keys.known_public_keys_covering([])
    assert asked.count(roll_keys.KNOWN_KEYS_CACHE_KEY) == 2


@pytest.mark.django_db
def test_a_process_started_afresh_records_its_own_key_again(
    django_capture_on_commit_callbacks: CaptureOnCommit,
) -> None:
    """Which of its own keys a process has recorded is part of what a restarted process
    starts without (`forget_known_keys_here`): a test's database is new, and its rows
    must name a key it holds, or they read as sealed elsewhere."""
    with django_capture_on_commit_callbacks(execute=True):
        key = roll_keys.signing_key()
    SigningKey.objects.filter(key_id=key.key_id).delete()  # the next test's new database
    roll_keys.forget_known_keys_here()
    roll_keys.signing_key()
    assert SigningKey.objects.filter(key_id=key.key_id).exists()
