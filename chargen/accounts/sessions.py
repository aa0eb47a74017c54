"""Sessions in the database, as Django's engine keeps them, read through a prepared statement.

Every request reads its session: Django's `db` engine builds the statement afresh each
time (about 150 µs of CPU, issue 13). This engine reads the same row through a statement
built once (chargen/core/prepared_query.py) and leaves out an expired one in Python, as
Django's `expire_date > now` does in SQL. The rows, their encoding and everything else
are Django's, so sessions made before carry on.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore
from django.contrib.sessions.models import Session
from django.utils import timezone

from chargen.core.prepared_query import PreparedQuery


@cache
def _by_key() -> PreparedQuery[Session]:
    return PreparedQuery(
        lambda key: Session.objects.filter(session_key=key)[:1],
        key=Session._meta.get_field("session_key"),
    )


class SessionStore(DatabaseSessionStore):
    def _get_session_from_db(self) -> Any:
        key = self.session_key
        session = _by_key().first(key=key) if key is not None else None
        if session is None or session.expire_date <= timezone.now():
            self._session_key = None
            return None
        return session
