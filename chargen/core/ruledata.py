"""Pinned rule data: the tables a character read, serialised, stored once per sha256.

- `rule_version_for(ruleset, data)` stores (or finds) the version of some data.
- `rule_data(sha256)` gives a version's data back, from Django's cache (Redis when
  REDIS_URL is set) under a key that names the hash. The data behind a hash never
  changes, so the cache is never invalidated and every worker may share it.
- `current_rule_version(scope=..., ruleset=..., load=...)` is the version the live
  tables hold now, read from a `CurrentRuleVersion` row every worker sees. Rule models'
  post_save/post_delete handlers call `rule_data_changed(ruleset)` in the edit's own
  transaction; the next request that asks recomputes it from the tables.

Only starting a character (and the pages that say which version is current) needs the
current version; replaying a character reads its pinned version and never the tables.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.core.cache import cache
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection

from chargen.core.models import CurrentRuleVersion, RuleVersion

CACHE_PREFIX = "ruledata:v1:"
# Recomputing races an edit only when both happen at once; a few tries settle it.
CURRENT_ATTEMPTS = 3


def canonical(data: Any) -> Any:
    """`data` as plain JSON values (UUIDs, dates and decimals as strings), keys sorted."""
    return json.loads(json.dumps(data, cls=DjangoJSONEncoder, sort_keys=True))


def data_hash(data: Any) -> str:
    """The sha256 of the canonical JSON text of `data` (already `canonical`)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _cache_key(sha256: str) -> str:
    return f"{CACHE_PREFIX}{sha256}"


def rule_version_for(ruleset: str, data: Any) -> RuleVersion:
    """The stored version of `data`, created the first time this exact data is seen."""
    normalised = canonical(data)
    digest = data_hash(normalised)
    version, _ = RuleVersion.objects.get_or_create(
        sha256=digest, defaults={"ruleset": ruleset, "data": normalised}
    )
    cache.set(_cache_key(digest), normalised, timeout=None)
    return version


def rule_data(sha256: str) -> Any:
    """The data of a version: from the cache, else its one row (then cached for good)."""
    key = _cache_key(sha256)
    data = cache.get(key)
    if data is None:
        data = RuleVersion.objects.values_list("data", flat=True).get(sha256=sha256)
        cache.set(key, data, timeout=None)
    return data


def current_rule_version(
    *,
    scope: str,
    ruleset: str,
    load: Callable[[], Any],
    recorded: Mapping[str, str] | None = None,
) -> str:
    """The hash of the data `load()` reads from the live tables, as every worker sees it.

    Read from the scope's `CurrentRuleVersion` (or from `recorded`, what
    `recorded_versions` read of it just before, for a page that needs two scopes); when
    an edit has cleared it, `load()` runs and the result is recorded, unless another edit
    landed meanwhile (the generation moved), in which case the tables are read again.
    """
    recorded_version = recorded[scope] if recorded is not None else _recorded_version(scope)
    if recorded_version:
        return recorded_version
    digest = ""
    for _attempt in range(CURRENT_ATTEMPTS):
        pointer, _ = CurrentRuleVersion.objects.get_or_create(scope=scope)
        if pointer.version_id:
            return str(pointer.version_id)
        digest = rule_version_for(ruleset, load()).sha256
        updated = CurrentRuleVersion.objects.filter(
            scope=scope, generation=pointer.generation
        ).update(version_id=digest)
        if updated:
            return digest
    return digest


def _recorded_version(scope: str) -> str:
    """The scope's recorded version ("" when there is none yet or an edit cleared it).

    Every wizard step, sheet and party page asks this for two scopes; the ORM's get()
    spent 0.3 ms building each statement, plain SQL a tenth of that.
    """
    quote = connection.ops.quote_name
    table = quote(CurrentRuleVersion._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {quote('version_id')} FROM {table} WHERE {quote('scope')} = %s",  # noqa: S608
            [scope],
        )
        row = cursor.fetchone()
    return str(row[0]) if row and row[0] else ""


def recorded_versions(scopes: Sequence[str]) -> dict[str, str]:
    """Each scope's recorded version ("" when there is none), in one statement: a wizard
    page asks for two scopes, the rulebook's and its campaign content's."""
    quote = connection.ops.quote_name
    table = quote(CurrentRuleVersion._meta.db_table)
    marks = ", ".join(["%s"] * len(scopes))
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {quote('scope')}, {quote('version_id')} FROM {table} "  # noqa: S608
            f"WHERE {quote('scope')} IN ({marks})",
            list(scopes),
        )
        found = {str(scope): str(version or "") for scope, version in cursor.fetchall()}
    return {scope: found.get(scope, "") for scope in scopes}


def rule_data_changed(ruleset: str) -> None:
    """Mark every scope of `ruleset` stale (runs inside the editing transaction).

    Called for every saved row, so loading a fixture calls it hundreds of times: one
    plain UPDATE each (the ORM's took ten times as long and doubled the tests' time).
    """
    table = connection.ops.quote_name(CurrentRuleVersion._meta.db_table)
    prefix = ruleset.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET generation = generation + 1, version_id = NULL "  # noqa: S608
            "WHERE scope = %s OR scope LIKE %s ESCAPE '\\'",
            [ruleset, f"{prefix}:%"],
        )


def versions_without_data(hashes: set[str]) -> dict[str, RuleVersion]:
    """The versions named, without their data (for dates beside a character's name)."""
    if not hashes:
        # Every wizard step asks, nearly always about nothing: building the empty
        # query alone cost 0.1 ms a page.
        return {}
    return {
        version.sha256: version
        for version in RuleVersion.objects.filter(sha256__in=hashes).defer("data")
    }
