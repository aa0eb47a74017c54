"""Sessions in Redis in front of the database (Django's `cached_db` engine), used when
REDIS_URL is set.

Every request reads its session. From PostgreSQL that is a statement and a round trip
(about 0.3 ms of a worker's CPU, issue 13); from Redis a key. Django's `cached_db`
engine writes every session to the database and to the cache, reads the cache first and
the database on a miss, and deletes from both, so logging out still ends the session in
every worker, and a session outlives a Redis restart. A miss is read through the
prepared statement of chargen/accounts/sessions.py. Without Redis there is no cache that
all workers share, so sessions stay in the database alone (settings.py).
"""

from __future__ import annotations

from django.contrib.sessions.backends.cached_db import SessionStore as CachedDatabaseStore

from chargen.accounts.sessions import SessionStore as PreparedDatabaseStore


class SessionStore(CachedDatabaseStore, PreparedDatabaseStore):
    """Django's cached_db sessions, their database reads the prepared statement's."""
