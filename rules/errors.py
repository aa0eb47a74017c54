"""One family of errors whose messages are fit to show beside a form field."""

from __future__ import annotations


class RulesError(ValueError):
    """A choice or input the rules do not allow. The message speaks to the player."""


class DiceError(RulesError):
    """Dice faces that cannot have come from the dice asked for."""
