"""`{% open_table_rows open %}`: the rows of one open skill table (step_tables.OpenTable),
each legal for the character or not, and why.

Drawn in Python rather than by a template loop: the skills step shows up to four
tables of eleven rows in every answer to a roll or a table choice, and the loop's
variable lookups cost about 2 ms of CPU a page (issue 13). The markup is the loop's,
byte for byte (tests/chargen/characters/test_open_table_rows.py keeps the loop to
compare), so the page, its tests and its script see no difference.
"""

from __future__ import annotations

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from chargen.characters.step_tables import OpenTable

register = template.Library()

# The loop's body, whitespace and all, one row at a time.
_ROW = (
    '\n          <tr class="{row_class}"{current} data-legal="{legal}">'
    '\n            <td class="text-end">{roll}</td>'
    "\n            <td>{label}{rolled}</td>"
    '\n            <td>{verdict}<span class="small">{reason}</span></td>'
    "\n          </tr>\n        "
)
_LEGAL = '<span aria-hidden="true">✓</span> Legal: '
_NOT_LEGAL = '<span aria-hidden="true">✗</span> Not legal: '
_ROLLED = ' <span class="badge text-bg-info">rolled</span>'


@register.simple_tag
def open_table_rows(table: OpenTable) -> SafeString:
    rows = []
    for row in table.rows:
        rolled = row.entry.roll == table.pending_total  # the roll waiting for a table
        rows.append(
            _ROW.format(
                row_class="table-info" if rolled else ("" if row.legal else "text-muted"),
                current=' aria-current="true"' if rolled else "",
                legal="yes" if row.legal else "no",
                # A 2d6 total: no thousands separator to localise.
                roll=int(row.entry.roll),
                label=conditional_escape(row.entry.label),
                rolled=_ROLLED if rolled else "",
                verdict=_LEGAL if row.legal else _NOT_LEGAL,
                reason=conditional_escape(row.reason),
            )
        )
    return mark_safe("".join(rows))  # noqa: S308 - every value above is escaped or fixed
