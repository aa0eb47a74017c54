"""`{% saved_roll entry %}`: one saved roll, its dice drawn as dice, its total, and whether
the player typed it in; `{% already_saved_note entry %}`: beside it, that a repeated
form found this roll already saved; `{% skill_roll_items roll_rows %}`: the skills step's list of
the rolls so far (wizard/page_context.py's `_roll_rows`), each with what it gave.

Drawn in Python rather than by templates: the wizard draws every roll made so far on
each answer (a skill step shows up to thirty), and each include cost about 50 µs of
CPU, each list item about 25 µs. The markup is the templates' they
replaced, byte for byte (tests/chargen/infinity_drive/test_saved_roll.py keeps those
templates to compare). Every piece goes through Django's format_html, which escapes
each value it is given: nothing here marks text safe by hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from chargen.core.log import ROLL_ALREADY_SAVED
from rules.dice import DiceSpec
from rules.errors import DiceError

register = template.Library()

_MISSING = object()
_ENTERED = format_html('<span class="badge text-bg-warning ms-1">{}</span>', "entered")
_LOST = format_html(' <span class="badge text-bg-danger">{}</span>', "lost")


def _shown(value: Any) -> Any:
    """As `{{ value }}` shows it: a missing value as nothing, the rest as text (format_html
    escapes it). Whole numbers have no thousands separator in these settings."""
    return "" if value is _MISSING else value


def _get(row: Any, key: str) -> Any:
    """`row.key` as a template reads it from a dict (or an object), missing as nothing."""
    if isinstance(row, dict):
        return row.get(key, _MISSING)
    return getattr(row, key, _MISSING)


def _given(value: Any) -> bool:
    """Whether `{% if value %}` holds (a missing value does not)."""
    return value is not _MISSING and bool(value)


def _joined(pieces: Iterable[Any]) -> SafeString:
    """The pieces one after another, each escaped unless already safe."""
    return format_html_join("", "{}", ((piece,) for piece in pieces))


def _skill_item(row: Any) -> SafeString:
    pieces: list[Any] = [format_html("\n          Skill roll {}", saved_roll(_get(row, "entry")))]
    reroll = _get(row, "reroll")
    if _given(reroll):
        pieces.append(format_html(" → reroll {}", saved_roll(reroll)))
    pieces.append("\n          ")
    record = _get(row, "record")
    if _given(record):
        pieces.append(format_html(": {}", _shown(getattr(record, "outcome", _MISSING))))
        if _given(getattr(record, "lost", _MISSING)):
            pieces.append(_LOST)
    pieces.append("\n        ")
    return _joined(pieces)


def _survival_item(row: Any) -> SafeString:
    pieces: list[Any] = [format_html("\n          Survival {}", saved_roll(_get(row, "entry")))]
    result = _get(row, "result")
    if _given(result):
        target = _shown(getattr(result, "target", _MISSING))
        if _given(getattr(result, "survived", _MISSING)):
            pieces.append(format_html(": survived (beat {})", target))
        else:
            pieces.append(format_html(": <strong>failed</strong> (needed more than {})", target))
    pieces.append("\n        ")
    return _joined(pieces)


@register.simple_tag
def skill_roll_items(rows: Any) -> SafeString:
    return format_html_join(
        "",
        '\n      <li class="mb-1">\n        {}\n      </li>\n    ',
        (
            ((_skill_item(row) if _get(row, "kind") == "skill" else _survival_item(row)),)
            for row in rows or ()
        ),
    )


_ALREADY_SAVED_NOTE = format_html(
    '<p class="small text-body-secondary mb-2" role="status" data-already-saved>{}</p>',
    ROLL_ALREADY_SAVED,
)


@register.simple_tag(takes_context=True)
def already_saved_note(context: template.Context, entry: Any) -> str:
    """The note, when this answer repeats the form that saved `entry` (a second click, a
    stale tab: rendering.py's `repeat_notice` puts its sequence in `already_saved`)."""
    repeated = context.get("already_saved")
    if repeated is None or getattr(entry, "sequence", None) != repeated:
        return ""
    return _ALREADY_SAVED_NOTE


@register.simple_tag
def saved_roll(entry: Any) -> SafeString:
    faces = getattr(entry, "faces", None) or ()
    return _drawn_roll(
        getattr(entry, "sequence", _MISSING),
        tuple(faces),
        bool(getattr(entry, "entered", False)),
        getattr(entry, "dice", _MISSING),
        getattr(entry, "total", _MISSING),
    )


def die_sides(dice: Any) -> int | None:
    """The sides of each die of a roll written like "2d6" (a d6 is drawn with pips, any
    other die as a shape with its number: static/css/chargen.css), or None when the
    roll's dice are not written that way (the die is then drawn as a plain square)."""
    try:
        return DiceSpec.parse(str(dice)).sides
    except DiceError:
        return None


# A saved roll's markup is a function of these five values alone, and the wizard draws
# every roll so far on each answer: each is drawn once per process (a few hundred bytes
# a roll; the least recently drawn go first).
@lru_cache(maxsize=4096)
def _drawn_roll(
    sequence: Any, faces: tuple[Any, ...], entered: bool, dice: Any, total: Any
) -> SafeString:
    sides = die_sides(dice) if dice is not _MISSING else None
    shape = format_html(' data-sides="{}"', sides) if sides else ""
    drawn_dice = format_html_join(
        "",
        '<span class="die{}"{} data-face="{}" aria-label="die showing {}">'
        '<span class="die-number">{}</span></span>',
        ((" entered" if entered else "", shape, face, face, face) for face in faces),
    )
    return format_html(
        '\n<span class="roll" data-announce data-sequence="{}">'
        "\n  {}"
        '\n  <span class="ms-1">{} = <strong class="roll-total">{}</strong></span>'
        "\n  {}"
        "\n</span>\n",
        _shown(sequence),
        drawn_dice,
        _shown(dice),
        _shown(total),
        _ENTERED if entered else "",
    )
