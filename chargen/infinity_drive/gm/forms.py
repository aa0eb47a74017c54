"""The GM's non-humanoid race form (Infinity Drive's "GM Ruling")."""

from __future__ import annotations

from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Fieldset, Layout, Submit
from django import forms

from rules.infinity_drive.codes import (
    BODILESS_CHARACTERISTICS,
    CHARACTERISTIC_NAMES,
    characteristics_in_play,
)
from rules.infinity_drive.house_rules import HouseRules

NON_HUMANOID_BOOK_TEXT = (
    "Non-humanoid Aliens (GM Ruling): “if a player wanted to roll characteristics for a "
    "non-humanoid Alien you could decide to have them roll a variable number of dice. … "
    "If a race has no body then the 14 dice need to be implemented across only 4 "
    "characteristics of Int, Sty, Chz and Mtp.” They “cannot have a characteristic of 0 "
    "(unless they have no physical body)”."
)


def dice_field_name(code: str) -> str:
    return f"dice_{code}"


class NonHumanoidRaceForm(forms.Form):
    """A non-humanoid race: its d6 per characteristic, bodiless or not, a description."""

    name = forms.CharField(max_length=80)
    description = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=(
            "How the creature came into being and what it looks and acts like "
            "(the book asks the GM to record this)."
        ),
    )
    bodiless = forms.BooleanField(
        required=False,
        label="Has no physical body",
        help_text="A bodiless race rolls only Int, Sty, Chz and Mtp; Mus, Grc and Res are 0.",
    )

    def __init__(self, *args: Any, house_rules: HouseRules, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.house_rules = house_rules
        self.codes = characteristics_in_play(house_rules.metaphysical_in_play)
        for code in self.codes:
            self.fields[dice_field_name(code)] = forms.IntegerField(
                min_value=0,
                max_value=house_rules.non_humanoid_dice_total,
                initial=2,
                label=f"{CHARACTERISTIC_NAMES[code]} ({code}) d6",
                help_text=(
                    "Leave at 0 for a bodiless race."
                    if code not in BODILESS_CHARACTERISTICS
                    else ""
                ),
            )
        self.helper = FormHelper()
        self.helper.layout = Layout(
            "name",
            "description",
            "bodiless",
            Fieldset(
                f"Dice per characteristic (they must total {house_rules.non_humanoid_dice_total})",
                *(dice_field_name(code) for code in self.codes),
            ),
        )
        self.helper.add_input(Submit("submit", "Create race"))

    def dice(self) -> dict[str, int]:
        return {code: self.cleaned_data.get(dice_field_name(code)) or 0 for code in self.codes}
