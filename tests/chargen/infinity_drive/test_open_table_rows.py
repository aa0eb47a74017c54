"""`{% open_table_rows %}` draws exactly what the template loop it replaced drew (kept
here as the reference), for real tables before and after a roll and for text that
needs escaping."""

from __future__ import annotations

from django.template import Context, Template

from chargen.infinity_drive import services
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character
from chargen.infinity_drive.progress import progress_for
from chargen.infinity_drive.wizard.roll_tables import OpenTable, open_skill_tables
from rules.infinity_drive.creation import EntryLegality
from rules.infinity_drive.rulebook import TableEntry
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    darrian,
    next_sequence,
    roll_book_characteristics,
)

THE_LOOP = Template(
    "{% for row in open.rows %}\n"
    '          <tr class="{% if row.entry.roll == open.pending_total %}table-info'
    '{% elif not row.legal %}text-muted{% endif %}"'
    '{% if row.entry.roll == open.pending_total %} aria-current="true"{% endif %}'
    " data-legal=\"{{ row.legal|yesno:'yes,no' }}\">\n"
    '            <td class="text-end">{{ row.entry.roll }}</td>\n'
    "            <td>{{ row.entry.label }}{% if row.entry.roll == open.pending_total %}"
    ' <span class="badge text-bg-info">rolled</span>{% endif %}</td>\n'
    '            <td>{% if row.legal %}<span aria-hidden="true">✓</span> Legal: '
    '{% else %}<span aria-hidden="true">✗</span> Not legal: {% endif %}'
    '<span class="small">{{ row.reason }}</span></td>\n'
    "          </tr>\n"
    "        {% endfor %}"
)
THE_TAG = Template("{% load open_tables %}{% open_table_rows open %}")


def _same(table: OpenTable) -> None:
    context = {"open": table}
    assert THE_TAG.render(Context(context)) == THE_LOOP.render(Context(context))


def test_the_rows_are_the_loop_s_before_and_after_a_roll(draft: Character) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    citizen_construction(draft)
    before = open_skill_tables(progress_for(draft, log_entries(draft)))
    services.character_roll_skill(
        character=draft, expected_sequence=next_sequence(draft), typed_faces="4 5"
    )
    after = open_skill_tables(progress_for(draft, log_entries(draft)))
    assert before
    assert after
    assert any(table.pending_total == 9 for table in after)
    for table in (*before, *after):
        _same(table)


def test_text_is_escaped_as_the_template_escaped_it(draft: Character) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    citizen_construction(draft)
    real = open_skill_tables(progress_for(draft, log_entries(draft)))[0]
    odd = EntryLegality(
        entry=TableEntry(roll=7, book_text="R&D <lab>", skill="Science", specialty='"Q" & A'),
        legal=False,
        reason="Needs <Int> & \"Edu\" 'high'",
    )
    plain = EntryLegality(entry=TableEntry(roll=12, book_text="+1 Mus"), legal=True, reason="")
    view = real.view.__class__(
        table=real.view.table, entries=(odd, plain), closed_reason="", chance=real.view.chance
    )
    for pending in (None, 7, 12):
        _same(OpenTable(view=view, chance="1%", legal_count=1, pending_total=pending))
