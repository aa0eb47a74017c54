"""The live table's house rule as each campaign game's house-rules form offers it.

Every game that campaigns play declares `live_sharing` in its house rules (rules/
live_table.py says what each choice shows); the table reads it from the campaign as
it stands now, so a change applies at once, in every game alike.
"""

from __future__ import annotations

from typing import Any

from django import forms

from rules.live_table import DEFAULT_LIVE_SHARING, LIVE_SHARING_LABELS, LiveSharing

LIVE_SHARING_HELP = (
    "Not in the book: what players see of each other on the campaign's live table. "
    "Applies at once; the GM always sees everything."
)


def live_sharing_field() -> forms.ChoiceField:
    return forms.ChoiceField(
        label="At the live table",
        choices=[(choice.value, LIVE_SHARING_LABELS[choice]) for choice in LiveSharing],
        widget=forms.RadioSelect,
        help_text=LIVE_SHARING_HELP,
    )


def live_sharing_of(rules: Any) -> LiveSharing:
    """The rule in a campaign's house rules (the default for a game without it)."""
    value = getattr(rules, "live_sharing", DEFAULT_LIVE_SHARING)
    return value if isinstance(value, LiveSharing) else LiveSharing(value)
