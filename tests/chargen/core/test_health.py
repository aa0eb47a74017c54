"""/health/ (chargen/core/health.py): 200 when the server can serve, 503 when its database
or disk cannot, and 200 "degraded" when only Redis is away, so a load balancer keeps a
server that still serves."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import pytest
from django.conf import settings
from django.test import Client
from django.test.utils import override_settings

from tests.redis_available import redis_location

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[3]
CLOSED_PORT = "redis://127.0.0.1:1/0"  # nothing listens on port 1


def redis_cache(location: str) -> override_settings:
    """The "default" cache on Redis at `location`, as settings.py sets it for REDIS_URL."""
    redis = {
        "BACKEND": "django_redis.cache.RedisCache",
        "LOCATION": location,
        "OPTIONS": settings.REDIS_OPTIONS,
    }
    return override_settings(CACHES={**settings.CACHES, "default": redis})


def health(client: Client) -> tuple[int, str, dict[str, str]]:
    response = client.get("/health/?format=json")
    return response.status_code, response.get("X-Health", ""), json.loads(response.content)


def status_of(results: dict[str, str], check: str) -> str:
    (status,) = [value for name, value in results.items() if name.startswith(check)]
    return status


def test_a_healthy_server_answers_200_for_database_disk_and_cache(client: Client) -> None:
    with redis_cache(redis_location()):
        status, flag, results = health(client)
    assert status == 200
    assert flag == ""
    assert {name.split("(")[0] for name in results} == {"Database", "DiskSpace", "Cache"}
    assert set(results.values()) == {"OK"}
    # The page for people, and no cache between the server and the load balancer.
    page = client.get("/health/")
    assert page.status_code == 200
    assert "no-cache" in page["Cache-Control"]


def test_redis_away_is_degraded_but_200(client: Client) -> None:
    with redis_cache(CLOSED_PORT):
        status, flag, results = health(client)
        text = client.get("/health/?format=text")
    assert status == 200
    assert flag == "degraded"
    assert status_of(results, "Cache") != "OK"
    assert status_of(results, "Database") == "OK"
    assert text.status_code == 200
    assert "Cache" in text.content.decode()


DiskUsage = type(shutil.disk_usage("/"))
GIB = 1024**3


@pytest.fixture
def full_disk() -> Iterator[None]:
    with mock.patch(
        "chargen.core.health.shutil.disk_usage", return_value=DiskUsage(100 * GIB, 100 * GIB, 0)
    ):
        yield


def test_a_full_disk_is_503(client: Client, full_disk: None) -> None:
    status, flag, results = health(client)
    assert status == 503
    assert flag == "unavailable"
    assert status_of(results, "DiskSpace").startswith("Unavailable")


def test_a_nearly_full_disk_is_a_warning_and_200(client: Client) -> None:
    nearly = DiskUsage(100 * GIB, 95 * GIB, 5 * GIB)
    with mock.patch("chargen.core.health.shutil.disk_usage", return_value=nearly):
        status, flag, results = health(client)
    assert (status, flag) == (200, "degraded")
    assert status_of(results, "DiskSpace") == "Warning: 5 % free"


def test_health_is_not_redirected_to_https(client: Client) -> None:
    # Load balancers ask each server over plain HTTP; every other page is sent to HTTPS.
    with override_settings(SECURE_SSL_REDIRECT=True):
        assert Client().get("/health/").status_code == 200
        assert Client().get("/").status_code == 301


def test_the_database_away_is_503() -> None:
    """A real outage: a server whose DATABASE_URL names a port nothing listens on."""
    env = {
        **{k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "SECRET_KEY"}},
        "DJANGO_SETTINGS_MODULE": "chargen.settings",
        "DEBUG": "1",
        "ALLOWED_HOSTS": "testserver",
        "DATABASE_URL": "postgres://chargen@127.0.0.1:1/chargen",
    }
    ask = (
        "import django, json; django.setup(); from django.test import Client; "
        "r = Client().get('/health/?format=json'); "
        "print(json.dumps([r.status_code, r.get('X-Health', ''), json.loads(r.content)]))"
    )
    result = subprocess.run(
        [sys.executable, "-c", ask], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    status, flag, results = json.loads(result.stdout.strip().splitlines()[-1])
    assert (status, flag) == (503, "unavailable")
    assert status_of(results, "Database").startswith("Unavailable")
    assert status_of(results, "Cache") == "OK"
