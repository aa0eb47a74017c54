"""`{% if character|may_delete %}`: show its owner the delete button? (one-line wrapper);
`{% character_delete_button character %}`: what `{% include "characters/_delete.html" %}`
draws (the button, if its owner may delete it), drawn in Python for the wizard's head,
which every answer draws: the include and its button cost about 0.2 ms of CPU a page
(issue 13). Byte for byte the include's markup (tests/chargen/characters/
test_delete_button_tag.py renders both); the lists and the sheet still include it."""

from __future__ import annotations

from django import template
from django.template.context import Context
from django.template.defaulttags import CsrfTokenNode
from django.urls import reverse
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from chargen.characters.deletion import character_may_delete
from chargen.characters.models import Character

register = template.Library()

_CSRF_TOKEN = CsrfTokenNode()


@register.filter
def may_delete(character: Character) -> bool:
    return character_may_delete(character)


@register.simple_tag(takes_context=True)
def character_delete_button(context: Context, character: Character) -> SafeString:
    if not character_may_delete(character):
        return mark_safe("\n")
    url = conditional_escape(reverse("characters:delete", args=[character.id]))
    name = conditional_escape(character.name)
    # A campaign character's confirmation page names what else goes: no hx-confirm.
    asked_here = (
        ""
        if character.campaign_id
        else f'hx-post="{url}" hx-vals=\'{{"confirm": "yes"}}\'\n      '
        f'hx-confirm="Delete “{name}” for good? Its rolls and everything recorded for it are '
        'deleted too."'
    )
    return_to = context.get("return_to")
    back = (
        f'<input type="hidden" name="return_to" value="{conditional_escape(return_to)}">'
        if return_to
        else ""
    )
    html = (
        f'\n<form method="post" action="{url}" class="d-inline" data-delete-form\n'
        f"      {asked_here}>\n"
        f"  {_CSRF_TOKEN.render(context)}\n"
        f"  {back}\n"
        '  <button type="submit" class="btn btn-outline-danger btn-sm">Delete'
        f'<span class="visually-hidden"> {name}</span></button>\n'
        "</form>\n\n"
    )
    return mark_safe(html)  # noqa: S308 - every value above is escaped or fixed
