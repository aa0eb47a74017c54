"""Redis speeds Chargen up and is never needed: with REDIS_URL naming a port nothing
listens on, or a server that takes the connection and never answers, every page a
logged-in player opens, signing up, logging in and logging out answer as they do with
Redis, each cache call a miss (settings.py: django-redis with IGNORE_EXCEPTIONS and short
socket timeouts; sessions from the database through Django's cached_db engine)."""

from __future__ import annotations

import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.test import Client
from django.test.utils import override_settings
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from chargen.infinity_drive.models import Character
from chargen.rulebook.management.commands.load_rules_data import fixture_load_missing
from chargen.rulebook.services import rulebook_cache_clear
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db
CLOSED_PORT = "redis://127.0.0.1:1/0"  # nothing listens on port 1
# Far above a page's time with Redis away (a few cache calls of SOCKET_TIMEOUT each), far
# below a hung worker's: a guard, not a measure.
PATIENCE_SECONDS = 10


def redis_everywhere(location: str) -> override_settings:
    """Every cache alias and the sessions as settings.py sets them for REDIS_URL=location."""
    redis = {
        "BACKEND": "django_redis.cache.RedisCache",
        "LOCATION": location,
        "OPTIONS": settings.REDIS_OPTIONS,
    }
    return override_settings(
        CACHES=dict.fromkeys([*settings.CACHES, "sessions"], redis),
        SESSION_ENGINE="django.contrib.sessions.backends.cached_db",
        SESSION_CACHE_ALIAS="sessions",
    )


@pytest.fixture
def silent_redis() -> Iterator[str]:
    """A server that takes every connection and never says a word."""
    listener = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []

    def take() -> None:
        while True:
            try:
                connection, _ = listener.accept()
            except OSError:  # closed: the test is over
                return
            held.append(connection)

    threading.Thread(target=take, daemon=True).start()
    yield f"redis://127.0.0.1:{listener.getsockname()[1]}/0"
    listener.close()
    for connection in held:
        connection.close()


@pytest.fixture
def redis_closed() -> Iterator[None]:
    with redis_everywhere(CLOSED_PORT):
        yield


@pytest.fixture(params=["closed port", "silent server"])
def redis_away(request: pytest.FixtureRequest) -> Iterator[None]:
    location = (
        CLOSED_PORT if request.param == "closed port" else request.getfixturevalue("silent_redis")
    )
    with redis_everywhere(location):
        yield


@pytest.fixture
def rulebook(db: None) -> None:
    fixture_load_missing(path=Path(settings.BASE_DIR) / "fixtures" / "infinity_drive.json")
    rulebook_cache_clear()


def answered(client: Client, method: str, url: str, data: dict[str, str] | None = None) -> int:
    """The status `url` answers with (following redirects), in good time."""
    started = time.monotonic()
    answer = getattr(client, method)(url, data or {}, follow=True)
    assert time.monotonic() - started < PATIENCE_SECONDS, f"{method} {url} hung"
    assert answer.status_code < 500, f"{method.upper()} {url}: {answer.status_code}"
    return int(answer.status_code)


def url_names(
    resolver: URLResolver, namespace: str | None = None
) -> Iterator[tuple[str, set[str]]]:
    """(name, its arguments) of every address, the admin's aside."""
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            if entry.namespace != "admin":
                yield from url_names(entry, entry.namespace or namespace)
        elif isinstance(entry, URLPattern) and entry.name:
            name = f"{namespace}:{entry.name}" if namespace else entry.name
            yield name, set(entry.pattern.converters)


def pages_without_arguments() -> list[str]:
    return sorted({reverse(name) for name, arguments in url_names(get_resolver()) if not arguments})


def pages_of(character: Character) -> list[str]:
    """Every Infinity Drive address that names a character and nothing else."""
    return sorted(
        reverse(name, kwargs={"character_id": character.id})
        for name, arguments in url_names(get_resolver())
        if name.startswith("characters:") and arguments == {"character_id"}
    )


def test_every_page_answers(redis_closed: None, rulebook: None, player: User) -> None:
    client = Client()
    client.force_login(player)
    for url in pages_without_arguments():
        answered(client, "get", url)
    character = Character.objects.create(owner=player, name="Treva")
    pages = pages_of(character)
    assert reverse("characters:skills", args=[character.id]) in pages
    for url in pages:
        answered(client, "get", url)


def test_the_wizard_answers(redis_away: None, rulebook: None, player: User) -> None:
    client = Client()
    client.force_login(player)
    character = Character.objects.create(owner=player, name="Treva")
    assert answered(client, "get", reverse("home")) == 200
    assert answered(client, "get", reverse("characters:list")) == 200
    assert answered(client, "get", reverse("characters:resume", args=[character.id])) == 200
    page = client.get(reverse("characters:new")).content.decode()
    start_key = re.search(r'name="start_key" value="([0-9a-f-]+)"', page)
    assert start_key is not None
    answered(client, "post", reverse("characters:new"), {"name": "Vel", "start_key": start_key[1]})
    assert Character.objects.filter(owner=player).count() == 2
    assert "Signed in as" in client.get(reverse("home")).content.decode()


def test_signing_up_logging_in_and_out_answer(
    redis_away: None, player: User, caplog: pytest.LogCaptureFixture
) -> None:
    newcomer = Client()
    answered(
        newcomer,
        "post",
        reverse("accounts:signup"),
        {
            "username": "erin",
            "email": "erin@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert "Signed in as" in newcomer.get(reverse("home")).content.decode()

    client = Client()
    answered(client, "post", reverse("login"), {"username": "bob", "password": PASSWORD})
    key = client.cookies["sessionid"].value
    assert Session.objects.filter(session_key=key).exists()
    assert "Signed in as" in client.get(reverse("home")).content.decode()
    answered(client, "post", reverse("logout"))
    assert not Session.objects.filter(session_key=key).exists()
    assert "Signed in as" not in client.get(reverse("home")).content.decode()
    # Each failed call is logged, so the outage shows in the logs, not only in the speed.
    assert any(record.name == "django_redis.cache" for record in caplog.records)
