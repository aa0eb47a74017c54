"""Forms for the creation wizard's steps 1–6. Messages at the fields come from rules/."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.models import AbstractBaseUser

from chargen.campaigns.access import campaigns_for_user
from chargen.campaigns.models import Campaign
from chargen.characters.campaign_rules import INFINITY_DRIVE
from chargen.characters.models import Character
from chargen.core.form_fields import choice_field, model_choice
from rules.infinity_drive.characteristics import POINT_BUY_MAXIMUM, POINT_BUY_MINIMUM
from rules.infinity_drive.codes import CHARACTERISTIC_NAMES, CHARACTERISTICS


class StartForm(forms.ModelForm):
    """Step 1 for a new character: name, campaign (or none) and a one-line concept."""

    campaign = forms.ModelChoiceField(
        queryset=Campaign.objects.none(),
        required=False,
        empty_label="No campaign: the book's default rules",
        help_text="The campaign's house rules apply to every step. It cannot be changed later.",
    )

    class Meta:
        model = Character
        fields = ("name", "campaign", "concept")

    def __init__(self, *args: Any, user: AbstractBaseUser, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Only campaigns that play Infinity Drive: a Drifting campaign has its own wizard.
        model_choice(self, "campaign").queryset = (
            campaigns_for_user(user).filter(game=INFINITY_DRIVE).order_by("name")
        )
        self.fields["concept"].widget = forms.TextInput()


class ConceptForm(forms.ModelForm):
    """Step 1 again: the name and concept stay editable while the character is a draft."""

    class Meta:
        model = Character
        fields = ("name", "concept")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["concept"].widget = forms.TextInput()


class SequenceForm(forms.Form):
    """Every step form says which log sequence it expects to write (see log.py)."""

    sequence = forms.IntegerField(min_value=1, widget=forms.HiddenInput)


class MethodForm(SequenceForm):
    method = forms.ChoiceField(choices=(), widget=forms.RadioSelect)

    def __init__(self, *args: Any, methods: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "method").choices = methods


class PointBuyForm(SequenceForm):
    def __init__(self, *args: Any, codes: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for code in codes:
            self.fields[code] = forms.IntegerField(
                label=f"{CHARACTERISTIC_NAMES[code]} ({code})",
                min_value=POINT_BUY_MINIMUM,
                max_value=POINT_BUY_MAXIMUM,
                initial=7,
                widget=forms.NumberInput(
                    attrs={"min": POINT_BUY_MINIMUM, "max": POINT_BUY_MAXIMUM, "data-point": code}
                ),
            )
        self.codes = codes

    def values(self) -> dict[str, int]:
        return {code: self.cleaned_data[code] for code in self.codes}


class RollForm(SequenceForm):
    """A roll: the server rolls, unless the player types the faces of physical dice."""

    faces = forms.CharField(
        required=False,
        max_length=60,
        label="Or type your own dice",
        help_text="The number on each die: “3 5”, “3,5” or, for d6s, “35”.",
    )


class PlaceForm(SequenceForm):
    characteristic = forms.ChoiceField(choices=(), widget=forms.RadioSelect)

    def __init__(self, *args: Any, codes: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "characteristic").choices = [
            (code, f"{CHARACTERISTIC_NAMES[code]} ({code})") for code in codes
        ]


class RaceChoiceForm(SequenceForm):
    race = forms.ChoiceField(choices=(), widget=forms.RadioSelect)

    def __init__(self, *args: Any, races: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "race").choices = races


class RaceProposalForm(SequenceForm):
    """A new alien humanoid race: name, reason and up to six points moved."""

    name = forms.CharField(max_length=80, label="Race name")
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="Why the race has these improvements and reductions (the book asks for one).",
    )

    def __init__(self, *args: Any, codes: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for code in codes:
            self.fields[f"adjust_{code}"] = forms.IntegerField(
                label=f"{CHARACTERISTIC_NAMES[code]} ({code})",
                initial=0,
                min_value=-6,
                max_value=3,
                widget=forms.NumberInput(attrs={"min": -6, "max": 3, "data-adjust": code}),
            )
        self.codes = codes

    def adjustments(self) -> dict[str, int]:
        return {
            code: self.cleaned_data[f"adjust_{code}"]
            for code in self.codes
            if self.cleaned_data.get(f"adjust_{code}")
        }


class CareerForm(SequenceForm):
    career = forms.ChoiceField(choices=(), widget=forms.RadioSelect)

    def __init__(self, *args: Any, careers: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "career").choices = [(career, career) for career in careers]


class SkillChoiceForm(SequenceForm):
    table = forms.CharField(max_length=80)
    specialty = forms.CharField(max_length=80, required=False)
    history_reason = forms.CharField(
        max_length=2000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        label="Why in your history the characteristic rises beyond its maximum",
    )


class SetbackForm(SequenceForm):
    characteristic = forms.ChoiceField(choices=(), widget=forms.RadioSelect)

    def __init__(self, *args: Any, codes: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "characteristic").choices = [
            (code, f"{CHARACTERISTIC_NAMES[code]} ({code})") for code in codes
        ]


ALL_CODES = CHARACTERISTICS
