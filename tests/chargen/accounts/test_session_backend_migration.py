"""Sessions logged in before Chargen's own ModelBackend name Django's class; migration
accounts 0004 renames them, so nobody is logged out by the change, and back again.

The database goes back to accounts 0003, a session is made as the old code made it
(naming Django's class), and the database comes forward: the same cookie is still
logged in. Expired sessions and other backends' are left as they were."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore as DjangoStore
from django.contrib.sessions.models import Session
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse
from django.utils import timezone

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("accounts", "0003_delete_loginfailure")]
AFTER = [("accounts", "0004_sessions_name_chargen_backend")]
DJANGO = "django.contrib.auth.backends.ModelBackend"
CHARGEN = "chargen.accounts.backends.ModelBackend"


def _migrate(targets: list[tuple[str, str]]) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


@pytest.fixture
def latest_afterwards() -> Iterator[None]:
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def _old_session(user: User, *, backend: str, expired: bool = False) -> str:
    """A session as Django's `db` engine wrote it before the change."""
    store = DjangoStore()
    store.update(
        {
            "_auth_user_id": str(user.pk),
            "_auth_user_backend": backend,
            "_auth_user_hash": user.get_session_auth_hash(),
        }
    )
    store.create()
    if expired:
        Session.objects.filter(session_key=store.session_key).update(
            expire_date=timezone.now() - timedelta(days=1)
        )
    assert store.session_key is not None
    return store.session_key


def _backend(key: str) -> str:
    return str(Session.objects.get(session_key=key).get_decoded().get("_auth_user_backend"))


def _logged_in(key: str) -> bool:
    client = Client()
    client.cookies["sessionid"] = key
    return "Signed in as" in client.get(reverse("home")).content.decode()


def test_old_sessions_stay_logged_in_across_the_migration(latest_afterwards: None) -> None:
    _migrate(BEFORE)
    user = User.objects.create_user("carol", "carol@example.org", "a-long-password-1")
    live = _old_session(user, backend=DJANGO)
    expired = _old_session(user, backend=DJANGO, expired=True)
    other = _old_session(user, backend="axes.backends.AxesStandaloneBackend")
    assert not _logged_in(live)  # today's code no longer lists Django's class

    _migrate(AFTER)
    assert (_backend(live), _backend(expired), _backend(other)) == (
        CHARGEN,
        DJANGO,
        "axes.backends.AxesStandaloneBackend",
    )
    assert _logged_in(live)

    _migrate(BEFORE)
    assert _backend(live) == DJANGO
