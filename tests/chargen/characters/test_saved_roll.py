"""`{% saved_roll %}` draws exactly what the `characters/_roll.html` include it replaced
drew (kept here as the reference), for every row of a real log, a typed roll, a row
with no dice, no row at all, and text that needs escaping."""

from __future__ import annotations

from typing import Any

from django.template import Context, Template

from chargen.characters import services
from chargen.characters.log import log_entries
from chargen.characters.models import Character, CreationLogEntry
from tests.chargen.characters.steps import (
    citizen_construction,
    darrian,
    next_sequence,
    roll_book_characteristics,
    skill,
)

THE_INCLUDE = Template(
    "{# One saved roll: its dice drawn as dice, its total, and whether the player typed it"
    " in. #}\n"
    '<span class="roll" data-announce data-sequence="{{ entry.sequence }}">\n'
    '  {% for face in entry.faces %}<span class="die{% if entry.entered %} entered{% endif %}"'
    ' aria-label="die showing {{ face }}">{{ face }}</span>{% endfor %}\n'
    '  <span class="ms-1">{{ entry.dice }} = <strong class="roll-total">{{ entry.total }}'
    "</strong></span>\n"
    '  {% if entry.entered %}<span class="badge text-bg-warning ms-1">entered</span>{% endif %}\n'
    "</span>\n"
)
THE_TAG = Template("{% load character_rolls %}{% saved_roll entry %}")


def _same(entry: Any) -> None:
    context = {"entry": entry}
    assert THE_TAG.render(Context(context)) == THE_INCLUDE.render(Context(context))


def test_every_row_of_a_log_is_drawn_as_the_include_drew_it(draft: Character) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    citizen_construction(draft)
    skill(draft, "4 6", "construction-academic", specialty="Black Market")
    services.character_roll_skill(
        character=draft, expected_sequence=next_sequence(draft), typed_faces=""
    )
    entries = log_entries(draft)
    assert any(entry.entered for entry in entries)
    assert any(not entry.entered and entry.faces for entry in entries)
    assert any(not entry.dice for entry in entries)
    for entry in entries:
        _same(entry)


def test_no_row_and_odd_text_are_drawn_as_the_include_drew_them() -> None:
    _same(None)
    _same("")
    odd = CreationLogEntry(sequence=7, dice="2d6", faces=[3, 4], entered=True)
    _same(odd)
    _same(type("Row", (), {"sequence": 3, "dice": "<b>&", "faces": ["<1>"], "total": "x&y"})())
