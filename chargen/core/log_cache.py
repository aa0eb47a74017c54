"""A subject's whole log as its lock read it, kept in Django's cache under its log version.

Every write locks its subject and reads the whole log (log.py's `write_once`, log_key.py's
`locked_read`): the wizard's 48 writes of a character read its log 48 times, a little
longer each time, and building those rows from the database was most of a write's read
(about 1.3 ms for a 50-row log, against 0.4 ms from the cache: docs/benchmarks.md).

The subject's row carries its log version (log_version.py): the newest row's sequence and
entry hash, which names the whole log exactly, since each row's hash covers the row before
(chain.py). Read under the subject's lock, that version is the log's state for the rest
of the transaction. So the kept log is used only when its version is the one the lock
read, and is never stale: a roll, an undo or a note makes a new version, and nothing is
ever invalidated. A write keeps the log it leaves (the rows it read and the row it saved)
once its transaction commits, so the next click's lock finds it; a rolled-back write
keeps nothing. A log with a row not sealed yet (its version is a sequence alone, until
`manage.py seal_logs`) is never kept.

Rows are written once and never changed (log.py refuses an update), with two
exceptions: `manage.py seal_logs` fills in the seal of rows written before signing began,
and a data migration may rewrite rows in place, as `drifting/0008` did. Neither moves the
subject's version, so neither must meet a kept log: a log with an unsealed row is never
kept, and the key names the project's migrations (a hash of their files, read once per
process), so a deploy that brings a migration never reads a log kept before it.

One key per subject, holding the newest version kept: older versions are never read
again, so they are overwritten rather than left to expire. The key names the database
and the subject row's creation time besides its id: the version names the rows' content,
not their ids, and a character deleted and then imported again from its file keeps its
id and its rows' hashes but gets new rows (and a new creation time). The rows are kept
as their column values (with the column names, so a deploy that adds a column reads no
old layout) and made into model instances again with Django's `Model.from_db`, as a
query makes them.
"""

from __future__ import annotations

import enum
import hashlib
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from django.core.cache import caches
from django.db import connections, models, router, transaction

import chargen
from chargen.core.log_version import version_of

CACHE_ALIAS = "logs"  # settings.CACHES: Redis with REDIS_URL, else local memory
PREFIX = "log:v1"
# Seconds: a player's next click comes within minutes; a log not written for longer is
# read from the database again, and its memory is freed.
TIMEOUT = 30 * 60
# Rows: a kept log is written whole after every click (some 250 bytes a row). A
# character's creation is some 60 rows and most sheets in play a few hundred; a longer
# log (a sheet with thousands of rolls) is read from the database as before, rather than
# a quarter of a megabyte being stored again at each roll.
MOST_ROWS = 1000


@cache
def migrations_version() -> str:
    """The sha256 of every migration file of the project, read once per process: a
    deploy that adds one (which may rewrite log rows) reads no log kept before it."""
    digest = hashlib.sha256()
    top = Path(chargen.__file__).resolve().parent
    for path in sorted(top.glob("*/migrations/*.py")):
        digest.update(path.relative_to(top).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def is_sealed(version: str) -> bool:
    """Whether `version` names a log whose newest row is sealed ("<sequence>-<hash>")."""
    sequence, dash, digest = version.partition("-")
    return bool(dash and digest and sequence.isdigit())


def cache_key(model: type[models.Model], subject: models.Model) -> str | None:
    """The key of `subject`'s kept log of `model` rows, or None for a subject without a
    creation time (then nothing is kept)."""
    created = getattr(subject, "created", None)
    if created is None:
        return None
    database = connections[router.db_for_read(model)].settings_dict["NAME"]
    return (
        f"{PREFIX}:{migrations_version()}:{database}:{model._meta.label_lower}:"
        f"{subject.pk}:{created.isoformat()}"
    )


def columns(model: type[models.Model]) -> tuple[str, ...]:
    return tuple(field.attname for field in model._meta.concrete_fields)


def kept_log(model: type[models.Model], subject: models.Model, version: str) -> list[Any] | None:
    """The log of `subject` at `version` as a write left it, or None when none is kept at
    that very version (or `version` is not sealed)."""
    key = cache_key(model, subject)
    if key is None or not is_sealed(version):
        return None
    kept = caches[CACHE_ALIAS].get(key)
    if not isinstance(kept, tuple) or len(kept) != 3:
        return None
    kept_version, names, values = kept
    if kept_version != version or tuple(names) != columns(model):
        return None
    database = router.db_for_read(model)
    return [model.from_db(database, names, row) for row in values]


def as_read(value: object) -> object:
    """A column's value as a query gives it back: a choice as its plain value (a row built
    in code may hold the enum member)."""
    return value.value if isinstance(value, enum.Enum) else value


def kept_value(
    model: type[models.Model], subject: models.Model, rows: Sequence[models.Model]
) -> tuple[str, tuple[str, Any, Any]] | None:
    """The key and value `rows` (the whole log, oldest first) are kept under, or None
    when they are not to be kept (no key, too long, a row not sealed)."""
    key = cache_key(model, subject)
    if key is None or not rows or len(rows) > MOST_ROWS:
        return None
    newest = rows[-1]
    version = version_of(newest.sequence, newest.entry_hash)  # type: ignore[attr-defined]
    if not is_sealed(version) or not all(row.entry_hash for row in rows):  # type: ignore[attr-defined]
        return None
    names = columns(model)
    values = [tuple(as_read(getattr(row, name)) for name in names) for row in rows]
    return key, (version, names, values)


def keep_log_after_commit(
    model: type[models.Model], subject: models.Model, rows: Sequence[models.Model]
) -> None:
    """Keep `rows` (the whole log, oldest first, as a write left it under the subject's
    lock) under the version its newest row gives the subject, once the current
    transaction commits (nothing if it rolls back). The rows' values are read now, as the
    write saved them; a failure to keep them (Redis away) is logged by the cache and never
    reaches the request that wrote."""
    kept = kept_value(model, subject, rows)
    if kept is not None:
        transaction.on_commit(lambda: caches[CACHE_ALIAS].set(*kept, TIMEOUT), robust=True)
