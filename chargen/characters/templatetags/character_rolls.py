"""`{% saved_roll entry %}`: one saved roll, its dice drawn as dice, its total, and whether
the player typed it in; `{% skill_roll_items roll_rows %}`: the skills step's list of
the rolls so far (step_pages.py's `_roll_rows`), each with what it gave.

Drawn in Python rather than by templates: the wizard draws every roll made so far on
each answer (a skill step shows up to thirty), and each include cost about 50 µs of
CPU, each list item about 25 µs (issue 13). The markup is the templates' they
replaced, byte for byte (tests/chargen/characters/test_saved_roll.py keeps those
templates to compare).
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

_MISSING = object()
_ENTERED = '<span class="badge text-bg-warning ms-1">entered</span>'
_LOST = ' <span class="badge text-bg-danger">lost</span>'


def _shown(value: Any) -> str:
    """As `{{ value }}` shows it: a missing value as nothing, the rest as text, escaped.
    (Whole numbers have no thousands separator in these settings, so no localising.)"""
    if value is _MISSING:
        return ""
    return conditional_escape(value)


def _get(row: Any, key: str) -> Any:
    """`row.key` as a template reads it from a dict (or an object), missing as nothing."""
    if isinstance(row, dict):
        return row.get(key, _MISSING)
    return getattr(row, key, _MISSING)


def _given(value: Any) -> bool:
    """Whether `{% if value %}` holds (a missing value does not)."""
    return value is not _MISSING and bool(value)


def _skill_item(row: Any) -> str:
    text = f"\n          Skill roll {saved_roll(_get(row, 'entry'))}"
    reroll = _get(row, "reroll")
    if _given(reroll):
        text += f" → reroll {saved_roll(reroll)}"
    text += "\n          "
    record = _get(row, "record")
    if _given(record):
        text += f": {_shown(getattr(record, 'outcome', _MISSING))}"
        if _given(getattr(record, "lost", _MISSING)):
            text += _LOST
    return text + "\n        "


def _survival_item(row: Any) -> str:
    text = f"\n          Survival {saved_roll(_get(row, 'entry'))}"
    result = _get(row, "result")
    if _given(result):
        target = _shown(getattr(result, "target", _MISSING))
        if _given(getattr(result, "survived", _MISSING)):
            text += f": survived (beat {target})"
        else:
            text += f": <strong>failed</strong> (needed more than {target})"
    return text + "\n        "


@register.simple_tag
def skill_roll_items(rows: Any) -> SafeString:
    items = "".join(
        '\n      <li class="mb-1">\n        '
        + (_skill_item(row) if _get(row, "kind") == "skill" else _survival_item(row))
        + "\n      </li>\n    "
        for row in rows or ()
    )
    return mark_safe(items)  # noqa: S308 - every value in them is escaped or fixed


@register.simple_tag
def saved_roll(entry: Any) -> SafeString:
    faces = getattr(entry, "faces", None) or ()
    entered = bool(getattr(entry, "entered", False))
    die = ' entered"' if entered else '"'
    dice = "".join(
        f'<span class="die{die} aria-label="die showing {_shown(face)}">{_shown(face)}</span>'
        for face in faces
    )
    html = (
        f'\n<span class="roll" data-announce data-sequence="'
        f'{_shown(getattr(entry, "sequence", _MISSING))}">'
        f"\n  {dice}"
        f'\n  <span class="ms-1">{_shown(getattr(entry, "dice", _MISSING))} = '
        f'<strong class="roll-total">{_shown(getattr(entry, "total", _MISSING))}</strong></span>'
        f"\n  {_ENTERED if entered else ''}"
        "\n</span>\n"
    )
    return mark_safe(html)  # noqa: S308 - every value above is escaped or fixed
