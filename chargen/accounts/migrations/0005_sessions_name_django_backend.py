"""Logged-in sessions name the backend that logged them in. Chargen now lists Django's
ModelBackend itself, not a subclass of its own, so sessions naming that subclass (as
migration 0004 renamed them) are renamed back, and nobody is logged out by the change.

The rows stay in Django's `django_session` table, where Chargen's session store kept
them. With Redis, a copy of each session sits in the session cache too, naming the old
class, and Django's `cached_db` engine would read that copy first: the copy of each
renamed session is dropped, so its next request reads the renamed row (and caches it
again). Undone the other way.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.sessions.backends.cached_db import KEY_PREFIX
from django.core.cache import caches
from django.db import migrations
from django.utils import timezone

DJANGO = "django.contrib.auth.backends.ModelBackend"
CHARGEN = "chargen.accounts.backends.ModelBackend"
BACKEND_KEY = "_auth_user_backend"  # django.contrib.auth.BACKEND_SESSION_KEY


def rename(apps: Any, old: str, new: str) -> None:
    from django.contrib.sessions.backends.db import SessionStore

    session_model = apps.get_model("sessions", "Session")
    store = SessionStore()
    renamed = []
    for session in session_model.objects.filter(expire_date__gt=timezone.now()).iterator():
        data = store.decode(session.session_data)  # {} for one that no longer decodes
        if data.get(BACKEND_KEY) != old:
            continue
        data[BACKEND_KEY] = new
        session.session_data = store.encode(data)
        session.save(update_fields=["session_data"])
        renamed.append(KEY_PREFIX + session.session_key)
    if renamed and settings.SESSION_CACHE_ALIAS in settings.CACHES:
        # With Redis away this does nothing (its errors are ignored): those copies name
        # the old class until they expire, and their users log in again.
        caches[settings.SESSION_CACHE_ALIAS].delete_many(renamed)


def forward(apps: Any, schema_editor: Any) -> None:
    rename(apps, CHARGEN, DJANGO)


def backward(apps: Any, schema_editor: Any) -> None:
    rename(apps, DJANGO, CHARGEN)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0004_sessions_name_chargen_backend"),
        ("sessions", "0001_initial"),
    ]

    operations = [migrations.RunPython(forward, backward)]
