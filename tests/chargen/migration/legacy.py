"""The legacy fixture's two files and the one way both sides read a page.

`make_legacy_fixture.py` wrote `legacy_v1.json` (every row of every app table, as the
old code left them) and `legacy_v1_pages.json` (what each page showed). The test loads
the rows into a database migrated to the old state, migrates it forward and reads the
pages again. Both sides dump rows and read pages through the functions here, so a
difference can only come from the data or the code that renders it.
"""

from __future__ import annotations

import datetime
import decimal
import json
import re
import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from django.apps.registry import Apps
from django.db import models

HERE = Path(__file__).resolve().parent
FIXTURE_PATH = HERE / "legacy_v1.json"
PAGES_PATH = HERE / "legacy_v1_pages.json"

# Every app whose tables hold what players, GMs and the rule data made. From auth only
# the users: permissions and content types are rebuilt by `migrate` with their own ids.
CHARGEN_APPS: tuple[str, ...] = (
    "accounts",
    "campaigns",
    "rulebook",
    "characters",
    "content",
    "desk",
    "rollers",
    "drifting",
)
AUTH_MODELS: tuple[str, ...] = ("auth.User",)


# --- Rows ------------------------------------------------------------------------------------


def dumped_models(apps: Apps) -> list[type[models.Model]]:
    """The models whose rows the fixture holds, many-to-many tables included."""
    chosen = [apps.get_model(label) for label in AUTH_MODELS]
    for label in CHARGEN_APPS:
        chosen.extend(apps.get_app_config(label).get_models(include_auto_created=True))
    return chosen


def _plain(value: Any) -> Any:
    """A column value as JSON can hold it (JSON columns stay as they are)."""
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, uuid.UUID | decimal.Decimal):
        return str(value)
    return value


def dump_rows(model: type[models.Model]) -> list[dict[str, Any]]:
    """Every row of `model`, column by column (attnames such as `owner_id`), by key."""
    columns = [column.attname for column in model._meta.concrete_fields]
    rows = model._base_manager.order_by("pk").values(*columns)
    return [{name: _plain(row[name]) for name in columns} for row in rows]


def rows_as_instances(
    model: type[models.Model], rows: Iterable[dict[str, Any]]
) -> list[models.Model]:
    """Unsaved instances of `model` (a historical model) holding exactly these values."""
    instances = []
    for row in rows:
        values = {}
        for name, value in row.items():
            column = model._meta.get_field(name)
            assert isinstance(column, models.Field), f"{name} is a column of {model}"
            values[name] = (
                value
                if isinstance(column, models.JSONField) or value is None
                else column.to_python(value)
            )
        instances.append(model(**values))
    return instances


def keep_stored_timestamps(model: type[models.Model]) -> None:
    """Stop auto_now / auto_now_add from replacing the fixture's times on insert.

    Only for historical models: they are built afresh for each migration state, so
    changing their fields touches nothing else.
    """
    for column in model._meta.concrete_fields:
        if isinstance(column, models.DateField):
            column.auto_now = False
            column.auto_now_add = False


def read_fixture() -> dict[str, Any]:
    return json.loads(FIXTURE_PATH.read_text(encoding="utf-8"))


def read_pages() -> dict[str, dict[str, str]]:
    return json.loads(PAGES_PATH.read_text(encoding="utf-8"))


# --- Pages -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Page:
    """A page to keep: whose eyes, which URL, and which part of <main> (all of it, or
    the one list line that links to `line_link`)."""

    description: str
    username: str
    url: str
    line_link: str = ""

    @property
    def key(self) -> str:
        return f"{self.description} | {self.url}"


@dataclass
class _Node:
    tag: str
    attrs: dict[str, str]
    children: list[_Node | str] = field(default_factory=list)

    def walk(self) -> Iterator[_Node]:
        yield self
        for child in self.children:
            if isinstance(child, _Node):
                yield from child.walk()


# Elements with no end tag: they never hold children.
_VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
)
# Text no reader sees on the page.
_HIDDEN = frozenset({"script", "style", "template"})


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = _Node("#document", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = _Node(tag, {name: value or "" for name, value in attrs})
        self.stack[-1].children.append(node)
        if tag not in _VOID:
            self.stack.append(node)

    def handle_endtag(self, tag: str) -> None:
        # Close up to the matching element; a stray end tag closes nothing.
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def _text(node: _Node) -> str:
    parts: list[str] = []

    def collect(current: _Node) -> None:
        if current.tag in _HIDDEN:
            return
        parts.append(" ")  # a tag boundary separates words, as a browser's layout would
        for child in current.children:
            if isinstance(child, str):
                parts.append(child)
            else:
                collect(child)
        parts.append(" ")

    collect(node)
    return " ".join("".join(parts).split())


# Nothing on today's pages says "3 minutes ago"; should a page ever print a time relative
# to now, it is cut here so the recorded text does not depend on when it is read.
_RELATIVE_TIME = re.compile(r"\b\d+\s+(?:second|minute|hour|day|week|month|year)s?\s+ago\b")


def page_text(html: str, *, line_link: str = "") -> str:
    """The visible text of the page's <main> (or of its list line linking to `line_link`),
    tags stripped and whitespace collapsed. Form fields' values (the CSRF token, the
    next sequence number) are attributes, not text, so they never appear."""
    builder = _TreeBuilder()
    builder.feed(html)
    builder.close()
    main = next((node for node in builder.root.walk() if node.tag == "main"), None)
    if main is None:
        raise ValueError("The page has no <main> element.")
    chosen: _Node | None = main
    if line_link:
        chosen = next(
            (
                line
                for line in main.walk()
                if line.tag == "li"
                and any(
                    link.tag == "a" and link.attrs.get("href") == line_link for link in line.walk()
                )
            ),
            None,
        )
    if chosen is None:
        raise ValueError(f"No list line links to {line_link}.")
    return _RELATIVE_TIME.sub("(some time ago)", _text(chosen))
