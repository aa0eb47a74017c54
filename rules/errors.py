"""One family of errors whose messages are fit to show beside a form field."""

from __future__ import annotations

__all__ = ["DiceError", "MalformedInput", "RulesError"]


class RulesError(ValueError):
    """A choice or input the rules do not allow. The message speaks to the player."""


class DiceError(RulesError):
    """Dice faces that cannot have come from the dice asked for."""


class MalformedInput(RulesError):
    """A value of the wrong kind (a word where a number belongs, nothing where a list
    belongs) or outside every range the rules know: refused before any rule reads it."""
