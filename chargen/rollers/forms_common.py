"""What every roller form shares: the one-time sequence, typed physical dice, bounds."""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms

from rules.typed_dice import faces_help_per_die

PHYSICAL_LABEL = "I rolled physical dice"
MAX_SCORE = 20
MAX_TOOL_QUALITY = 8
MAX_NPC_DICE = 30


# --- Shared pieces -------------------------------------------------------------------------------


SEQUENCE_DAMAGED = "This form's one-time key is damaged: nothing was rolled. Reload the page."


class SequencedForm(forms.Form):
    """Every roll form carries the log sequence it expects to write (its one-time key)."""

    sequence = forms.IntegerField(widget=forms.HiddenInput, min_value=1)

    def clean(self) -> dict[str, Any]:
        super().clean()
        # A hidden field's error is drawn nowhere: said on top of the form instead.
        if "sequence" in self.errors:
            self.add_error(None, SEQUENCE_DAMAGED)
        return self.cleaned_data


def typed_dice_help(sides: int) -> str:
    """The help beside a typed-dice field whose number of dice the same form chooses."""
    return f"Only with the box ticked. {faces_help_per_die(sides)}"


def typed_text(form: forms.Form, field: str) -> str | None:
    """The faces as typed, or None: how many dice they are for is known once the pool is
    worked out, so the service reads them (rules.typed_dice) and a refusal comes back to
    the field."""
    return str(form.cleaned_data.get(field) or "").strip() or None


class PhysicalDiceMixin(forms.Form):
    """ "I rolled physical dice" and the faces typed in; without the tick the server rolls."""

    # The dice the faces are typed for: the help beside the field names them.
    die_sides: ClassVar[int] = 6
    physical = forms.BooleanField(required=False, label=PHYSICAL_LABEL)
    faces = forms.CharField(required=False, label="Dice I rolled")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not self.fields["faces"].help_text:
            self.fields["faces"].help_text = typed_dice_help(self.die_sides)

    def entered_faces(self) -> str | None:
        """The faces as typed when the box is ticked; None for a server roll."""
        if not self.cleaned_data.get("physical"):
            return None
        return self.cleaned_data.get("faces")

    def clean_faces(self) -> str | None:
        return typed_text(self, "faces")

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if cleaned.get("physical") and not cleaned.get("faces") and "faces" not in self.errors:
            self.add_error("faces", "Type the number on each die you rolled.")
        if not cleaned.get("physical") and cleaned.get("faces"):
            self.add_error(
                "physical", f"Tick “{PHYSICAL_LABEL}” to use the dice you typed, or clear them."
            )
        return cleaned
