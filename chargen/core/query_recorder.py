"""Every statement a page read while it was drawn, and a digest of the rows it returned.

A page kept by chargen/core/page_cache.py is a function of the code, the request's
viewer and address, and what the database answered while it was drawn. So while a page
is drawn, each statement it runs is written down here with its parameters, and the rows
it returned go into a sha256. Before the kept page is served again, the same statements
run again: if every one returns the same rows, drawing the page now would read the same
answers and draw the same page; if any differs, the page is drawn afresh. Nothing has to
be invalidated, and no list of "what this page depends on" can fall out of date.

Where the rows are hashed:

- SQLite (in this process): each statement's rows are read out with `fetchall`, hashed
  (pickled: exact for every value SQLite returns), and handed on to Django through a
  stand-in cursor, so the drawing reads exactly what was hashed;
- PostgreSQL: the drawing runs in one REPEATABLE READ transaction of its own, and at its
  end one statement has the server hash every recorded statement's rows as text (a
  sha256 of each statement's rows, in order): the rows the drawing read, from the same
  snapshot, never sent to Python. A kept page is checked by that one statement, one
  round trip. Inside a transaction that is not its own (a caller's atomic block, a
  test's) the snapshot is not known, so the rows are hashed here as on SQLite.

Anything else a page reads that can change (a count kept in a cache that another worker
invalidates) is named with `note_input(result, function, *args)`: the function is called
again with the same arguments before the page is served, and must give the same answer.
A value that must differ on every response (a random one-time key) is drawn with
`fresh_per_response(generator)`: a placeholder, filled with a new value per response.

A drawing that writes, locks, fails a statement, runs one twice at once (`executemany`),
or reads with a date or time among its parameters (it may mean "now", which has moved
on by the next request) is not kept: `Recording.refused` says why.
"""

from __future__ import annotations

import datetime
import hashlib
import importlib
import logging
import pickle
import re
import secrets
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Protocol

from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections, transaction

logger = logging.getLogger(__name__)

_LOCKS = (" FOR UPDATE", " FOR NO KEY UPDATE", " FOR SHARE", " FOR KEY SHARE")


@dataclass(frozen=True)
class Input:
    """A value read from outside the database: `function(*args)` gave the result `seen`."""

    function: str  # "module:name"
    args: tuple[Any, ...]
    seen: str  # repr of the result


def _placeholder(kind: str) -> str:
    """A word drawn into a page instead of a per-response value: new for each drawing, never
    sent to anyone (every response is filled), so no user can type it into their text."""
    return f"{kind}{secrets.token_hex(16)}"


@dataclass
class Recording:
    """What one drawing read: its statements, a digest of their rows, its other inputs,
    and the placeholders it drew for what each response has of its own."""

    alias: str
    on_server: bool = False  # PostgreSQL: the server hashes the rows (see above)
    statements: list[tuple[str, Any]] = field(default_factory=list)
    inputs: list[Input] = field(default_factory=list)
    fresh: list[tuple[str, str]] = field(default_factory=list)  # (placeholder, "module:name")
    refused: str = ""
    digest: str = ""
    csrf_placeholder: str = field(default_factory=lambda: _placeholder("csrf"))
    nonce_placeholder: str = field(default_factory=lambda: _placeholder("nonce"))
    _hash: Any = field(default_factory=hashlib.sha256)

    def refuse(self, why: str) -> None:
        self.refused = self.refused or why

    def __call__(
        self,
        execute: Callable[..., Any],
        sql: str,
        params: Any,
        many: bool,
        context: dict[str, Any],
    ) -> Any:
        wrapper = context["cursor"]
        if isinstance(wrapper.cursor, _ReadOut):  # the same cursor, used again
            wrapper.cursor = wrapper.cursor.cursor
        try:
            result = execute(sql, params, many, context)
        except Exception:
            self.refuse("a statement failed")
            raise
        why = _why_not_kept(sql, params, many)
        if why:
            self.refuse(why)
            return result
        self.statements.append((sql, params))
        if not self.on_server:
            rows = wrapper.cursor.fetchall()
            wrapper.cursor = _ReadOut(wrapper.cursor, rows)
            _add_rows(self._hash, rows)
        return result


def _why_not_kept(sql: str, params: Any, many: bool) -> str:
    if many:
        return "ran executemany"
    text = sql.lstrip().upper()
    if not text.startswith("SELECT"):
        return f"ran {text.split(' ', 1)[0]}"
    if any(lock in text for lock in _LOCKS):
        return "took a row lock"
    if isinstance(params, dict):
        return "named parameters"
    if any(_is_time(value) for value in _flat(params or ())):
        return "read with a date or time"
    return ""


def _flat(values: Sequence[Any]) -> Iterator[Any]:
    for value in values:
        if isinstance(value, list | tuple):
            yield from _flat(value)
        else:
            yield value


# How SQLite's backend passes a date or time: as text, already converted.
_TIME_TEXT = re.compile(r"\d{4}-\d\d-\d\d([ T]\d\d:\d\d.*)?|\d\d:\d\d(:\d\d.*)?")


def _is_time(value: object) -> bool:
    if isinstance(value, datetime.date | datetime.time):
        return True
    return isinstance(value, str) and len(value) <= 40 and bool(_TIME_TEXT.fullmatch(value))


class _ReadOut:
    """A database cursor whose rows were already read out: it hands them on as it would,
    until it runs another statement itself."""

    def __init__(self, cursor: Any, rows: list[Any]) -> None:
        self.cursor = cursor
        self._rows: list[Any] | None = rows
        self._next = 0

    def execute(self, *args: Any, **kwargs: Any) -> Any:
        self._rows = None
        return self.cursor.execute(*args, **kwargs)

    def executemany(self, *args: Any, **kwargs: Any) -> Any:
        self._rows = None
        return self.cursor.executemany(*args, **kwargs)

    def fetchone(self) -> Any:
        if self._rows is None:
            return self.cursor.fetchone()
        if self._next >= len(self._rows):
            return None
        self._next += 1
        return self._rows[self._next - 1]

    def fetchmany(self, size: int | None = None) -> list[Any]:
        size = size or self.cursor.arraysize
        if self._rows is None:
            return list(self.cursor.fetchmany(size))
        chunk = self._rows[self._next : self._next + size]
        self._next += len(chunk)
        return chunk

    def fetchall(self) -> list[Any]:
        if self._rows is None:
            return list(self.cursor.fetchall())
        rest = self._rows[self._next :]
        self._next = len(self._rows)
        return rest

    def __iter__(self) -> Iterator[Any]:
        while (row := self.fetchone()) is not None:
            yield row

    def __getattr__(self, name: str) -> Any:  # description, rowcount, close, ...
        return getattr(self.cursor, name)


def _add_rows(digest: Any, rows: Sequence[Any]) -> None:
    try:
        digest.update(pickle.dumps(rows, protocol=5))
    except (TypeError, pickle.PicklingError):  # a memoryview: its bytes
        plain = [tuple(bytes(v) if isinstance(v, memoryview) else v for v in r) for r in rows]
        digest.update(pickle.dumps(plain, protocol=5))
    digest.update(b"\0")


def _server_digest(alias: str, statements: Sequence[tuple[str, Any]]) -> str:
    """PostgreSQL: one statement hashes the rows of every statement, each row as text."""
    if not statements:
        return hashlib.sha256(b"").hexdigest()
    parts, params = [], []
    for sql, given in statements:
        if given is None:  # run without parameters: a % in it is not a placeholder
            sql, given = sql.replace("%", "%%"), ()
        # `sql` is a statement this process ran (the ORM's or Chargen's own), with its
        # values still bound as parameters: no user's text is written into it.
        # (t.*): the whole row, even where a column is itself called t.
        rows = f"SELECT row_number() OVER () AS n, (t.*)::text AS x FROM ({sql}) AS t"  # noqa: S608
        aggregate = "coalesce((SELECT string_agg(s.n::text || ':' || s.x, ',' ORDER BY s.n)"
        text = f"convert_to({aggregate} FROM ({rows}) AS s), ''), 'UTF8')"
        parts.append(f"encode(sha256({text}), 'hex')")
        params.extend(given)
    with connections[alias].cursor() as cursor:
        cursor.execute("SELECT " + ", ".join(parts), params)
        row = cursor.fetchone()
    return hashlib.sha256("\0".join(row).encode()).hexdigest()


_active: ContextVar[Recording | None] = ContextVar("page_recording", default=None)


def active() -> Recording | None:
    """The recording under way in this request, if a page is being drawn to be kept."""
    return _active.get()


def hashed_on_server(alias: str = DEFAULT_DB_ALIAS) -> bool:
    """Whether this database hashes the rows itself (PostgreSQL)."""
    return connections[alias].vendor == "postgresql"


@contextmanager
def recording(
    alias: str = DEFAULT_DB_ALIAS, *, on_server: bool | None = None
) -> Iterator[Recording]:
    """Write down what the database answers inside this block, on `alias` (Chargen has
    one database; a second would need its own recording). `on_server=False` hashes the
    rows here on PostgreSQL too, as PAGE_CACHE_VERIFY does: no statement of its own."""
    connection = connections[alias]
    if on_server is None:
        on_server = hashed_on_server(alias)
    # Only a transaction of our own is known to be one snapshot: inside another (a caller's
    # atomic block, a test's transaction) the rows are hashed here, as they are read.
    on_server = on_server and not connection.in_atomic_block
    made = Recording(alias=alias, on_server=on_server)
    with ExitStack() as stack:
        if made.on_server:
            stack.enter_context(transaction.atomic(using=alias))
            with connection.cursor() as cursor:  # the transaction's first statement
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        token = _active.set(made)
        try:
            with connection.execute_wrapper(made):
                yield made
        finally:
            _active.reset(token)
        if made.refused:
            return
        if not made.on_server:
            made.digest = made._hash.hexdigest()
            return
        try:
            with transaction.atomic(using=alias):  # a savepoint: a failure leaves no harm
                made.digest = _server_digest(alias, made.statements)
        except DatabaseError:
            logger.warning("page cache: hashing a drawing's rows failed", exc_info=True)
            made.refuse("its rows could not be hashed")


def note_input(result: object, function: Callable[..., object], *args: Any) -> None:
    """Name a value a page read from outside the database while it was drawn: `result`,
    which `function(*args)` gave. Before a kept page is served the function is called
    again with the same (picklable) arguments, and must give an equal result."""
    made = _active.get()
    if made is not None:
        name = f"{function.__module__}:{function.__qualname__}"
        made.inputs.append(Input(function=name, args=args, seen=repr(result)))


def fresh_per_response(generator: Callable[[], object]) -> object:
    """`generator()`, or while a page is being drawn to be kept, a placeholder that each
    response fills with a new `generator()` (a module-level function)."""
    made = _active.get()
    if made is None:
        return generator()
    placeholder = _placeholder("fresh")
    made.fresh.append((placeholder, f"{generator.__module__}:{generator.__qualname__}"))
    return placeholder


def function_named(name: str) -> Callable[..., object]:
    module, _, qualname = name.partition(":")
    found: Any = importlib.import_module(module)
    for part in qualname.split("."):
        found = getattr(found, part)
    return found


class WhatWasRead(Protocol):
    """A drawing's reads, as a Recording made them or a kept page keeps them."""

    @property
    def alias(self) -> str: ...
    @property
    def on_server(self) -> bool: ...
    @property
    def statements(self) -> Sequence[tuple[str, Any]]: ...
    @property
    def inputs(self) -> Sequence[Input]: ...
    @property
    def digest(self) -> str: ...


def still_true(read: WhatWasRead) -> bool:
    """Whether every statement returns the rows it did, and every input agrees."""
    for seen in read.inputs:
        if repr(function_named(seen.function)(*seen.args)) != seen.seen:
            return False
    try:
        if read.on_server:
            return _server_digest(read.alias, read.statements) == read.digest
        again = hashlib.sha256()
        with connections[read.alias].cursor() as cursor:
            for sql, params in read.statements:
                cursor.execute(sql, params)
                _add_rows(again, cursor.fetchall())
        return again.hexdigest() == read.digest
    except DatabaseError:  # a statement that no longer runs (a deploy's migration): draw
        logger.warning("page cache: checking a kept page failed", exc_info=True)
        return False
