"""The GM's buttons that withdraw a lifepath from a campaign, or offer it again."""

from __future__ import annotations

from django import forms

WITHDRAW = "0"
OFFER = "1"


class LifepathOfferForm(forms.Form):
    offered = forms.TypedChoiceField(
        choices=((WITHDRAW, "Withdraw it"), (OFFER, "Offer it again")),
        coerce=lambda value: value == OFFER,
        error_messages={
            "required": "Say whether to withdraw the lifepath or offer it again.",
            "invalid_choice": "Say whether to withdraw the lifepath or offer it again.",
        },
    )
