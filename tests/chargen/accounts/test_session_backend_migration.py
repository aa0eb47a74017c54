"""A logged-in session names the backend that logged it in. Chargen lists Django's
ModelBackend; for a while it listed a subclass of its own, and migration accounts 0004
renamed every live session to that subclass. Migration 0005 renames them back, and drops
their copies from the session cache (Redis), so nobody is logged out by either change.

Each test takes the database back to before a migration, makes sessions as the code of
that time made them, and brings the database forward: the same cookie is still logged
in. Expired sessions and other backends' are left as they were."""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.sessions.backends.cached_db import SessionStore as CachedStore
from django.contrib.sessions.backends.db import SessionStore as DatabaseStore
from django.contrib.sessions.models import Session
from django.core.cache import caches
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.test.utils import override_settings
from django.urls import reverse
from django.utils import timezone

from tests.redis_available import redis_location

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE_CHARGEN_S = [("accounts", "0003_delete_loginfailure")]
WITH_CHARGEN_S = [("accounts", "0004_sessions_name_chargen_backend")]
DJANGO = "django.contrib.auth.backends.ModelBackend"
CHARGEN = "chargen.accounts.backends.ModelBackend"
AXES = "axes.backends.AxesStandaloneBackend"


def _migrate(targets: list[tuple[str, str]]) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


def _migrate_to_latest() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.fixture
def latest_afterwards() -> Iterator[None]:
    yield
    _migrate_to_latest()


@pytest.fixture
def carol() -> User:
    return User.objects.create_user("carol", "carol@example.org", "a-long-password-1")


def _old_session(
    user: User, *, backend: str, expired: bool = False, store: type[DatabaseStore] = DatabaseStore
) -> str:
    """A session as Django's engines (and so Chargen's, which kept Django's rows and
    encoding) wrote it, naming `backend`."""
    session = store()
    session.update(
        {
            "_auth_user_id": str(user.pk),
            "_auth_user_backend": backend,
            "_auth_user_hash": user.get_session_auth_hash(),
        }
    )
    session.create()
    if expired:
        Session.objects.filter(session_key=session.session_key).update(
            expire_date=timezone.now() - timedelta(days=1)
        )
    assert session.session_key is not None
    return session.session_key


def _backend(key: str) -> str:
    return str(Session.objects.get(session_key=key).get_decoded().get("_auth_user_backend"))


def _logged_in(key: str) -> bool:
    client = Client()
    client.cookies["sessionid"] = key
    return "Signed in as" in client.get(reverse("home")).content.decode()


def test_sessions_naming_chargen_s_backend_stay_logged_in(
    latest_afterwards: None, carol: User
) -> None:
    _migrate(WITH_CHARGEN_S)
    live = _old_session(carol, backend=CHARGEN)
    expired = _old_session(carol, backend=CHARGEN, expired=True)
    other = _old_session(carol, backend=AXES)
    assert not _logged_in(live)  # today's code lists Django's class alone

    _migrate_to_latest()
    assert (_backend(live), _backend(expired), _backend(other)) == (DJANGO, CHARGEN, AXES)
    assert _logged_in(live)

    _migrate(WITH_CHARGEN_S)
    assert _backend(live) == CHARGEN


def test_sessions_from_before_chargen_s_backend_stay_logged_in(
    latest_afterwards: None, carol: User
) -> None:
    """Made before 0004 and brought through both migrations at once."""
    _migrate(BEFORE_CHARGEN_S)
    live = _old_session(carol, backend=DJANGO)
    _migrate_to_latest()
    assert _backend(live) == DJANGO
    assert _logged_in(live)


@pytest.fixture
def redis_sessions() -> Iterator[None]:
    cache = {
        "BACKEND": "django_redis.cache.RedisCache",
        "LOCATION": redis_location(),
        "KEY_PREFIX": f"chargen-session-migration-test-{os.getpid()}",
    }
    with override_settings(
        CACHES={**settings.CACHES, "sessions": cache},
        SESSION_ENGINE="django.contrib.sessions.backends.cached_db",
        SESSION_CACHE_ALIAS="sessions",
    ):
        yield
        caches["sessions"].delete_many(
            [
                CachedStore.cache_key_prefix + key
                for key in Session.objects.values_list("pk", flat=True)
            ]
        )


def test_a_session_cached_in_redis_stays_logged_in(
    latest_afterwards: None, redis_sessions: None, carol: User
) -> None:
    """The copy in Redis named Chargen's class too, and is read before the row."""
    _migrate(WITH_CHARGEN_S)
    live = _old_session(carol, backend=CHARGEN, store=CachedStore)
    assert CachedStore(live).load()["_auth_user_backend"] == CHARGEN  # the copy in Redis

    _migrate_to_latest()
    assert _logged_in(live)
    assert CachedStore(live).load()["_auth_user_backend"] == DJANGO
