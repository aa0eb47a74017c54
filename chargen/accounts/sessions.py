"""Sessions in the database: Django's `db` engine, under the path settings.py names.

sessions_cached.py builds on it (Django's `cached_db` engine, whose misses read here).
"""

from __future__ import annotations

from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore


class SessionStore(DatabaseSessionStore):
    """Django's, unchanged."""
