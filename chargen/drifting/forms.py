"""Forms for the Drifting wizard and token sheet. Choices come from the character's own data."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import QuerySet
from django.utils.text import slugify

from chargen.campaigns.models import Campaign
from chargen.core.form_fields import ChosenRowField, choice_field, model_choice
from chargen.core.start_key import fresh_start_key, start_key_field, start_key_refused_on_top
from chargen.drifting.models import UNNAMED, Character
from chargen.drifting.services_table import ROLL_NOTE_MAX_LENGTH
from chargen.drifting.token_fields import TokenChoicesField
from rules import drifting as rules
from rules.dice import DiceSpec
from rules.errors import RulesError
from rules.typed_dice import faces_help


class KeyedForm(forms.Form):
    """Every sheet action carries the log sequence it was rendered for (its one-time key)."""

    key = forms.IntegerField(widget=forms.HiddenInput, min_value=0)


class StartForm(forms.Form):
    """Starting a character: its name and concept (both may wait) and its campaign."""

    name = forms.CharField(
        max_length=Character._meta.get_field("name").max_length,
        required=False,
        help_text=f"Leave it empty to start as “{UNNAMED}” and name them on the next page.",
    )
    concept = forms.CharField(
        max_length=Character._meta.get_field("concept").max_length,
        required=False,
        help_text="A line about who they are, e.g. “ex-marine smuggler”.",
    )
    campaign = forms.ModelChoiceField(
        queryset=Campaign.objects.none(),
        required=False,
        empty_label="No campaign (play on my own)",
        error_messages={"invalid_choice": "Choose one of your Drifting campaigns, or none."},
        help_text="Only campaigns that play Drifting are listed. You can change it until "
        "the character is finished.",
    )

    start_key = start_key_field()  # the form's one-time key (chargen/core/start_key.py)

    def __init__(
        self, *args: Any, campaigns: QuerySet[Campaign] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        fresh_start_key(self)
        model_choice(self, "campaign").queryset = (
            Campaign.objects.none() if campaigns is None else campaigns
        )

    def clean(self) -> dict[str, Any] | None:
        cleaned = super().clean()
        start_key_refused_on_top(self)
        return cleaned


class ConceptForm(forms.ModelForm):
    campaign = forms.ModelChoiceField(
        queryset=Campaign.objects.none(),
        required=False,
        empty_label="No campaign (play on my own)",
        help_text="Only campaigns that play Drifting are listed.",
    )

    class Meta:
        model = Character
        fields = ("name", "concept", "campaign")

    def __init__(
        self, *args: Any, campaigns: QuerySet[Campaign] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        model_choice(self, "campaign").queryset = (
            Campaign.objects.none() if campaigns is None else campaigns
        )
        self.fields["name"].required = True
        self.fields["concept"].help_text = "A line about who they are, e.g. “ex-marine smuggler”."


def _token_choices(sheet: dict[str, rules.TokenState]) -> list[tuple[str, str]]:
    return [(name, name) for name in sheet]


class RollForm(KeyedForm):
    applicable = TokenChoicesField(
        explain="modifier",
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Applicable tokens (+1 each, at most +3)",
    )
    deplete = TokenChoicesField(
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Deplete for an extra die (at most three)",
        help_text="A depleted token still gives its modifier, but gives no die until refresh.",
    )
    share_token = forms.ChoiceField(
        required=False, label="Share a check mark from a depleted token"
    )
    share_with = forms.ModelChoiceField(
        queryset=Character.objects.none(),
        required=False,
        label="Share it with",
        empty_label="Nobody",
    )
    note = forms.CharField(
        required=False,
        max_length=ROLL_NOTE_MAX_LENGTH,
        label="Note (optional)",
        help_text=f"What the roll is for, e.g. “dodge the patrol” (at most {ROLL_NOTE_MAX_LENGTH} "
        "characters). Kept in the log.",
    )
    faces = forms.CharField(
        required=False,
        label="Dice I rolled at the table (leave empty for the server to roll)",
        help_text=(
            f"{faces_help(DiceSpec(rules.BASE_DICE, rules.DIE_SIDES))} "
            "One die more for each token you deplete."
        ),
    )

    def __init__(
        self,
        *args: Any,
        sheet: dict[str, rules.TokenState],
        companions: Any = None,
        physical_dice: bool = True,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.sheet = sheet
        for name in ("applicable", "deplete"):
            field = self.fields[name]
            assert isinstance(field, TokenChoicesField)
            field.sheet = sheet
        usable = {name: state for name, state in sheet.items() if state.gives_modifier}
        choice_field(self, "applicable").choices = _token_choices(usable)
        # One checkbox per fresh token, so two Firearms tokens can both be depleted.
        choice_field(self, "deplete").choices = [
            (f"{name}#{number}", name if state.fresh == 1 else f"{name} ({number})")
            for name, state in sheet.items()
            for number in range(1, state.fresh + 1)
        ]
        choice_field(self, "share_token").choices = [
            ("", "Keep all my check marks"),
            *_token_choices(sheet),
        ]
        if companions is not None:
            model_choice(self, "share_with").queryset = companions
        else:
            del self.fields["share_with"]
            del self.fields["share_token"]
        if not physical_dice:
            del self.fields["faces"]

    def clean_faces(self) -> str | None:
        """The faces as typed: how many dice they are for is known once the roll is planned,
        so the service reads them (rules.typed_dice), and a refusal comes back to this field."""
        return self.cleaned_data.get("faces", "").strip() or None

    def depletion_counts(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for value in self.cleaned_data.get("deplete", []):
            name = value.rsplit("#", 1)[0]
            counts[name] = counts.get(name, 0) + 1
        return counts


class AssistForm(KeyedForm):
    recipient = forms.ModelChoiceField(queryset=Character.objects.none(), label="Assist")
    token = forms.ChoiceField(label="by depleting")

    def __init__(
        self, *args: Any, sheet: dict[str, rules.TokenState], companions: Any, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        model_choice(self, "recipient").queryset = companions
        choice_field(self, "token").choices = [
            (name, name) for name, state in sheet.items() if state.fresh
        ]


class UndoLossForm(KeyedForm):
    """Take back the latest row, a loss: `loss` is its sequence, `key` the next one."""

    loss = forms.IntegerField(widget=forms.HiddenInput, min_value=1)


class GainForm(KeyedForm):
    token = forms.CharField(widget=forms.HiddenInput)


def loss_field_names(sheet: dict[str, rules.TokenState]) -> dict[str, str]:
    """A form field for each token type: `lose_<slug>`, numbered if two slugs collide."""
    names: dict[str, str] = {}
    for position, token in enumerate(sheet):
        field = f"lose_{slugify(token).replace('-', '_') or 'token'}"
        names[token] = f"{field}_{position}" if field in names.values() else field
    return names


class LossForm(KeyedForm):
    """A harmful loss: both totals, the related types, and how many of each type to lose.

    One submission loses every token the margin costs, two of the same type included.
    The rules check the choice here, so each message lands on the field it is about.
    """

    own_total = forms.IntegerField(
        label="My total",
        min_value=rules.ROLL_TOTAL_MIN,
        max_value=rules.ROLL_TOTAL_MAX,
        error_messages={
            "min_value": rules.ROLL_TOTAL_RANGE_MESSAGE,
            "max_value": rules.ROLL_TOTAL_RANGE_MESSAGE,
        },
    )
    opponent_total = forms.IntegerField(
        label="Opponent's total",
        min_value=rules.ROLL_TOTAL_MIN,
        max_value=rules.ROLL_TOTAL_MAX,
        error_messages={
            "min_value": rules.ROLL_TOTAL_RANGE_MESSAGE,
            "max_value": rules.ROLL_TOTAL_RANGE_MESSAGE,
        },
    )
    related = forms.MultipleChoiceField(
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Token types related to the check (lost first, without choosing)",
    )

    def __init__(
        self,
        *args: Any,
        sheet: dict[str, rules.TokenState],
        step: int = rules.BOOK_LOSS_MARGIN_STEP,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.sheet = sheet
        self.step = step
        choice_field(self, "related").choices = [
            (name, name) for name, state in sheet.items() if state.held
        ]
        self.count_fields: dict[str, str] = {}
        for token, field in loss_field_names(sheet).items():
            state = sheet[token]
            can_lose = state.fresh + state.depleted
            if not can_lose:
                continue
            depleted = f", {state.depleted} depleted" if state.depleted else ""
            self.fields[field] = forms.IntegerField(
                required=False,
                min_value=0,
                max_value=can_lose,
                label=f"{token} tokens I choose to lose (of {can_lose}{depleted})",
                widget=forms.NumberInput(attrs={"placeholder": "0"}),
            )
            self.count_fields[token] = field

    def chosen_counts(self) -> dict[str, int]:
        """How many of each type the player chose to lose (types left at 0 omitted)."""
        return {
            token: count
            for token, field in self.count_fields.items()
            if (count := self.cleaned_data.get(field))
        }

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        own, opponent = cleaned.get("own_total"), cleaned.get("opponent_total")
        if own is None or opponent is None:
            return cleaned
        if opponent <= own:
            self.add_error(
                "opponent_total", "Tokens are lost only when the opponent rolled higher."
            )
            return cleaned
        if any(field in self.errors for field in self.count_fields.values()):
            return cleaned
        try:
            rules.lose_tokens(
                self.sheet,
                margin=opponent - own,
                related=cleaned.get("related", []),
                choices=self.chosen_counts(),
                step=self.step,
            )
        except rules.LossChoiceError as error:
            self.add_error(self.count_fields.get(error.token or ""), str(error))
        except RulesError as error:
            self.add_error("opponent_total", str(error))
        return cleaned


class BringForm(forms.Form):
    """Asking to bring a finished character into one of the owner's Drifting campaigns."""

    campaign = ChosenRowField(
        queryset=Campaign.objects.none(),
        empty_label=None,
        error_messages={"invalid_choice": "Choose one of your Drifting campaigns."},
        help_text="Its GM sees the character and where its dice came from, then decides.",
    )

    def __init__(self, *args: Any, campaigns: QuerySet[Campaign], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        model_choice(self, "campaign").queryset = campaigns
