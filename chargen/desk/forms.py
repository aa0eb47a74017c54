"""Desk forms: a decision's note."""

from __future__ import annotations

from django import forms


class DecisionNoteForm(forms.Form):
    """The note beside a decision; required when rejecting or returning."""

    note = forms.CharField(
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="The player reads this beside their race or character.",
    )
