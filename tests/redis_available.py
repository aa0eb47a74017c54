"""Whether a Redis server answers for the tests that use a real one (else they skip)."""

from __future__ import annotations

import pytest

LOCATION = "redis://127.0.0.1:6379/15"


def redis_or_skip() -> str:
    """The test Redis database's address; skips the test when no server answers."""
    redis = pytest.importorskip("redis")
    try:
        redis.Redis.from_url(LOCATION, socket_connect_timeout=1).ping()
    except redis.exceptions.RedisError:
        pytest.skip("Redis does not answer on 127.0.0.1:6379")
    return LOCATION
