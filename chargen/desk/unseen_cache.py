"""The navbar badge's count, cached per user in Django's cache (Redis when REDIS_URL is set).

Counting a user's unseen notifications costs 1.3–1.6 ms on every logged-in page (issue
13), and it changes only when one of the rows it reads changes. The count is stored
under a key naming the user, the campaign (or all of them), the user's *version* and a
global *generation*. Invalidating is replacing the version with a fresh random value:
no key is ever deleted, old ones expire.

- A notification saved or deleted: its recipient's version.
- A LastSeen marker saved or deleted (news marked seen): its user's version.
- A membership saved or deleted (joining, leaving, being removed): its user's version.
- A campaign saved or deleted (a new GM, a deletion): the global generation, since the
  previous GM is not known here. Campaign edits are rare.

Each change invalidates at once (so the request that made it, and tests inside one
transaction, see the new count) and again once the transaction commits: a page of
another user that counted between the first invalidation and the commit stored the old
count under the new version, and the second invalidation retires it.

The cache must be shared by every worker for another worker's invalidation to reach
it: the `shared` cache alias is Redis when REDIS_URL is set, else a DummyCache, and then
every request counts, as before (settings.py). `TIMEOUT` bounds how long a count could
survive a change made without signals (a bulk `update()`; none exists today).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from django.core.cache import caches
from django.db import models, transaction
from django.db.models.signals import post_delete, post_save

PREFIX = "desk:unseen:v1"
GENERATION_KEY = f"{PREFIX}:generation"
TIMEOUT = 600  # seconds
CACHE_ALIAS = "shared"  # settings.CACHES: Redis with REDIS_URL, else a DummyCache


def _cache() -> Any:
    return caches[CACHE_ALIAS]


def _version_key(user_id: object) -> str:
    return f"{PREFIX}:user:{user_id}"


def _fresh() -> str:
    return uuid.uuid4().hex


def _count_key(generation: object, version: object, user_id: object, campaign_id: object) -> str:
    return f"{PREFIX}:{generation}:{user_id}:{version}:{campaign_id or 'all'}"


def cached_count(*, user_id: object, campaign_id: object, count: Callable[[], int]) -> int:
    """The cached count, or `count()` stored for the next page."""
    cache = _cache()
    version_key = _version_key(user_id)
    known = cache.get_many([GENERATION_KEY, version_key])
    generation = known.get(GENERATION_KEY)
    version = known.get(version_key)
    if generation is None:
        generation = _fresh()
        cache.add(GENERATION_KEY, generation, timeout=None)
        generation = cache.get(GENERATION_KEY, generation)
    if version is None:
        version = _fresh()
        cache.add(version_key, version, timeout=TIMEOUT)
        version = cache.get(version_key, version)
    key = _count_key(generation, version, user_id, campaign_id)
    value = cache.get(key)
    if value is not None:
        return int(value)
    value = count()
    cache.set(key, value, timeout=TIMEOUT)
    return int(value)


def _invalidate_now(key: str, timeout: int | None) -> None:
    _cache().set(key, _fresh(), timeout=timeout)


def invalidate_user(user_id: object) -> None:
    """Forget the user's counts, now and again once the current transaction commits."""
    key = _version_key(user_id)
    _invalidate_now(key, TIMEOUT)
    transaction.on_commit(lambda: _invalidate_now(key, TIMEOUT))


def invalidate_everyone() -> None:
    _invalidate_now(GENERATION_KEY, None)
    transaction.on_commit(lambda: _invalidate_now(GENERATION_KEY, None))


def _user_changed(field: str) -> Callable[..., None]:
    def handler(sender: type[models.Model], instance: models.Model, **kwargs: Any) -> None:
        invalidate_user(getattr(instance, field))

    return handler


def _campaign_changed(sender: type[models.Model], instance: models.Model, **kwargs: Any) -> None:
    invalidate_everyone()


_HANDLERS: list[Callable[..., None]] = []  # signals hold receivers weakly


def connect() -> None:
    """Called once from the desk's AppConfig.ready()."""
    from chargen.campaigns.models import Campaign, Membership
    from chargen.desk.models import LastSeen, Notification

    for model, field in (
        (Notification, "recipient_id"),
        (LastSeen, "user_id"),
        (Membership, "user_id"),
    ):
        handler = _user_changed(field)
        _HANDLERS.append(handler)
        for signal in (post_save, post_delete):
            signal.connect(
                handler, sender=model, dispatch_uid=f"{PREFIX}:{model.__name__}:{signal}"
            )
    for signal in (post_save, post_delete):
        signal.connect(
            _campaign_changed, sender=Campaign, dispatch_uid=f"{PREFIX}:campaign:{signal}"
        )
