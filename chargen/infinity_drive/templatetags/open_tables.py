"""`{% open_table_rows open %}`: the rows of one open skill table (step_tables.OpenTable),
each legal for the character or not, and why.

Drawn in Python rather than by a template loop: the skills step shows up to four
tables of eleven rows in every answer to a roll or a table choice, and the loop's
variable lookups cost about 2 ms of CPU a page. The markup is the loop's,
byte for byte (tests/chargen/infinity_drive/test_open_table_rows.py keeps the loop to
compare), so the page, its tests and its script see no difference. Django's
format_html builds it and escapes every value it is given.
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from chargen.infinity_drive.wizard.roll_tables import OpenTable

register = template.Library()

# The loop's body, whitespace and all, one row at a time.
_ROW = (
    '\n          <tr class="{}"{} data-legal="{}">'
    '\n            <td class="text-end">{}</td>'
    "\n            <td>{}{}</td>"
    '\n            <td>{}<span class="small">{}</span></td>'
    "\n          </tr>\n        "
)
_CURRENT = format_html(' aria-current="{}"', "true")
_LEGAL = format_html('<span aria-hidden="true">{}</span> Legal: ', "✓")
_NOT_LEGAL = format_html('<span aria-hidden="true">{}</span> Not legal: ', "✗")
_ROLLED = format_html(' <span class="badge text-bg-info">{}</span>', "rolled")


@register.simple_tag
def open_table_rows(table: OpenTable) -> SafeString:
    rows = []
    for row in table.rows:
        rolled = row.entry.roll == table.pending_total  # the roll waiting for a table
        rows.append(
            (
                "table-info" if rolled else ("" if row.legal else "text-muted"),
                _CURRENT if rolled else "",
                "yes" if row.legal else "no",
                int(row.entry.roll),  # a 2d6 total: no thousands separator to localise
                row.entry.label,
                _ROLLED if rolled else "",
                _LEGAL if row.legal else _NOT_LEGAL,
                row.reason,
            )
        )
    return format_html_join("", _ROW, rows)
