"""`{% saved_roll %}` draws exactly what the `characters/_roll.html` include it replaced
drew (kept here as the reference), for every row of a real log, a typed roll, a row
with no dice, no row at all, and text that needs escaping; and `{% skill_roll_items %}`
lists the rolls so far exactly as the skills step's loop listed them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.template import Context, Template

from chargen.infinity_drive import services
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character, CreationLogEntry
from chargen.infinity_drive.progress import progress_for
from chargen.infinity_drive.templatetags.character_rolls import die_sides
from chargen.infinity_drive.wizard.page_context import _roll_rows
from tests.chargen.infinity_drive.steps import (
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
    '{% if sides %} data-sides="{{ sides }}"{% endif %} data-face="{{ face }}"'
    ' aria-label="die showing {{ face }}"><span class="die-number">{{ face }}</span></span>'
    "{% endfor %}\n"
    '  <span class="ms-1">{{ entry.dice }} = <strong class="roll-total">{{ entry.total }}'
    "</strong></span>\n"
    '  {% if entry.entered %}<span class="badge text-bg-warning ms-1">entered</span>{% endif %}\n'
    "</span>\n"
)
THE_TAG = Template("{% load character_rolls %}{% saved_roll entry %}")


def _same(entry: Any) -> None:
    context = {"entry": entry}
    sides = die_sides(getattr(entry, "dice", ""))
    assert THE_TAG.render(Context(context)) == THE_INCLUDE.render(
        Context({**context, "sides": sides})
    )


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


THE_LIST = Template(
    "{% load character_rolls %}{% for row in roll_rows %}\n"
    '      <li class="mb-1">\n'
    '        {% if row.kind == "skill" %}\n'
    "          Skill roll {% saved_roll row.entry %}{% if row.reroll %} → reroll"
    " {% saved_roll row.reroll %}{% endif %}\n"
    "          {% if row.record %}: {{ row.record.outcome }}{% if row.record.lost %}"
    ' <span class="badge text-bg-danger">lost</span>{% endif %}{% endif %}\n'
    "        {% else %}\n"
    "          Survival {% saved_roll row.entry %}{% if row.result %}: {% if row.result.survived %}"
    "survived (beat {{ row.result.target }}){% else %}<strong>failed</strong> (needed more than"
    " {{ row.result.target }}){% endif %}{% endif %}\n"
    "        {% endif %}\n"
    "      </li>\n"
    "    {% endfor %}"
)
THE_ITEMS = Template("{% load character_rolls %}{% skill_roll_items roll_rows %}")


def _same_list(rows: Any) -> None:
    context = {"roll_rows": rows}
    assert THE_ITEMS.render(Context(context)) == THE_LIST.render(Context(context))


def test_the_rolls_so_far_are_listed_as_the_loop_listed_them(draft: Character) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    citizen_construction(draft)
    skill(draft, "1 1", "construction-academic")
    services.character_roll_skill(
        character=draft, expected_sequence=next_sequence(draft), typed_faces="4 5"
    )
    services.character_reroll_skill(
        character=draft,
        expected_sequence=next_sequence(draft),
        table="construction-academic",
        typed_faces="1 3",
    )
    services.character_choose_table(
        character=draft,
        expected_sequence=next_sequence(draft),
        table="construction-academic",
        specialty="",
    )
    skill(draft, "3 3", "construction-academic")
    skill(draft, "4 6", "construction-academic", specialty="Black Market")
    services.character_roll_survival(
        character=draft, expected_sequence=next_sequence(draft), typed_faces="2 3"
    )
    services.character_roll_skill(
        character=draft, expected_sequence=next_sequence(draft), typed_faces="6 6"
    )
    progress = progress_for(draft, log_entries(draft))
    rows = _roll_rows(progress)
    assert any(row.get("reroll") for row in rows)
    assert any(row["kind"] == "survival" for row in rows)
    assert rows[-1]["record"] is None, "the last roll waits for its table"
    _same_list(rows)


def test_odd_rows_are_listed_as_the_loop_listed_them() -> None:
    entry = CreationLogEntry(sequence=4, dice="2d6", faces=[1, 2])
    _same_list(
        [
            {"kind": "skill", "entry": entry, "reroll": None, "record": None},
            {"kind": "skill", "entry": entry, "reroll": entry, "record": _Record("<b> & c", True)},
            {"kind": "skill", "entry": entry, "reroll": "", "record": _Record("fine", False)},
            {"kind": "survival", "entry": entry, "result": _Result(survived=False, target=7)},
            {"kind": "survival", "entry": entry, "result": _Result(survived=True, target=5)},
            {"kind": "survival", "entry": entry, "result": None},
            {"kind": "survival", "entry": entry},
            {"kind": "skill", "entry": entry},
            {"entry": None},
        ]
    )
    _same_list([])
    _same_list(None)


@dataclass(frozen=True)
class _Record:
    outcome: str
    lost: bool


@dataclass(frozen=True)
class _Result:
    survived: bool
    target: int
