"""Why the wizard refused a step, in words the player reads."""

from __future__ import annotations


class StepRefused(Exception):
    """A post the wizard will not act on: out of order, after finishing, already done.

    `field` names the form field the message belongs beside ("" for the whole form).
    """

    def __init__(self, message: str, *, field: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.field = field
