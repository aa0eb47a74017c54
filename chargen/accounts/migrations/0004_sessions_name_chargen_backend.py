"""Logged-in sessions name the backend that logged them in; ours is now Chargen's
subclass of Django's ModelBackend (chargen/accounts/backends.py). Sessions still naming
Django's class are renamed, so nobody is logged out by the change. Undone the other way."""

from __future__ import annotations

from typing import Any

from django.db import migrations
from django.utils import timezone

DJANGO = "django.contrib.auth.backends.ModelBackend"
CHARGEN = "chargen.accounts.backends.ModelBackend"
BACKEND_KEY = "_auth_user_backend"  # django.contrib.auth.BACKEND_SESSION_KEY


def _rename(apps: Any, old: str, new: str) -> None:
    from django.contrib.sessions.backends.db import SessionStore

    session_model = apps.get_model("sessions", "Session")
    store = SessionStore()
    for session in session_model.objects.filter(expire_date__gt=timezone.now()).iterator():
        data = store.decode(session.session_data)  # {} for one that no longer decodes
        if data.get(BACKEND_KEY) != old:
            continue
        data[BACKEND_KEY] = new
        session.session_data = store.encode(data)
        session.save(update_fields=["session_data"])


def forward(apps: Any, schema_editor: Any) -> None:
    _rename(apps, DJANGO, CHARGEN)


def backward(apps: Any, schema_editor: Any) -> None:
    _rename(apps, CHARGEN, DJANGO)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0003_delete_loginfailure"),
        ("sessions", "0001_initial"),
    ]

    operations = [migrations.RunPython(forward, backward)]
