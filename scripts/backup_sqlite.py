"""Copy a live SQLite database consistently, without stopping Chargen.

Uses SQLite's online backup API (Python's standard library, no sqlite3 program
needed): the copy is one consistent snapshot even while the site writes, WAL
included. A plain `cp` of db.sqlite3 can miss what is still in db.sqlite3-wal.

Back up (site running):   .venv/bin/python scripts/backup_sqlite.py db.sqlite3 backup.sqlite3
Restore (site stopped):   .venv/bin/python scripts/backup_sqlite.py backup.sqlite3 db.sqlite3
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from contextlib import closing
from pathlib import Path

# Pages copied per step; between steps the site's writers may run.
PAGES_PER_STEP = 1024


def sqlite_backup(source: Path, destination: Path) -> None:
    """Copy `source` into `destination` (replacing its contents) and check the copy."""
    if not source.is_file():
        raise FileNotFoundError(f"No SQLite database at {source}.")
    # Read-only URI: a mistyped source is never created empty.
    with (
        closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as reader,
        closing(sqlite3.connect(destination)) as writer,
    ):
        reader.backup(writer, pages=PAGES_PER_STEP)
        (verdict,) = writer.execute("PRAGMA integrity_check").fetchone()
    if verdict != "ok":
        raise RuntimeError(f"The copy at {destination} failed its integrity check: {verdict}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("source", type=Path, help="database to copy, e.g. db.sqlite3")
    parser.add_argument("destination", type=Path, help="file to write, e.g. backup.sqlite3")
    arguments = parser.parse_args(argv)
    try:
        sqlite_backup(arguments.source, arguments.destination)
    except (OSError, sqlite3.Error, RuntimeError) as failure:
        print(f"Backup failed: {failure}", file=sys.stderr)
        return 1
    print(f"Copied {arguments.source} to {arguments.destination}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
