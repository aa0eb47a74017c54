"""`{% wizard_stepper stepper %}`: the creation steps at the top of every wizard page, each
done, current, linked or (after a death) out of reach (steps.py's `stepper`).

Drawn in Python rather than by a template loop: every wizard answer draws it, and the
loop cost about 0.2 ms of CPU a page (issue 13). The markup is the `_stepper.html`
template's it replaced, byte for byte (tests/chargen/characters/test_wizard_stepper.py
keeps that template to compare).
"""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from chargen.characters.steps import StepperItem

register = template.Library()

_CURRENT = ' aria-current="step"'
_DONE = '<span class="visually-hidden">(done)</span>'
_UNREACHABLE = '<span class="visually-hidden">(not reachable: the character died)</span>'


def _item(item: StepperItem) -> str:
    if item.current:
        state = "current"
    elif item.done:
        state = "done"
    elif item.unreachable:
        state = "unreachable text-decoration-line-through opacity-50"
    else:
        state = ""
    # A step's number is below ten: no thousands separator to localise.
    name = f"{int(item.step.number)}. {conditional_escape(item.step.title)}"
    if item.url and not item.current:
        name = (
            f'<a href="{conditional_escape(item.url)}" class="link-dark text-decoration-none">'
            f"{name}</a>"
        )
    note = _DONE if item.done else (_UNREACHABLE if item.unreachable else "")
    return (
        f'\n      <li class="{state}"{_CURRENT if item.current else ""}>'
        f"\n        {name}"
        f"\n        {note}"
        "\n      </li>\n    "
    )


@register.simple_tag
def wizard_stepper(stepper: Iterable[StepperItem]) -> SafeString:
    items = "".join(_item(item) for item in stepper)
    html = (
        f'<nav aria-label="Creation steps">\n  <ol class="stepper">\n    {items}\n  </ol>\n</nav>\n'
    )
    return mark_safe(html)  # noqa: S308 - every value above is escaped or fixed
