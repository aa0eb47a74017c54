"""With Redis, sessions are read from Redis first and kept in the database too (Django's
cached_db engine over django-redis, as settings.py sets them up when REDIS_URL is set): a
logged-in request reads no session row, another process's store finds the session in
Redis, logging out ends it in both, so no worker and no second browser holding the same
cookie still gets in; and with Redis away, the database alone serves every session."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.sessions.backends.cached_db import SessionStore
from django.contrib.sessions.models import Session
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext, override_settings
from django.urls import reverse

from tests.conftest import PASSWORD
from tests.redis_available import redis_location

pytestmark = pytest.mark.django_db
PREFIX = f"chargen-session-test-{os.getpid()}"
CLOSED_PORT = "redis://127.0.0.1:1/0"  # nothing listens on port 1


def sessions_in(location: str) -> override_settings:
    """Sessions as settings.py keeps them with REDIS_URL=location."""
    cache = {
        "BACKEND": "django_redis.cache.RedisCache",
        "LOCATION": location,
        "KEY_PREFIX": PREFIX,
        "OPTIONS": settings.REDIS_OPTIONS,
    }
    return override_settings(
        CACHES={**settings.CACHES, "sessions": cache},
        SESSION_ENGINE="django.contrib.sessions.backends.cached_db",
        SESSION_CACHE_ALIAS="sessions",
    )


@pytest.fixture
def redis_sessions() -> Iterator[None]:
    with sessions_in(redis_location()):
        yield
        for session in Session.objects.all():  # this test's own keys: the server is shared
            caches["sessions"].delete(cached(session.session_key))


@pytest.fixture
def redis_away() -> Iterator[None]:
    with sessions_in(CLOSED_PORT):
        yield


def cached(session_key: str) -> str:
    return SessionStore.cache_key_prefix + session_key


def logged_in(player: User) -> Client:
    client = Client()
    client.force_login(player)
    return client


def signed_in(client: Client) -> bool:
    return "Signed in as" in client.get(reverse("home")).content.decode()


def test_a_logged_in_request_reads_its_session_from_redis(
    redis_sessions: None, player: User
) -> None:
    client = logged_in(player)
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
    client = logged_in(player)
    caches["sessions"].delete(cached(client.cookies["sessionid"].value))
    with CaptureQueriesContext(connection) as queries:
        page = client.get(reverse("home"))
    assert "Signed in as" in page.content.decode()
    assert [q for q in queries.captured_queries if "django_session" in q["sql"]]


def test_logging_in_gives_the_session_a_new_key(redis_sessions: None, player: User) -> None:
    """Against session fixation: a key someone planted before the log-in names nothing
    after it, in Redis or the database."""
    client = Client()
    client.get(reverse("login"))
    session = client.session
    session["planted"] = True
    session.save()
    planted = client.cookies["sessionid"].value
    assert caches["sessions"].get(cached(planted)) is not None

    answer = client.post(reverse("login"), {"username": "bob", "password": PASSWORD})
    assert answer.status_code == 302
    assert client.cookies["sessionid"].value != planted
    assert not Session.objects.filter(session_key=planted).exists()
    assert caches["sessions"].get(cached(planted)) is None
    stale = Client()
    stale.cookies["sessionid"] = planted
    assert not signed_in(stale)
    assert signed_in(client)


def test_logging_out_ends_the_session_in_redis_and_the_database(
    redis_sessions: None, player: User
) -> None:
    client = logged_in(player)
    key = client.cookies["sessionid"].value
    second_browser = Client()
    second_browser.cookies["sessionid"] = key  # the same cookie, copied to another browser
    assert signed_in(second_browser)
    assert SessionStore(key).load()  # another worker's store finds it

    client.post(reverse("logout"))
    assert not Session.objects.filter(session_key=key).exists()
    assert SessionStore(key).load() == {}
    assert not signed_in(second_browser)
    assert not signed_in(client)


def test_with_redis_away_logging_in_and_reading_go_to_the_database(
    redis_away: None, player: User
) -> None:
    client = Client()
    answer = client.post(reverse("login"), {"username": "bob", "password": PASSWORD})
    assert answer.status_code == 302
    assert Session.objects.filter(session_key=client.cookies["sessionid"].value).exists()
    assert signed_in(client)


def test_with_redis_away_logging_out_ends_the_session(redis_away: None, player: User) -> None:
    client = logged_in(player)
    key = client.cookies["sessionid"].value
    second_browser = Client()
    second_browser.cookies["sessionid"] = key
    assert signed_in(second_browser)

    assert client.post(reverse("logout")).status_code == 302
    assert not Session.objects.filter(session_key=key).exists()
    assert not signed_in(second_browser)
    assert not signed_in(client)


def test_a_session_made_while_redis_was_away_works_when_it_returns(player: User) -> None:
    """Logged in during an outage (the session only in the database), the player stays
    logged in once Redis answers again: the first read finds it in the database and puts
    it in Redis for the next."""
    client = Client()
    with sessions_in(CLOSED_PORT):
        client.post(reverse("login"), {"username": "bob", "password": PASSWORD})
        key = client.cookies["sessionid"].value
        assert signed_in(client)
    with sessions_in(redis_location()):
        try:
            assert caches["sessions"].get(cached(key)) is None  # Redis never saw it
            assert signed_in(client)
            assert caches["sessions"].get(cached(key)) is not None  # kept there from now on
            assert signed_in(client)
        finally:
            caches["sessions"].delete(cached(key))
