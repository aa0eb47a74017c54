"""Sessions in Redis in front of the database (Django's `cached_db` engine), used when
REDIS_URL is set.

Every request reads its session. From PostgreSQL that is a statement and a round trip
(about 0.3 ms of a worker's CPU, issue 13); from Redis a key. Django's `cached_db`
engine writes every session to the database and to the cache, reads the cache first and
the database on a miss, and deletes from both, so logging out still ends the session in
every worker, and a session outlives a Redis restart. A miss is read through the
prepared statement of chargen/accounts/sessions.py. Without Redis there is no cache that
all workers share, so sessions stay in the database alone (settings.py).

While Redis cannot be reached, every session is read from the database and saved there
(Django's engine reads so, but fails when it then copies what it read into the cache),
and asking whether a new key is taken (logging in) goes to the database too (Django's
engine asks the cache alone). Ending a session (logging out) deletes its
cached copy first: if that fails the session is left whole and the error is shown, so a
copy in Redis can never outlive the row the database deleted. Logging in replaces the
session's key (against session fixation); if the old key's cached copy cannot be deleted
its row still is, and that copy holds nothing of the log-in, which went to the new key.
"""

from __future__ import annotations

import logging
from typing import Any

from django.contrib.sessions.backends.cached_db import SessionStore as CachedDatabaseStore
from django.core.cache.backends.base import BaseCache

from chargen.accounts.sessions import SessionStore as PreparedDatabaseStore

logger = logging.getLogger(__name__)


class SessionStore(CachedDatabaseStore, PreparedDatabaseStore):
    """Django's cached_db sessions, their database reads the prepared statement's."""

    _cache: BaseCache

    def load(self) -> dict[str, Any]:
        try:
            data: dict[str, Any] | None = self._cache.get(self.cache_key)
        except Exception:  # Redis away: the database has every session
            logger.warning("Session cache unreachable; reading the database", exc_info=True)
            data = None
        if data is not None:
            return data
        # Django's db engine's own read, which django-stubs does not declare.
        row = self._get_session_from_db()  # type: ignore[attr-defined]
        if row is None:
            return {}
        data = self.decode(row.session_data)
        try:
            self._cache.set(self.cache_key, data, self.get_expiry_age(expiry=row.expire_date))
        except Exception:  # served from the database; the next request tries again
            logger.warning("Session cache unreachable; not kept there", exc_info=True)
        return data

    def exists(self, session_key: str) -> bool:
        try:
            if session_key and (self.cache_key_prefix + session_key) in self._cache:
                return True
        except Exception:  # Redis away: the database still knows every session
            logger.warning("Session cache unreachable; asking the database", exc_info=True)
        return PreparedDatabaseStore.exists(self, session_key)

    def delete(self, session_key: str | None = None) -> None:
        key = session_key if session_key is not None else self.session_key
        if key is None:
            return
        # The cached copy first: a failure here leaves the session whole, never alive in
        # Redis alone after its row is gone.
        self._cache.delete(self.cache_key_prefix + key)
        PreparedDatabaseStore.delete(self, key)

    def cycle_key(self) -> None:
        """A new key for the same data (Django's steps), the old key ended in the database
        even when Redis cannot be told."""
        data = self._get_session()  # type: ignore[attr-defined]  # not in django-stubs
        old = self.session_key
        self.create()
        self._session_cache = data
        if not old:
            return
        try:
            self.delete(old)
        except Exception:  # Redis away: the old copy there holds no log-in
            logger.warning("Session cache unreachable; old key ended in the database only")
            PreparedDatabaseStore.delete(self, old)
