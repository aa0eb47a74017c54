"""With Redis, sessions are read from Redis first and kept in the database too
(chargen/accounts/sessions_cached.py, Django's cached_db engine): a logged-in request
reads no session row, another process's store finds the session in Redis, and logging
out ends it in both, so no worker still lets it in."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext, override_settings
from django.urls import reverse

from chargen.accounts import sessions_cached
from tests.conftest import PASSWORD
from tests.redis_available import redis_location

pytestmark = pytest.mark.django_db
PREFIX = f"chargen-session-test-{os.getpid()}"


def _sessions_in(settings: object, location: str) -> override_settings:
    cache = {
        "BACKEND": "chargen.core.redis_cache.RedisCache",
        "LOCATION": location,
        "KEY_PREFIX": PREFIX,
    }
    return override_settings(
        CACHES={**settings.CACHES, "sessions": cache},  # type: ignore[attr-defined]
        SESSION_ENGINE="chargen.accounts.sessions_cached",
        SESSION_CACHE_ALIAS="sessions",
    )


@pytest.fixture
def redis_sessions(settings: object) -> Iterator[None]:
    with _sessions_in(settings, redis_location()):
        yield
        for session in Session.objects.all():  # this test's own keys: the server is shared
            caches["sessions"].delete(_cached(session.session_key))


@pytest.fixture
def redis_away(settings: object) -> Iterator[None]:
    with _sessions_in(settings, "redis://127.0.0.1:1/0"):  # nothing answers on port 1
        yield


def _cached(session_key: str) -> str:
    return sessions_cached.SessionStore.cache_key_prefix + session_key


def _logged_in(player: User) -> Client:
    client = Client()
    client.force_login(player)
    return client


def test_a_logged_in_request_reads_its_session_from_redis(
    redis_sessions: None, player: User
) -> None:
    client = _logged_in(player)
    key = client.cookies["sessionid"].value
    assert Session.objects.filter(session_key=key).exists()  # kept in the database too
    with CaptureQueriesContext(connection) as queries:
        page = client.get(reverse("home"))
    assert "Signed in as" in page.content.decode()
    assert not [q for q in queries.captured_queries if "django_session" in q["sql"]]


def test_a_session_missing_from_redis_is_read_from_the_database(
    redis_sessions: None, player: User
) -> None:
    """After a Redis restart (or eviction) users stay logged in: the database has it."""
    client = _logged_in(player)
    caches["sessions"].delete(_cached(client.cookies["sessionid"].value))
    with CaptureQueriesContext(connection) as queries:
        page = client.get(reverse("home"))
    assert "Signed in as" in page.content.decode()
    assert [q for q in queries.captured_queries if "django_session" in q["sql"]]


def test_logging_out_ends_the_session_in_redis_and_the_database(
    redis_sessions: None, player: User
) -> None:
    client = _logged_in(player)
    key = client.cookies["sessionid"].value
    assert sessions_cached.SessionStore(key).load()  # another worker's store finds it
    client.post(reverse("logout"))
    assert not Session.objects.filter(session_key=key).exists()
    assert sessions_cached.SessionStore(key).load() == {}
    stale = Client()
    stale.cookies["sessionid"] = key  # the old cookie, kept by a second tab
    assert "Signed in as" not in stale.get(reverse("home")).content.decode()


def test_with_redis_away_logging_in_and_reading_go_to_the_database(
    redis_away: None, player: User
) -> None:
    client = Client()
    answer = client.post(reverse("login"), {"username": "bob", "password": PASSWORD})
    assert answer.status_code == 302
    assert Session.objects.filter(session_key=client.cookies["sessionid"].value).exists()
    assert "Signed in as" in client.get(reverse("home")).content.decode()


def test_with_redis_away_logging_out_fails_and_leaves_the_session_whole(
    redis_away: None, player: User
) -> None:
    """Not ended in the database while a copy may live on in Redis: the error shows,
    and the player can log out again once Redis answers."""
    client = Client(raise_request_exception=False)
    client.force_login(player)
    key = client.cookies["sessionid"].value
    assert client.post(reverse("logout")).status_code == 500
    assert Session.objects.filter(session_key=key).exists()
