"""`{{ "2d6"|faces_help }}`: the help beside a typed-dice field, before anything is typed
(“Two d6: type “3 4”, “3,4” or “34”.”) and `{{ "2d6"|faces_placeholder }}` its field's
placeholder (“e.g. 3 4”); `{{ 6|faces_help_per_die }}` where the form itself chooses how
many dice. One-line wrappers of rules.typed_dice."""

from __future__ import annotations

from django import template

from rules import typed_dice
from rules.dice import DiceSpec

register = template.Library()


def as_spec(dice: DiceSpec | str) -> DiceSpec:
    """Dice as a template gives them: a spec, or written like "2d6"."""
    return DiceSpec.parse(dice) if isinstance(dice, str) else dice


@register.filter
def faces_help(dice: DiceSpec | str) -> str:
    return typed_dice.faces_help(as_spec(dice))


@register.filter
def faces_placeholder(dice: DiceSpec | str) -> str:
    return typed_dice.faces_placeholder(as_spec(dice))


@register.filter
def faces_help_per_die(sides: int) -> str:
    return typed_dice.faces_help_per_die(sides)
