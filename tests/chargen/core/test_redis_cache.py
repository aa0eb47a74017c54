"""The Redis cache backend keeps one client per connection pool (chargen/core/redis_cache.py)
and behaves as Django's: values go in and come back, and a second process sees them."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator

import pytest
from django.core.cache.backends.redis import RedisCacheClient

from chargen.core.redis_cache import RedisCache
from tests.redis_available import LOCATION, redis_location


@pytest.fixture
def redis_cache() -> Iterator[RedisCache]:
    backend = RedisCache(redis_location(), {"KEY_PREFIX": f"chargen-client-test-{os.getpid()}"})
    yield backend
    backend.clear()


def test_every_call_uses_the_one_client_of_its_pool(
    redis_cache: RedisCache, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[object] = []
    real = redis_cache._cache._client  # type: ignore[attr-defined]

    def counted(**kwargs: object) -> object:
        made.append(kwargs)
        return real(**kwargs)

    monkeypatch.setattr(redis_cache._cache, "_client", counted)
    redis_cache.set("a", {"state": (1, 2)})
    assert redis_cache.get("a") == {"state": (1, 2)}
    assert redis_cache.get_many(["a", "b"]) == {"a": {"state": (1, 2)}}
    redis_cache.delete("a")
    assert redis_cache.get("a") is None
    assert len(made) == 1


def test_django_s_own_client_makes_one_a_call(redis_cache: RedisCache) -> None:
    """What the backend saves: Django's client builds a client on every call."""
    plain = RedisCacheClient([LOCATION])
    assert plain.get_client() is not plain.get_client()
    assert redis_cache._cache.get_client() is redis_cache._cache.get_client()


def test_another_process_reads_what_this_one_wrote(redis_cache: RedisCache) -> None:
    redis_cache.set("handed-on", "written here", timeout=60)
    key = redis_cache.make_and_validate_key("handed-on")
    program = (
        "import pickle, redis; "
        f"print(pickle.loads(redis.Redis.from_url({LOCATION!r}).get({key!r})))"
    )
    read = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True
    )
    assert read.stdout.strip() == "written here"
