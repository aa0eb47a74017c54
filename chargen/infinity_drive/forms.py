"""Forms for the creation wizard's steps 1–6: each step POST is validated by one of these."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django import forms
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet

from chargen.campaigns.access import campaigns_for_user
from chargen.campaigns.models import Campaign
from chargen.core.form_fields import ChosenRowField, choice_field, model_choice
from chargen.core.start_key import fresh_start_key, start_key_field, start_key_refused_on_top
from chargen.infinity_drive.campaign_rules import INFINITY_DRIVE
from chargen.infinity_drive.models import Character
from chargen.infinity_drive.wizard.page_context import NON_HUMANOID_PREFIX
from rules.infinity_drive.codes import CHARACTERISTIC_NAMES


class StartForm(forms.ModelForm):
    """Step 1 for a new character: name, campaign (or none) and a one-line concept."""

    campaign = forms.ModelChoiceField(
        queryset=Campaign.objects.none(),
        required=False,
        empty_label="No campaign: the book's default rules",
        help_text="The campaign's house rules apply to every step. It cannot be changed later.",
    )

    start_key = start_key_field()  # the form's one-time key (chargen/core/start_key.py)

    class Meta:
        model = Character
        fields = ("name", "campaign", "concept")

    def __init__(self, *args: Any, user: AbstractBaseUser, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        fresh_start_key(self)
        # Only campaigns that play Infinity Drive: a Drifting campaign has its own wizard.
        model_choice(self, "campaign").queryset = (
            campaigns_for_user(user).filter(game=INFINITY_DRIVE).order_by("name")
        )
        # A one-line box, keeping the browser's length cap the model's field gave.
        self.fields["concept"].widget = forms.TextInput(attrs={"maxlength": 200})

    def clean(self) -> dict[str, Any] | None:
        cleaned = super().clean()
        start_key_refused_on_top(self)
        return cleaned


class BringForm(forms.Form):
    """Bringing a finished character into one of the owner's Infinity Drive campaigns.

    A choice among the campaigns offered, so a missing, empty or malformed value is
    answered at the field like any other wrong choice (never a database lookup of it)."""

    campaign = ChosenRowField(
        queryset=Campaign.objects.none(),
        empty_label=None,
        error_messages={
            "required": "Choose one of your Infinity Drive campaigns.",
            "invalid_choice": "Choose one of your Infinity Drive campaigns.",
        },
        help_text=(
            "The GM sees where its dice came from and the house rules it was built under, "
            "then approves it or sends it back."
        ),
    )

    def __init__(self, *args: Any, campaigns: QuerySet[Campaign], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        model_choice(self, "campaign").queryset = campaigns


class ConceptForm(forms.Form):
    """Step 1 again: the name and concept stay editable while the character is a draft.

    A plain form, not a model form: the columns are the log's copy, written only with
    a `concept` row (services.character_update_concept), never by a form's validation."""

    name = forms.CharField(max_length=120)
    concept = forms.CharField(max_length=200, required=False)


# --- Steps 2–6: what each wizard POST may hold ----------------------------------------
#
# These check the shape of what was posted (a whole number, a length, a choice among
# those the page offers); whether the step is legal now is the rules' (through the
# services). None but the undo's carries the form's `sequence`: the view reads that
# one-time key before any of these is built (chargen/infinity_drive/wizard/post_checks.py), so a
# repeated POST never meets their messages. (Undo's key is the decision it cancels.)
# Messages are the player's words, drawn beside the field they name (views.py `step_post`).


def _choices(values: Iterable[str], label: Callable[[str], str] = str) -> list[tuple[str, str]]:
    return [(value, label(value)) for value in values]


def _coded(code: str) -> str:
    return f"{CHARACTERISTIC_NAMES.get(code, code)} ({code})"


def _choice(message: str, *, required: bool = True) -> forms.ChoiceField:
    """A choice whose two refusals (none picked, one not offered) say the same thing."""
    return forms.ChoiceField(
        choices=(),
        required=required,
        error_messages={"required": message, "invalid_choice": message},
    )


def _text(max_length: int, what: str, *, required: bool = False) -> forms.CharField:
    return forms.CharField(
        max_length=max_length,
        required=required,
        error_messages={
            "required": f"Give {what}.",
            "max_length": f"Keep {what} to {max_length} characters at most.",
        },
    )


# What the page's method radios post (wizard/page_context.py): a book method, or a GM's
# non-humanoid race as "race:<its id>"; which races are listed is the service's to check.
BOOK_METHODS = ("point_buy", "dice")


class MethodForm(forms.Form):
    method = forms.CharField(
        max_length=60,
        error_messages={"required": "Choose a method.", "max_length": "Choose a method."},
    )

    def clean_method(self) -> str:
        method: str = self.cleaned_data["method"]
        if method in BOOK_METHODS:
            return method
        if method.startswith(NON_HUMANOID_PREFIX):
            try:
                uuid.UUID(method.removeprefix(NON_HUMANOID_PREFIX))
            except ValueError:
                pass
            else:
                return method
        raise forms.ValidationError("Choose one of the methods listed.")


class PointBuyForm(forms.Form):
    """A whole number for each characteristic in play; the range and the total are the
    book's (rules/ says which values are out of bounds, refused_forms.py outlines them)."""

    def __init__(self, *args: Any, codes: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for code in codes:
            message = f"Give {CHARACTERISTIC_NAMES[code]} a whole number."
            self.fields[code] = forms.IntegerField(
                error_messages={"required": message, "invalid": message}
            )


FACES_LENGTH = 60


class RollForm(forms.Form):
    """A roll: the server rolls, unless the player types the faces of physical dice."""

    faces = _text(FACES_LENGTH, "the faces of your dice")


class CharacteristicRollForm(RollForm):
    """A characteristic roll; a non-humanoid names the characteristic it rolls for."""

    characteristic = _choice("Choose one of the characteristics.", required=False)

    def __init__(self, *args: Any, codes: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "characteristic").choices = _choices(codes, _coded)


class CharacteristicForm(forms.Form):
    """Where a roll goes, or which characteristic a setback lowers."""

    characteristic = _choice("Choose one of the characteristics offered.")

    def __init__(self, *args: Any, codes: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "characteristic").choices = _choices(codes, _coded)


class RaceChoiceForm(forms.Form):
    """The base humanoid (empty) or a race by its id; which races are listed is the service's."""

    race = forms.UUIDField(
        required=False, error_messages={"invalid": "Choose one of the races listed."}
    )


class CareerForm(forms.Form):
    career = _choice("Choose one of the careers listed.")

    def __init__(self, *args: Any, careers: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "career").choices = _choices(careers)


class RerollForm(RollForm):
    table = _text(80, "the table", required=True)


class TableChoiceForm(forms.Form):
    """A table for the pending skill roll, with the specialty and the history reason."""

    table = _choice("Choose one of the tables offered for this roll.")
    specialty = _text(80, "the specialty")
    history_reason = _text(2000, "the history reason")

    def __init__(self, *args: Any, tables: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "table").choices = _choices(tables)


DEATH_CONFIRMATION = "confirm_death"


class SurvivalOutcomeForm(forms.Form):
    """Death or a setback. Death is final, so it must be confirmed: the "Yes, my
    character dies" box on a plain form, or htmx's confirm dialog (which sends the same
    field once the player agrees)."""

    outcome = forms.ChoiceField(
        choices=(("setback", "A setback"), ("death", "Death")),
        error_messages={
            "required": "Choose a setback or death.",
            "invalid_choice": "Choose a setback or death.",
        },
    )
    confirm_death = forms.BooleanField(required=False)

    def clean(self) -> dict[str, Any] | None:
        cleaned = super().clean()
        if self.cleaned_data.get("outcome") == "death" and not self.cleaned_data.get(
            DEATH_CONFIRMATION
        ):
            self.add_error(
                DEATH_CONFIRMATION,
                "Tick “Yes, my character dies” to confirm; nothing was changed.",
            )
        return cleaned


class UndoForm(forms.Form):
    """Undo: the sequence of the decision it takes back, and the page to answer with."""

    sequence = forms.IntegerField(
        min_value=1,
        error_messages={
            "required": "This form is missing its step number; reload the page.",
            "invalid": "This form is missing its step number; reload the page.",
            "min_value": "This form is missing its step number; reload the page.",
        },
    )
    step = _choice("This form names no step of the wizard; reload the page.")

    def __init__(self, *args: Any, steps: Iterable[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "step").choices = _choices(steps)


ADJUST_PREFIX = "adjust_"


class RaceProposalForm(forms.Form):
    """A new alien humanoid race: name, reason and up to six points moved."""

    name = forms.CharField(max_length=80, label="Race name")
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="Why the race has these improvements and reductions (the book asks for one).",
    )

    def __init__(self, *args: Any, codes: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for code in codes:
            self.fields[f"{ADJUST_PREFIX}{code}"] = forms.IntegerField(
                label=f"{CHARACTERISTIC_NAMES[code]} ({code})",
                initial=0,
                min_value=-6,
                max_value=3,
                widget=forms.NumberInput(attrs={"min": -6, "max": 3, "data-adjust": code}),
            )


def proposed_adjustments(cleaned: Mapping[str, Any]) -> dict[str, int]:
    """The points a valid proposal moves, by characteristic (the ones left at 0 dropped)."""
    return {
        name.removeprefix(ADJUST_PREFIX): value
        for name, value in cleaned.items()
        if name.startswith(ADJUST_PREFIX) and value
    }
