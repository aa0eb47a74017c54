"""`{% wizard_stepper stepper %}`: the creation steps at the top of every wizard page, each
done, current, linked or (after a death) out of reach (wizard/stepper.py's `stepper`).

Drawn in Python rather than by a template loop: every wizard answer draws it, and the
loop cost about 0.2 ms of CPU a page. The markup is the `_stepper.html`
template's it replaced, byte for byte (tests/chargen/infinity_drive/test_wizard_stepper.py
keeps that template to compare), built with Django's format_html, which escapes every
value it is given.
"""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from chargen.infinity_drive.wizard.stepper import StepperItem

register = template.Library()

_CURRENT = format_html(' aria-current="{}"', "step")
_DONE = format_html('<span class="visually-hidden">{}</span>', "(done)")
_UNREACHABLE = format_html(
    '<span class="visually-hidden">{}</span>', "(not reachable: the character died)"
)


def _item(item: StepperItem) -> SafeString:
    if item.current:
        state = "current"
    elif item.done:
        state = "done"
    elif item.unreachable:
        state = "unreachable text-decoration-line-through opacity-50"
    else:
        state = ""
    # A step's number is below ten: no thousands separator to localise.
    name = format_html("{}. {}", int(item.step.number), item.step.title)
    if item.url and not item.current:
        name = format_html(
            '<a href="{}" class="link-body-emphasis text-decoration-none">{}</a>', item.url, name
        )
    note = _DONE if item.done else (_UNREACHABLE if item.unreachable else "")
    return format_html(
        '\n      <li class="{}"{}>\n        {}\n        {}\n      </li>\n    ',
        state,
        _CURRENT if item.current else "",
        name,
        note,
    )


@register.simple_tag
def wizard_stepper(stepper: Iterable[StepperItem]) -> SafeString:
    items = format_html_join("", "{}", ((_item(item),) for item in stepper))
    return format_html(
        '<nav aria-label="Creation steps">\n  <ol class="stepper">\n    {}\n  </ol>\n</nav>\n',
        items,
    )
