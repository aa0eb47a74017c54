"""A whole site through README's backups: every sheet reads the same after a restore.

The site is the legacy fixture's cast (make_legacy_fixture.py's builders, on today's
code): Infinity Drive characters finished, drafts and dead, a campaign with house
rules, a GM's approvals and notes; Drifting characters in play and in creation; the
unique-dice pool and roll-and-keep sheets with their rolls. Every page the legacy test
keeps (sheets, print pages, list lines, the GM's party pages) is read before the
backup and again after the restore into an emptied database, and must read the same.
README's paths run so: the JSON copy (dumpdata/loaddata, either database) and
the SQLite script (backup while running, restore over the stopped site's file);
on the PostgreSQL run, pg_dump/pg_restore into a new database too.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection, models

from chargen.core import roll_keys
from chargen.core.replay_cache import forget_recent_replays
from chargen.rulebook.services import rulebook_cache_clear
from tests.chargen.migration.build_common import client_for
from tests.chargen.migration.legacy import CHARGEN_APPS, Page, page_text
from tests.chargen.migration.make_legacy_fixture import _build, _pages

ROOT = Path(__file__).resolve().parents[3]

# README's "Backup and restore", "Between databases": exactly these options.
DUMP_OPTIONS = {
    "natural_foreign": True,
    "natural_primary": True,
    "exclude": ["contenttypes", "auth.permission", "sessions"],
}


def _read_every_page(pages: list[Page]) -> dict[str, str]:
    users = get_user_model().objects
    texts = {}
    for page in pages:
        response = client_for(users.get(username=page.username)).get(page.url)
        assert response.status_code == 200, page.key
        texts[page.key] = page_text(response.content.decode(), line_link=page.line_link)
    return texts


def _row_counts() -> dict[str, int]:
    counted: list[type[models.Model]] = [apps.get_model("auth.User")]
    for label in (*CHARGEN_APPS, "core"):
        counted.extend(apps.get_app_config(label).get_models(include_auto_created=True))
    return {model._meta.label: model._base_manager.count() for model in counted}


def _seals() -> dict[str, list[tuple[str, str]]]:
    """Every log row's chain hash and signature, table by table."""
    sealed = [
        model
        for model in apps.get_models()
        if any(field.name == "entry_hash" for field in model._meta.concrete_fields)
    ]
    return {
        model._meta.label: sorted(model._base_manager.values_list("entry_hash", "signature"))
        for model in sealed
    }


def _forget_caches() -> None:
    """What a restarted server starts without: cached rule data, keys and replays."""
    rulebook_cache_clear()
    ContentType.objects.clear_cache()
    cache.clear()
    forget_recent_replays()
    roll_keys.forget_known_keys_here()


@dataclass(frozen=True)
class Site:
    """What the built site shows and holds, read before the backup."""

    pages: list[Page]
    texts: dict[str, str]
    counts: dict[str, int]
    seals: dict[str, list[tuple[str, str]]]

    def assert_restored(self) -> None:
        _forget_caches()
        after = _read_every_page(self.pages)
        changed = [key for key in self.texts if after[key] != self.texts[key]]
        assert not changed, f"{len(changed)} of {len(self.texts)} pages read differently: {changed}"
        # What no page shows (signing keys, rule versions, logs' seals) came back too.
        assert _row_counts() == self.counts
        assert _seals() == self.seals


def _emptied() -> None:
    """An empty database, as `migrate` leaves a new one: no row of any app's table."""
    call_command("flush", interactive=False, verbosity=0)
    _forget_caches()
    assert not any(_row_counts().values())


@pytest.fixture
def site(transactional_db: None) -> Site:
    """Committed for real, as a restore is (flush cannot TRUNCATE inside a test's
    transaction): every kind of character, read before the backup."""
    # As a fresh process would, record the signing key's public half with the first
    # row signed: an earlier test's flushed database took that row with it.
    roll_keys._recorded.clear()
    call_command("load_rules_data", verbosity=0)
    pages = _pages(_build())
    built = Site(pages, _read_every_page(pages), _row_counts(), _seals())
    assert len(built.seals) >= 4
    assert all(built.seals.values())
    kinds = {key.split(":")[0] for key in built.texts}
    assert {"Infinity Drive sheet", "Drifting sheet", "Roller sheet (unique)"} <= kinds
    assert "Roller sheet (mana)" in kinds
    assert built.counts["core.SigningKey"]
    assert built.counts["core.RuleVersion"]
    return built


def test_dumpdata_then_loaddata_into_an_empty_database_keeps_every_page(
    site: Site, tmp_path: Path
) -> None:
    backup = tmp_path / "backup.json"
    call_command("dumpdata", output=str(backup), verbosity=0, **DUMP_OPTIONS)
    _emptied()

    call_command("loaddata", str(backup), verbosity=0)

    site.assert_restored()


def test_the_sqlite_backup_script_restored_over_an_emptied_database_keeps_every_page(
    site: Site, tmp_path: Path
) -> None:
    if connection.vendor != "sqlite":
        pytest.skip("the SQLite backup is tested on the SQLite run")
    live = str(connection.settings_dict["NAME"])
    backup = str(tmp_path / "backup.sqlite3")
    script = str(ROOT / "scripts" / "backup_sqlite.py")
    # README: back up while the site runs (its connection stays open) ...
    subprocess.run([sys.executable, script, live, backup], check=True, capture_output=True)
    _emptied()
    # ... restore with the site stopped.
    connection.close()
    subprocess.run([sys.executable, script, backup, live], check=True, capture_output=True)

    site.assert_restored()


def test_pg_dump_then_pg_restore_into_a_new_database_keeps_every_page(
    site: Site, tmp_path: Path
) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("pg_dump is tested on the PostgreSQL run (DATABASE_URL=postgres://…)")
    tools = {name: shutil.which(name) for name in ("pg_dump", "pg_restore", "createdb", "dropdb")}
    if None in tools.values():
        pytest.skip("PostgreSQL's client programs (pg_dump, pg_restore …) are not installed")
    pg_dump, pg_restore, createdb, dropdb = (str(tools[name]) for name in tools)
    settings = connection.settings_dict
    env = {
        **os.environ,
        "PGHOST": settings["HOST"] or "127.0.0.1",
        "PGPORT": str(settings["PORT"] or 5432),
        "PGUSER": settings["USER"] or "postgres",
        "PGPASSWORD": settings["PASSWORD"] or "",
    }
    dump = tmp_path / "chargen.dump"
    # README's commands: a custom-format dump while the site runs, then an empty
    # database restored with --no-owner.
    subprocess.run(
        [pg_dump, "--format=custom", f"--file={dump}", settings["NAME"]], env=env, check=True
    )
    live, restored = settings["NAME"], f"{settings['NAME']}_site_restored"
    subprocess.run([dropdb, "--if-exists", restored], env=env, check=True)
    subprocess.run([createdb, restored], env=env, check=True)
    try:
        subprocess.run(
            [pg_restore, "--no-owner", f"--dbname={restored}", str(dump)], env=env, check=True
        )
        # The site, restarted on the restored database.
        connection.close()
        settings["NAME"] = restored
        site.assert_restored()
    finally:
        connection.close()
        settings["NAME"] = live
        _forget_caches()
        subprocess.run([dropdb, "--if-exists", restored], env=env, check=True)
