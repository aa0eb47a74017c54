"""Every statement a page read while it was drawn, with the rows each one returned.

A page kept by chargen/core/page_cache.py is a function of the code, the request's
viewer and address, and what the database answered while it was drawn. So while a page
is drawn, each statement it runs is written down here with its parameters, and the rows
it returned go into a sha256. Before the kept page is served again, the same statements
run again: if every one returns the same rows, drawing the page now would read the same
answers and draw the same page; if any differs, the page is drawn afresh. Nothing has to
be invalidated, and no list of "what this page depends on" can fall out of date.

Anything else a page reads that can change (a count kept in a cache that another worker
invalidates) is named with `note_input(function, *args)`: the function is called again
with the same arguments before the page is served, and must give the same answer.

A drawing that writes, locks, runs a statement twice at once (`executemany`), or reads
with a date or time among its parameters (it may mean "now", which has moved on by the
next request) is not kept: `Recording.refused` says why.
"""

from __future__ import annotations

import datetime
import hashlib
import importlib
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections

_LOCKS = (" FOR UPDATE", " FOR NO KEY UPDATE", " FOR SHARE", " FOR KEY SHARE")


@dataclass(frozen=True)
class Input:
    """A value read from outside the database: `function(*args)` gave the result `seen`."""

    function: str  # "module:name"
    args: tuple[Any, ...]
    seen: str  # repr of the result


@dataclass
class Recording:
    """What one drawing read: its statements, a digest of their rows, its other inputs."""

    alias: str
    statements: list[tuple[str, Any]] = field(default_factory=list)
    inputs: list[Input] = field(default_factory=list)
    refused: str = ""
    _digest: Any = field(default_factory=hashlib.sha256)

    @property
    def digest(self) -> str:
        return self._digest.hexdigest()

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
        result = execute(sql, params, many, context)
        why = _why_not_kept(sql, params, many)
        if why:
            self.refuse(why)
            return result
        rows = wrapper.cursor.fetchall()
        wrapper.cursor = _ReadOut(wrapper.cursor, rows)
        self.statements.append((sql, params))
        _add_rows(self._digest, rows)
        return result


def _why_not_kept(sql: str, params: Any, many: bool) -> str:
    if many:
        return "ran executemany"
    text = sql.lstrip().upper()
    if not text.startswith("SELECT"):
        return f"ran {text.split(' ', 1)[0]}"
    if any(lock in text for lock in _LOCKS):
        return "took a row lock"
    values = params.values() if isinstance(params, dict) else (params or ())
    if any(_is_time(value) for value in values):
        return "read with a date or time"
    return ""


# How SQLite's backend passes a date or time: as text, already converted.
_TIME_TEXT = re.compile(r"\d{4}-\d\d-\d\d([ T]\d\d:\d\d.*)?|\d\d:\d\d(:\d\d.*)?")


def _is_time(value: object) -> bool:
    if isinstance(value, datetime.date | datetime.time):
        return True
    return isinstance(value, str) and len(value) <= 40 and bool(_TIME_TEXT.fullmatch(value))


class _ReadOut:
    """A database cursor whose rows were already read out: it hands them on as it would."""

    def __init__(self, cursor: Any, rows: list[Any]) -> None:
        self.cursor = cursor
        self._rows = rows
        self._next = 0

    def fetchone(self) -> Any:
        if self._next >= len(self._rows):
            return None
        self._next += 1
        return self._rows[self._next - 1]

    def fetchmany(self, size: int | None = None) -> list[Any]:
        size = size or self.cursor.arraysize
        chunk = self._rows[self._next : self._next + size]
        self._next += len(chunk)
        return chunk

    def fetchall(self) -> list[Any]:
        rest = self._rows[self._next :]
        self._next = len(self._rows)
        return rest

    def __iter__(self) -> Iterator[Any]:
        while (row := self.fetchone()) is not None:
            yield row

    def __getattr__(self, name: str) -> Any:  # description, rowcount, close, ...
        return getattr(self.cursor, name)


def _add_rows(digest: Any, rows: Sequence[Any]) -> None:
    plain = [tuple(bytes(v) if isinstance(v, memoryview) else v for v in row) for row in rows]
    digest.update(repr(plain).encode())
    digest.update(b"\0")


_active: ContextVar[Recording | None] = ContextVar("page_recording", default=None)


def active() -> Recording | None:
    """The recording under way in this request, if a page is being drawn to be kept."""
    return _active.get()


@contextmanager
def recording(alias: str = DEFAULT_DB_ALIAS) -> Iterator[Recording]:
    """Write down what the database answers inside this block (on `alias` only: a read
    through another connection refuses the recording, see `page_cache`)."""
    made = Recording(alias=alias)
    token = _active.set(made)
    try:
        with connections[alias].execute_wrapper(made):
            yield made
    finally:
        _active.reset(token)


def note_input(result: object, function: Callable[..., object], *args: Any) -> None:
    """Name a value a page read from outside the database while it was drawn: `result`,
    which `function(*args)` gave. Before a kept page is served the function is called
    again with the same (picklable) arguments, and must give an equal result."""
    made = _active.get()
    if made is not None:
        name = f"{function.__module__}:{function.__qualname__}"
        made.inputs.append(Input(function=name, args=args, seen=repr(result)))


def _function(name: str) -> Callable[..., object]:
    module, _, qualname = name.partition(":")
    found: Any = importlib.import_module(module)
    for part in qualname.split("."):
        found = getattr(found, part)
    return found


def still_true(
    *, alias: str, statements: Sequence[tuple[str, Any]], digest: str, inputs: Sequence[Input]
) -> bool:
    """Whether every statement returns the rows it did, and every input agrees."""
    for seen in inputs:
        if repr(_function(seen.function)(*seen.args)) != seen.seen:
            return False
    again = hashlib.sha256()
    with connections[alias].cursor() as cursor:
        for sql, params in statements:
            cursor.execute(sql, params)
            _add_rows(again, cursor.fetchall())
    return again.hexdigest() == digest
