"""What every roller form shares: the one-time sequence, typed physical dice, bounds."""

from __future__ import annotations

from typing import Any

from django import forms

from rules.dice import parse_faces
from rules.errors import RulesError

PHYSICAL_LABEL = "I rolled physical dice"
MAX_SCORE = 20
MAX_TOOL_QUALITY = 8
MAX_NPC_DICE = 30


# --- Shared pieces -------------------------------------------------------------------------------


class SequencedForm(forms.Form):
    """Every roll form carries the log sequence it expects to write (its one-time key)."""

    sequence = forms.IntegerField(widget=forms.HiddenInput, min_value=1)


def _typed_faces(text: str) -> tuple[int, ...]:
    try:
        return parse_faces(text)
    except RulesError as error:
        raise forms.ValidationError(str(error)) from error


class PhysicalDiceMixin(forms.Form):
    """ "I rolled physical dice" and the faces typed in; without the tick the server rolls."""

    physical = forms.BooleanField(required=False, label=PHYSICAL_LABEL)
    faces = forms.CharField(
        required=False,
        label="Dice I rolled",
        help_text="Only with the box ticked: every die, e.g. 2 4 4 4 5.",
    )

    def entered_faces(self) -> tuple[int, ...] | None:
        """The typed faces when the box is ticked; None for a server roll."""
        if not self.cleaned_data.get("physical"):
            return None
        return self.cleaned_data.get("faces")

    def clean_faces(self) -> tuple[int, ...] | None:
        text = self.cleaned_data.get("faces", "").strip()
        return _typed_faces(text) if text else None

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if cleaned.get("physical") and not cleaned.get("faces") and "faces" not in self.errors:
            self.add_error("faces", "Type the number on each die you rolled.")
        if not cleaned.get("physical") and cleaned.get("faces"):
            self.add_error(
                "physical", f"Tick “{PHYSICAL_LABEL}” to use the dice you typed, or clear them."
            )
        return cleaned
