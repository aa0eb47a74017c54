"""The form that shows a roller sheet at one of its owner's campaigns' live tables."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from chargen.campaigns.access import campaigns_for_user
from chargen.campaigns.models import Campaign

NOT_A_MEMBER = "Choose a campaign you play in or run."


class TableForm(forms.Form):
    """One field: the campaign (blank: at no table). Only the owner's campaigns are valid."""

    campaign = forms.ModelChoiceField(
        queryset=Campaign.objects.none(),
        required=False,
        empty_label="At no table",
        label="Show at the live table of",
        help_text="Its players and GM then see this sheet's rolls and may read it.",
        error_messages={"invalid_choice": NOT_A_MEMBER},
    )

    def __init__(self, *args: Any, owner: AbstractBaseUser | AnonymousUser, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        campaign_field = self.fields["campaign"]
        assert isinstance(campaign_field, forms.ModelChoiceField)
        campaign_field.queryset = campaigns_for_user(owner).order_by("name")
