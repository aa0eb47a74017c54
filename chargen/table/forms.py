from __future__ import annotations

from django import forms

from chargen.table.models import PIN_MAX_LENGTH


class PinForm(forms.Form):
    text = forms.CharField(
        label="Pinned message",
        max_length=PIN_MAX_LENGTH,
        required=False,
        strip=True,
        help_text="Every player's table strip shows it. Leave it empty to take it down.",
    )
