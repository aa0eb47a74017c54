"""Settings come from the environment, with a developer's laptop as the default."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
READ_SETTINGS = (
    "import json, django; django.setup(); from django.conf import settings as s; "
    "db = s.DATABASES['default']; "
    "print(json.dumps({'engine': db['ENGINE'], 'name': str(db['NAME']), "
    "'options': db.get('OPTIONS', {}), 'conn_max_age': db['CONN_MAX_AGE'], "
    "'debug': s.DEBUG, 'hosts': s.ALLOWED_HOSTS, "
    "'origins': s.CSRF_TRUSTED_ORIGINS, 'cache': s.CACHES['default']['BACKEND'], "
    "'cache_location': s.CACHES['default'].get('LOCATION', ''), "
    "'cache_options': s.CACHES['default'].get('OPTIONS', {}), "
    "'log_ignored': getattr(s, 'DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS', False), "
    "'secure_cookies': s.SESSION_COOKIE_SECURE, 'sessions': s.SESSION_ENGINE, "
    "'session_cache': s.CACHES.get(s.SESSION_CACHE_ALIAS, {}).get('BACKEND', '')}))"
)
SETTINGS_VARIABLES = {
    "CONN_MAX_AGE",
    "DEBUG",
    "DATABASE_URL",
    "SQLITE_PATH",
    "REDIS_URL",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
    "SECRET_KEY",
}


def settings_with(**env: str) -> dict[str, Any]:
    base = {k: v for k, v in os.environ.items() if k not in SETTINGS_VARIABLES}
    result = subprocess.run(
        [sys.executable, "-c", READ_SETTINGS],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**base, "DJANGO_SETTINGS_MODULE": "chargen.settings", **env},
        check=True,
    )
    return json.loads(result.stdout)


def test_defaults_are_a_sqlite_file_with_wal_immediate_and_a_busy_timeout() -> None:
    found = settings_with()
    assert found["engine"] == "django.db.backends.sqlite3"
    assert found["name"].endswith("db.sqlite3")
    assert found["options"]["transaction_mode"] == "IMMEDIATE"
    assert found["options"]["timeout"] >= 5
    assert "journal_mode=WAL" in found["options"]["init_command"]
    assert "busy_timeout" in found["options"]["init_command"]
    # Kept between requests: opening a SQLite connection costs more than most pages.
    assert found["conn_max_age"] == 60
    assert settings_with(CONN_MAX_AGE="0")["conn_max_age"] == 0
    assert found["debug"] is False
    assert found["hosts"] == []
    assert found["cache"].endswith("LocMemCache")
    assert found["secure_cookies"] is True


def test_database_url_selects_postgresql_through_psycopg() -> None:
    found = settings_with(DATABASE_URL="postgres://chargen:pw@db.internal:5432/chargen")
    assert found["engine"] == "django.db.backends.postgresql"
    assert found["name"] == "chargen"
    assert "transaction_mode" not in found["options"]


def test_redis_url_turns_on_the_redis_cache() -> None:
    found = settings_with(REDIS_URL="redis://127.0.0.1:6379/3")
    assert found["cache"] == "django_redis.cache.RedisCache"
    assert found["cache_location"] == "redis://127.0.0.1:6379/3"
    # Redis is never needed: a call it does not answer soon is a miss, and is logged.
    assert found["cache_options"]["IGNORE_EXCEPTIONS"] is True
    assert found["cache_options"]["SOCKET_TIMEOUT"] <= 1
    assert found["cache_options"]["SOCKET_CONNECT_TIMEOUT"] <= 1
    assert found["log_ignored"] is True
    # Sessions read from Redis first, which every worker shares, and kept in the database.
    assert found["sessions"] == "django.contrib.sessions.backends.cached_db"
    assert found["session_cache"] == "django_redis.cache.RedisCache"


def test_without_redis_sessions_live_in_the_database_alone() -> None:
    # A cache per process would let one worker keep a session another ended.
    assert settings_with()["sessions"] == "django.contrib.sessions.backends.db"


def test_hosts_and_origins_are_comma_separated_lists() -> None:
    found = settings_with(
        ALLOWED_HOSTS="chargen.example.org, www.chargen.example.org",
        CSRF_TRUSTED_ORIGINS="https://chargen.example.org",
    )
    assert found["hosts"] == ["chargen.example.org", "www.chargen.example.org"]
    assert found["origins"] == ["https://chargen.example.org"]


@pytest.mark.parametrize(("value", "expected"), [("1", True), ("true", True), ("0", False)])
def test_debug_is_read_from_the_environment(value: str, expected: bool) -> None:
    assert settings_with(DEBUG=value)["debug"] is expected


@pytest.mark.django_db
def test_the_live_connection_is_configured_as_the_settings_say() -> None:
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("PRAGMA journal_mode")
            assert cursor.fetchone()[0] == "wal"
            cursor.execute("PRAGMA busy_timeout")
            assert cursor.fetchone()[0] >= 5000
        else:
            # CI's second run: DATABASE_URL points at PostgreSQL through psycopg 3.
            assert connection.vendor == "postgresql"
            assert connection.Database.__name__ == "psycopg"  # type: ignore[attr-defined]
            cursor.execute("SELECT 1")
            assert cursor.fetchone()[0] == 1
