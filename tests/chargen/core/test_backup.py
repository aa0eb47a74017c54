"""The backups README describes, made and restored for real (SQLite; PostgreSQL when it runs)."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.db import connection

from chargen.campaigns.services import campaign_create

ROOT = Path(__file__).resolve().parents[3]


def _campaign_names_through_chargen(**env: str) -> str:
    """What Chargen itself reads from the database the environment names."""
    base = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "SQLITE_PATH"}}
    result = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "shell",
            "--no-imports",
            "-c",
            "from chargen.campaigns.models import Campaign; "
            "print(sorted(Campaign.objects.values_list('name', flat=True)))",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**base, "DEBUG": "1", **env},
        check=True,
    )
    return result.stdout.strip()


@pytest.mark.django_db(transaction=True)
def test_sqlite_online_backup_while_the_site_runs_then_restore(gm: User, tmp_path: Path) -> None:
    if connection.vendor != "sqlite":
        pytest.skip("the SQLite backup is tested on the SQLite run")
    campaign_create(gm=gm, name="The Long Jump")
    live = Path(connection.settings_dict["NAME"])
    backup = tmp_path / "backup.sqlite3"
    script = str(ROOT / "scripts" / "backup_sqlite.py")

    # The site's connection stays open (WAL mode): the script copies what it committed.
    made = subprocess.run(
        [sys.executable, script, str(live), str(backup)], capture_output=True, text=True
    )
    assert made.returncode == 0, made.stderr
    with closing(sqlite3.connect(backup)) as copy:
        assert copy.execute("SELECT name FROM campaigns_campaign").fetchall() == [
            ("The Long Jump",)
        ]

    restored = tmp_path / "db.sqlite3"
    restored.write_bytes(b"")  # restoring replaces whatever the file held
    done = subprocess.run(
        [sys.executable, script, str(backup), str(restored)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert _campaign_names_through_chargen(SQLITE_PATH=str(restored)) == "['The Long Jump']"


def test_sqlite_backup_refuses_a_missing_source_without_creating_it(tmp_path: Path) -> None:
    missing = tmp_path / "typo.sqlite3"
    result = subprocess.run(
        [sys.executable, "scripts/backup_sqlite.py", str(missing), str(tmp_path / "b.sqlite3")],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1
    assert "No SQLite database" in result.stderr
    assert not missing.exists()


@pytest.mark.django_db(transaction=True)
def test_postgresql_pg_dump_then_pg_restore(gm: User, tmp_path: Path) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("pg_dump is tested on the PostgreSQL run (DATABASE_URL=postgres://…)")
    tools = {name: shutil.which(name) for name in ("pg_dump", "pg_restore", "createdb", "dropdb")}
    if None in tools.values():
        pytest.skip("PostgreSQL's client programs (pg_dump, pg_restore …) are not installed")
    pg_dump, pg_restore, createdb, dropdb = (str(tools[name]) for name in tools)
    campaign_create(gm=gm, name="The Long Jump")
    settings = connection.settings_dict
    server = {
        "PGHOST": settings["HOST"] or "127.0.0.1",
        "PGPORT": str(settings["PORT"] or 5432),
        "PGUSER": settings["USER"] or "postgres",
        "PGPASSWORD": settings["PASSWORD"] or "",
    }
    env = {**os.environ, **server}
    dump = tmp_path / "chargen.dump"
    subprocess.run(
        [pg_dump, "--format=custom", f"--file={dump}", settings["NAME"]], env=env, check=True
    )

    restored = f"{settings['NAME']}_restored"
    subprocess.run([dropdb, "--if-exists", restored], env=env, check=True)
    subprocess.run([createdb, restored], env=env, check=True)
    try:
        subprocess.run(
            [pg_restore, "--no-owner", f"--dbname={restored}", str(dump)], env=env, check=True
        )
        url = (
            f"postgres://{server['PGUSER']}:{server['PGPASSWORD']}@"
            f"{server['PGHOST']}:{server['PGPORT']}/{restored}"
        )
        assert _campaign_names_through_chargen(DATABASE_URL=url) == "['The Long Jump']"
    finally:
        subprocess.run([dropdb, "--if-exists", restored], env=env, check=True)
