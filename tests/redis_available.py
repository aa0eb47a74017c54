"""The real Redis server the cache tests use (`make test` starts one when none answers).

A test that needs Redis fails, saying why, when none answers: skipped, it would prove
nothing about the cache it stands for.
"""

from __future__ import annotations

import pytest
import redis

LOCATION = "redis://127.0.0.1:6379/15"


def redis_location() -> str:
    """The test Redis database's address, once a server answers there."""
    try:
        redis.Redis.from_url(LOCATION, socket_connect_timeout=1).ping()
    except redis.exceptions.RedisError as error:
        pytest.fail(
            f"Redis does not answer on 127.0.0.1:6379 ({error}); `make test` starts "
            "Debian's redis-server (make check-redis)."
        )
    return LOCATION
