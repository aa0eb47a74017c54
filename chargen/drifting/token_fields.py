"""Token checkboxes that explain a refused tick in the player's words.

A form drawn before a roll can carry a tick the sheet no longer allows (another tab,
Back, a GM's change). Django would answer "Select a valid choice. Dodge#1 is not one
of the available choices."; these fields say why instead: "Dodge is depleted until
the next refresh."
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms

from rules import drifting as rules


def _name(value: str) -> str:
    return value.rsplit("#", 1)[0]


def why_not_depletable(sheet: Mapping[str, rules.TokenState], value: str) -> str:
    name = _name(value)
    state = sheet.get(name)
    if state is None or not state.held:
        return f"{name} is not a token on this sheet."
    if state.fresh == 0 and state.lost == state.held:
        return f"{name} is lost until the next refresh."
    if state.fresh == 0:
        return f"{name} is depleted until the next refresh."
    return (
        f"Only {state.fresh} {name} token{'s' if state.fresh > 1 else ''} can be depleted "
        "now; the others are depleted or lost until the next refresh."
    )


def why_no_modifier(sheet: Mapping[str, rules.TokenState], value: str) -> str:
    state = sheet.get(value)
    if state is None or not state.held:
        return f"{value} is not a token on this sheet."
    return f"{value} is lost until the next refresh, so it gives no modifier."


class TokenChoicesField(forms.MultipleChoiceField):
    """A MultipleChoiceField whose refusal names the token and the reason."""

    def __init__(self, *args: Any, explain: str = "deplete", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.explain = explain
        self.sheet: Mapping[str, rules.TokenState] = {}

    def validate(self, value: Any) -> None:
        if self.required and not value:
            raise forms.ValidationError(self.error_messages["required"], code="required")
        reasons = [
            why_not_depletable(self.sheet, str(chosen))
            if self.explain == "deplete"
            else why_no_modifier(self.sheet, str(chosen))
            for chosen in value
            if not self.valid_value(str(chosen))
        ]
        if reasons:
            raise forms.ValidationError(list(dict.fromkeys(reasons)), code="invalid_choice")
