"""Rule data versions: stored once per hash, served from Django's cache (Redis when it is
there) without reading the rule tables, and current for every worker after an edit."""

from __future__ import annotations

import os
import select
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.cache import cache, caches
from django.core.cache.backends.redis import RedisCache
from django.db import connection
from django.test.utils import CaptureQueriesContext, override_settings

from chargen.core.models import CurrentRuleVersion, RuleVersion
from chargen.core.ruledata import (
    current_rule_version,
    rule_data,
    rule_data_changed,
    rule_version_for,
)
from chargen.rulebook.management.commands.load_rules_data import fixture_load_missing
from chargen.rulebook.models import Skill, TableRow
from chargen.rulebook.services import (
    current_rulebook_version,
    rulebook_cache_clear,
    rulebook_for_version,
    rulebook_load,
)
from rules.infinity_drive.rulebook import BOOK_FIXTURE, load_book
from tests.redis_available import LOCATION, redis_location

REDIS_LOCATION = LOCATION


def test_the_same_data_is_one_version_whatever_its_key_order(db: None) -> None:
    first = rule_version_for("test", [{"b": 1, "a": [1, 2]}])
    again = rule_version_for("test", [{"a": [1, 2], "b": 1}])
    other = rule_version_for("test", [{"a": [2, 1], "b": 1}])

    assert first.sha256 == again.sha256
    assert other.sha256 != first.sha256
    assert RuleVersion.objects.filter(ruleset="test").count() == 2
    assert len(first.sha256) == 64


def test_a_versions_data_is_served_from_the_cache_then_from_its_one_row(db: None) -> None:
    version = rule_version_for("test", {"rows": [1, 2, 3]})
    with CaptureQueriesContext(connection) as cached:
        assert rule_data(version.sha256) == {"rows": [1, 2, 3]}
    cache.clear()
    with CaptureQueriesContext(connection) as uncached:
        assert rule_data(version.sha256) == {"rows": [1, 2, 3]}

    assert len(cached) == 0
    assert len(uncached) == 1
    assert "core_ruleversion" in uncached[0]["sql"]


@pytest.fixture
def book(db: None) -> str:
    fixture_load_missing(path=BOOK_FIXTURE)
    rulebook_cache_clear()
    return current_rulebook_version()


def test_a_pinned_rulebook_is_built_without_reading_the_rule_tables(book: str) -> None:
    rulebook_cache_clear()  # nothing built in this process: only the data is in the cache
    with CaptureQueriesContext(connection) as queries:
        rulebook = rulebook_for_version(book)
    cache.clear()
    rulebook_cache_clear()
    with CaptureQueriesContext(connection) as from_row:
        assert rulebook_for_version(book) == rulebook

    assert rulebook == load_book()
    assert len(queries) == 0
    assert [query["sql"] for query in from_row if "rulebook_" in query["sql"]] == []


@pytest.fixture
def redis_cache() -> Iterator[None]:
    redis_location()
    caches = {
        **settings.CACHES,  # the other aliases as configured (the replay cache)
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_LOCATION,
            "KEY_PREFIX": f"chargen-test-{os.getpid()}",
        },
    }
    with override_settings(CACHES=caches):
        yield
        cache.clear()


def test_with_redis_a_pinned_rulebook_comes_from_redis(redis_cache: None, book: str) -> None:
    rulebook_cache_clear()
    cache.clear()
    version = rule_version_for("infinity_drive", RuleVersion.objects.get(sha256=book).data)
    rulebook_cache_clear()
    with CaptureQueriesContext(connection) as queries:
        rulebook = rulebook_for_version(version.sha256)

    import redis

    stored = redis.Redis.from_url(REDIS_LOCATION).exists(
        f"chargen-test-{os.getpid()}:1:ruledata:v1:{book}"
    )
    assert isinstance(caches["default"], RedisCache)
    assert stored
    assert len(queries) == 0
    assert rulebook == load_book()


def test_an_edit_read_while_recomputing_is_not_recorded_as_current(db: None) -> None:
    reads: list[str] = []

    def load() -> dict[str, Any]:
        reads.append("read")
        if len(reads) == 1:
            rule_data_changed("test")  # another request's edit lands during the first read
            return {"rows": "before the edit"}
        return {"rows": "after the edit"}

    current = current_rule_version(scope="test", ruleset="test", load=load)

    after = rule_version_for("test", {"rows": "after the edit"}).sha256
    assert current == after
    assert CurrentRuleVersion.objects.get(scope="test").version_id == after
    assert len(reads) == 2


def test_an_edit_makes_the_current_version_stale_in_its_transaction(book: str) -> None:
    row = TableRow.objects.get(table__slug="construction-academic", roll=6)
    row.skill = Skill.objects.get(name="Clerical")
    row.save()

    assert CurrentRuleVersion.objects.get(scope="infinity_drive").version_id is None
    assert current_rulebook_version() != book
    assert rulebook_load().table("construction-academic").entry(6).skill == "Clerical"
    assert rulebook_for_version(book).table("construction-academic").entry(6).skill == ("Diplomacy")


# A worker process: reports the current version and what its rulebook says of one table
# entry, then again for each line it reads.
WORKER = """
import sys
import django

django.setup()
from chargen.rulebook.services import current_rulebook_version, rulebook_load

def report():
    entry = rulebook_load().table("construction-academic").entry(6)
    print(current_rulebook_version(), entry.skill, flush=True)

report()
for _line in sys.stdin:
    report()
"""


def _worker_environment() -> dict[str, str]:
    database = connection.settings_dict
    environment = dict(os.environ, DJANGO_SETTINGS_MODULE="chargen.settings")
    environment.pop("REDIS_URL", None)  # each worker keeps its own in-process cache
    if connection.vendor == "sqlite":
        environment.pop("DATABASE_URL", None)
        environment["SQLITE_PATH"] = str(database["NAME"])
    else:
        user, host, port = database["USER"], database["HOST"], database["PORT"]
        environment["DATABASE_URL"] = f"postgres://{user}@{host}:{port}/{database['NAME']}"
    return environment


def _read_line(worker: subprocess.Popen[str]) -> list[str]:
    assert worker.stdout is not None
    ready, _, _ = select.select([worker.stdout], [], [], 120)  # a guard, not a timing check
    assert ready, "the worker process did not answer"
    return worker.stdout.readline().split()


@pytest.mark.django_db(transaction=True)
def test_two_processes_see_the_same_rule_version_after_an_edit() -> None:
    fixture_load_missing(path=BOOK_FIXTURE)
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", WORKER],
            cwd=Path(settings.BASE_DIR),
            env=_worker_environment(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    try:
        before = [_read_line(worker) for worker in workers]
        row = TableRow.objects.get(table__slug="construction-academic", roll=6)
        row.skill = Skill.objects.get(name="Clerical")
        row.save()
        after = []
        for worker in workers:
            assert worker.stdin is not None
            worker.stdin.write("again\n")
            worker.stdin.flush()
            after.append(_read_line(worker))
        here = current_rulebook_version()
    finally:
        for worker in workers:
            if worker.stdin is not None:
                worker.stdin.close()
            worker.wait(timeout=60)

    assert before[0] == before[1]
    assert before[0][1] == "Diplomacy"
    assert after == [[here, "Clerical"], [here, "Clerical"]]
    assert here != before[0][0]
