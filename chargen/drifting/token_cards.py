"""The token sheet as cards a player taps at the table.

Each card is one token with what the roll form offers for it: the checkbox that uses it
for the modifier and one checkbox per fresh token that depletes it for a die. The
checkboxes stay the form's truth (they are sent, and without JavaScript they are what
the player ticks); a card's buttons press them (static/js/chargen.js), so a card only
needs the ids of the checkboxes it stands for.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django import forms

from rules import drifting as rules


@dataclass(frozen=True)
class CardChoice:
    """One checkbox of the roll form, as a card's button shows it."""

    checkbox_id: str
    label: str
    checked: bool


@dataclass(frozen=True)
class TokenCard:
    token: rules.TokenState
    use: CardChoice | None
    deplete: tuple[CardChoice, ...]


def _choices(form: forms.Form, field: str) -> dict[str, CardChoice]:
    """The field's checkboxes by value (empty when the form has no such field)."""
    if field not in form.fields:
        return {}
    bound = form[field]
    ticked = {str(value) for value in (bound.value() or ())}
    return {
        str(option.data["value"]): CardChoice(
            checkbox_id=option.id_for_label,
            label=str(option.choice_label),
            checked=str(option.data["value"]) in ticked,
        )
        for option in bound.subwidgets
    }


def token_cards(sheet: Mapping[str, rules.TokenState], form: forms.Form) -> list[TokenCard]:
    """A card per token held or on its way (shared check marks), in the sheet's order."""
    use = _choices(form, "applicable")
    deplete = _choices(form, "deplete")
    return [
        TokenCard(
            token=state,
            use=use.get(name),
            deplete=tuple(
                choice for value, choice in deplete.items() if value.rsplit("#", 1)[0] == name
            ),
        )
        for name, state in sheet.items()
    ]
