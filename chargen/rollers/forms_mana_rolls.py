"""Roll-and-keep rolls (seed 004): the pool, the difficulty, a roll and a contest."""

from __future__ import annotations

from typing import Any

from django import forms

from chargen.core.form_fields import model_choice
from chargen.rollers.forms_common import (
    MAX_NPC_DICE,
    MAX_SCORE,
    PHYSICAL_LABEL,
    PhysicalDiceMixin,
    SequencedForm,
    typed_dice_help,
    typed_text,
)
from chargen.rollers.models import (
    ManaAttribute,
    ManaCharacter,
    ManaSpeciality,
)
from rules import roll_and_keep as keep_rules
from rules.roll_and_keep import Difficulty

DIFFICULTY_CHOICES = [
    (difficulty.name, f"{difficulty.label} ({int(difficulty)})") for difficulty in Difficulty
]


class OpponentAttributeField(forms.ModelChoiceField):
    """Another sheet's attribute, named with its sheet."""

    def label_from_instance(self, obj: ManaAttribute) -> str:
        return f"{obj.character.name}: {obj.name} {obj.score}"


class OpponentSpecialitiesField(forms.ModelMultipleChoiceField):
    """Another sheet's specialities, named with their sheet."""

    def label_from_instance(self, obj: ManaSpeciality) -> str:
        return f"{obj.character.name}: {obj}"


class DifficultyMode:
    NAMED = "named"
    INDIRECT = "indirect"


class ManaPoolFields(forms.Form):
    """The acting character's attribute and the specialities that apply."""

    attribute = forms.ModelChoiceField(
        queryset=ManaAttribute.objects.none(), empty_label=None, label="Attribute"
    )
    specialities = forms.ModelMultipleChoiceField(
        queryset=ManaSpeciality.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Relevant specialities (+1 die rolled and kept each)",
    )

    def __init__(self, *args: Any, character: ManaCharacter, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        model_choice(self, "attribute").queryset = character.attributes.all()
        model_choice(self, "specialities").queryset = character.specialities.select_related(
            "attribute"
        )


class ManaRollChoices(ManaPoolFields):
    """The pool and what it rolls against: a named difficulty or a passive character."""

    difficulty_mode = forms.ChoiceField(
        choices=[
            (DifficultyMode.NAMED, "Unopposed: a named difficulty"),
            (DifficultyMode.INDIRECT, "Indirectly opposed: a passive character's attribute"),
        ],
        initial=DifficultyMode.NAMED,
        widget=forms.RadioSelect,
        label="Against",
    )
    difficulty = forms.ChoiceField(
        choices=DIFFICULTY_CHOICES, initial=Difficulty.STANDARD.name, label="Difficulty"
    )
    passive_attribute = forms.IntegerField(
        required=False, min_value=0, max_value=MAX_SCORE, label="Passive attribute"
    )
    passive_specialities = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=MAX_SCORE,
        initial=0,
        label="Passive specialities",
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if (
            cleaned.get("difficulty_mode") == DifficultyMode.INDIRECT
            and cleaned.get("passive_attribute") is None
            and "passive_attribute" not in self.errors
        ):
            self.add_error("passive_attribute", "Type the passive character's attribute.")
        return cleaned


class ManaRollForm(PhysicalDiceMixin, SequencedForm, ManaRollChoices):
    die_sides = keep_rules.DIE_SIDES
    field_order = (
        "sequence",
        "attribute",
        "specialities",
        "difficulty_mode",
        "difficulty",
        "passive_attribute",
        "passive_specialities",
        "physical",
        "faces",
    )


class OpponentMode:
    SHEET = "sheet"
    NPC = "npc"


class ContestChoices(ManaPoolFields):
    """Both sides of a directly opposed action and the difficulty they share."""

    prefix = "contest"  # its fields sit on the same page as the roll form's

    difficulty = forms.ChoiceField(
        choices=DIFFICULTY_CHOICES,
        initial=Difficulty.STANDARD.name,
        label="Difficulty the GM sets for both sides",
    )
    opponent_mode = forms.ChoiceField(
        choices=[
            (OpponentMode.SHEET, "Another of my characters"),
            (OpponentMode.NPC, "An NPC pool I type in"),
        ],
        initial=OpponentMode.NPC,
        widget=forms.RadioSelect,
        label="Opponent",
    )
    opponent_attribute = OpponentAttributeField(
        queryset=ManaAttribute.objects.none(), required=False, label="Their attribute"
    )
    opponent_specialities = OpponentSpecialitiesField(
        queryset=ManaSpeciality.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Their relevant specialities",
    )
    npc_name = forms.CharField(max_length=60, required=False, initial="NPC", label="NPC name")
    npc_dice = forms.IntegerField(
        required=False, min_value=1, max_value=MAX_NPC_DICE, label="NPC dice rolled"
    )
    npc_keep = forms.IntegerField(
        required=False, min_value=1, max_value=MAX_NPC_DICE, label="NPC dice kept"
    )

    def __init__(self, *args: Any, character: ManaCharacter, **kwargs: Any) -> None:
        super().__init__(*args, character=character, **kwargs)
        others = ManaCharacter.objects.filter(owner_id=character.owner_id).exclude(pk=character.pk)
        opponent = model_choice(self, "opponent_attribute")
        opponent.queryset = ManaAttribute.objects.filter(character__in=others).select_related(
            "character"
        )
        opponent_specialities = model_choice(self, "opponent_specialities")
        opponent_specialities.queryset = ManaSpeciality.objects.filter(
            character__in=others
        ).select_related("character", "attribute")
        if not others.exists():
            hint = "Your other roll-and-keep sheets appear here; you have none yet."
            self.fields["opponent_attribute"].help_text = hint

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if cleaned.get("opponent_mode") == OpponentMode.SHEET:
            attribute = cleaned.get("opponent_attribute")
            if attribute is None:
                self.add_error("opponent_attribute", "Choose the opposing character's attribute.")
            elif any(
                speciality.character_id != attribute.character_id
                for speciality in cleaned.get("opponent_specialities", ())
            ):
                self.add_error(
                    "opponent_specialities",
                    f"Choose only {attribute.character.name}'s specialities.",
                )
        elif cleaned.get("opponent_mode") == OpponentMode.NPC:
            for field in ("npc_dice", "npc_keep"):
                if cleaned.get(field) is None and field not in self.errors:
                    self.add_error(field, "Type how many dice the NPC rolls and keeps.")
        return cleaned


class ContestForm(PhysicalDiceMixin, SequencedForm, ContestChoices):
    die_sides = keep_rules.DIE_SIDES
    opponent_faces = forms.CharField(
        required=False,
        label="Opponent's dice",
        help_text=typed_dice_help(keep_rules.DIE_SIDES),
    )

    field_order = (
        "sequence",
        "attribute",
        "specialities",
        "difficulty",
        "opponent_mode",
        "opponent_attribute",
        "opponent_specialities",
        "npc_name",
        "npc_dice",
        "npc_keep",
        "physical",
        "faces",
        "opponent_faces",
    )

    def clean_opponent_faces(self) -> str | None:
        return typed_text(self, "opponent_faces")

    def typed_opponent_faces(self) -> str | None:
        if not self.cleaned_data.get("physical"):
            return None
        return self.cleaned_data.get("opponent_faces")

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        missing = not cleaned.get("opponent_faces") and "opponent_faces" not in self.errors
        if cleaned.get("physical") and missing:
            self.add_error("opponent_faces", "Type the opponent's dice too.")
        if not cleaned.get("physical") and cleaned.get("opponent_faces"):
            self.add_error(
                "physical", f"Tick “{PHYSICAL_LABEL}” to use the dice you typed, or clear them."
            )
        return cleaned
