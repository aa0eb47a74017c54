"""Forms for the roller sheets. Every choice comes from the sheet's own rows (or, for an
opponent, the same owner's other sheets), so a form cannot reach anyone else's data.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms
from django.db.models import QuerySet

from chargen.rollers.models import (
    ManaAttribute,
    ManaCharacter,
    ManaColour,
    ManaSpeciality,
    UniqueAttribute,
    UniqueCharacter,
    UniqueCrisis,
    UniqueSpecial,
)
from rules.dice import DiceError, parse_faces
from rules.errors import RulesError
from rules.roll_and_keep import Difficulty

PHYSICAL_LABEL = "I rolled physical dice"
MAX_SCORE = 20
MAX_TOOL_QUALITY = 8
MAX_NPC_DICE = 30


# --- Shared pieces -------------------------------------------------------------------------------


class SequencedForm(forms.Form):
    """Every roll form carries the log sequence it expects to write (its one-time key)."""

    sequence = forms.IntegerField(widget=forms.HiddenInput, min_value=1)


def _typed_faces(text: str) -> tuple[int, ...]:
    try:
        return parse_faces(text)
    except RulesError as error:
        raise forms.ValidationError(str(error)) from error


class PhysicalDiceMixin(forms.Form):
    """ "I rolled physical dice" and the faces typed in; without the tick the server rolls."""

    physical = forms.BooleanField(required=False, label=PHYSICAL_LABEL)
    faces = forms.CharField(
        required=False,
        label="Dice I rolled",
        help_text="Only with the box ticked: every die, e.g. 2 4 4 4 5.",
    )

    def entered_faces(self) -> tuple[int, ...] | None:
        """The typed faces when the box is ticked; None for a server roll."""
        if not self.cleaned_data.get("physical"):
            return None
        return self.cleaned_data.get("faces")

    def clean_faces(self) -> tuple[int, ...] | None:
        text = self.cleaned_data.get("faces", "").strip()
        return _typed_faces(text) if text else None

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if cleaned.get("physical") and not cleaned.get("faces") and "faces" not in self.errors:
            self.add_error("faces", "Type the number on each die you rolled.")
        if not cleaned.get("physical") and cleaned.get("faces"):
            self.add_error(
                "physical", f"Tick “{PHYSICAL_LABEL}” to use the dice you typed, or clear them."
            )
        return cleaned


# --- Unique-dice pool ----------------------------------------------------------------------------


class NameForm(forms.Form):
    name = forms.CharField(max_length=80, label="Character name")


class UniqueCharacterForm(forms.ModelForm):
    class Meta:
        model = UniqueCharacter
        fields = ("name",)


UniqueAttributeFormSet = forms.inlineformset_factory(
    UniqueCharacter,
    UniqueAttribute,
    fields=("name", "score"),
    extra=1,
    can_delete=True,
    widgets={"score": forms.NumberInput(attrs={"min": 0, "max": MAX_SCORE})},
)

UniqueSpecialFormSet = forms.inlineformset_factory(
    UniqueCharacter,
    UniqueSpecial,
    fields=("name", "starred"),
    extra=1,
    can_delete=True,
)


class UniquePoolFields(forms.Form):
    """What builds the pool (attribute, tools, specials) and the number the GM names."""

    attribute = forms.ModelChoiceField(
        queryset=UniqueAttribute.objects.none(), empty_label=None, label="Universal attribute"
    )
    tool_quality = forms.IntegerField(
        min_value=0, max_value=MAX_TOOL_QUALITY, initial=0, label="Tool quality (0: no tools)"
    )
    specials = forms.ModelMultipleChoiceField(
        queryset=UniqueSpecial.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Applicable special attributes (+1 die, starred +2)",
    )
    needed = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=21,
        label="Number the GM names (optional)",
        help_text="Shows the chance of reaching it before you roll.",
    )

    def __init__(self, *args: Any, character: UniqueCharacter, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["attribute"].queryset = character.attributes.all()
        self.fields["specials"].queryset = character.specials.all()


class UniqueRollForm(PhysicalDiceMixin, SequencedForm, UniquePoolFields):
    field_order = (
        "sequence",
        "attribute",
        "tool_quality",
        "specials",
        "needed",
        "physical",
        "faces",
    )


class UniquePushForm(PhysicalDiceMixin, SequencedForm):
    prefix = "push"  # its fields sit on the same page as the roll form's
    faces = forms.CharField(
        required=False,
        label="The die I pushed",
        help_text="Only with the box ticked: one die, 1 to 6.",
    )

    def entered_face(self) -> int | None:
        faces = self.entered_faces()
        if faces is None:
            return None
        if len(faces) != 1:
            raise DiceError("A push is one die: type one number.")
        return faces[0]


class CrisisForm(forms.ModelForm):
    push_sequence = forms.IntegerField(widget=forms.HiddenInput, min_value=1)

    class Meta:
        model = UniqueCrisis
        fields = ("kind", "description")
        widgets: ClassVar[dict[str, Any]] = {
            "kind": forms.RadioSelect,
            "description": forms.Textarea(attrs={"rows": 2}),
        }
        labels: ClassVar[dict[str, str]] = {
            "kind": "Kind of crisis",
            "description": "What is the crisis?",
        }


# --- Roll and keep -------------------------------------------------------------------------------


class ManaCharacterForm(forms.ModelForm):
    class Meta:
        model = ManaCharacter
        fields = ("name",)


ManaColourFormSet = forms.inlineformset_factory(
    ManaCharacter,
    ManaColour,
    fields=("name", "amount"),
    extra=1,
    can_delete=True,
    labels={"name": "Colour", "amount": "Permanent mana"},
)


class ManaAttributeForm(forms.ModelForm):
    colour = forms.ChoiceField(required=False, label="Linked colour")

    class Meta:
        model = ManaAttribute
        fields = ("name", "score", "colour")

    def __init__(self, *args: Any, colours: tuple[str, ...] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["colour"].choices = [("", "none"), *((name, name) for name in colours)]


ManaAttributeFormSet = forms.inlineformset_factory(
    ManaCharacter,
    ManaAttribute,
    form=ManaAttributeForm,
    fields=("name", "score", "colour"),
    extra=1,
    can_delete=True,
)


class ManaSpecialityForm(forms.ModelForm):
    class Meta:
        model = ManaSpeciality
        fields = ("name", "attribute")

    def __init__(
        self, *args: Any, attributes: QuerySet[ManaAttribute] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["attribute"].queryset = (
            attributes if attributes is not None else ManaAttribute.objects.none()
        )


ManaSpecialityFormSet = forms.inlineformset_factory(
    ManaCharacter,
    ManaSpeciality,
    form=ManaSpecialityForm,
    fields=("name", "attribute"),
    extra=1,
    can_delete=True,
)


DIFFICULTY_CHOICES = [
    (difficulty.name, f"{difficulty.label} ({int(difficulty)})") for difficulty in Difficulty
]


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
        self.fields["attribute"].queryset = character.attributes.all()
        self.fields["specialities"].queryset = character.specialities.select_related("attribute")


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
        cleaned = super().clean()
        if (
            cleaned.get("difficulty_mode") == DifficultyMode.INDIRECT
            and cleaned.get("passive_attribute") is None
            and "passive_attribute" not in self.errors
        ):
            self.add_error("passive_attribute", "Type the passive character's attribute.")
        return cleaned


class ManaRollForm(PhysicalDiceMixin, SequencedForm, ManaRollChoices):
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
    opponent_attribute = forms.ModelChoiceField(
        queryset=ManaAttribute.objects.none(), required=False, label="Their attribute"
    )
    opponent_specialities = forms.ModelMultipleChoiceField(
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
        self.fields["opponent_attribute"].queryset = ManaAttribute.objects.filter(
            character__in=others
        ).select_related("character")
        self.fields["opponent_attribute"].label_from_instance = lambda attribute: (
            f"{attribute.character.name}: {attribute.name} {attribute.score}"
        )
        self.fields["opponent_specialities"].queryset = ManaSpeciality.objects.filter(
            character__in=others
        ).select_related("character", "attribute")
        self.fields["opponent_specialities"].label_from_instance = lambda speciality: (
            f"{speciality.character.name}: {speciality}"
        )
        if not others.exists():
            hint = "Your other roll-and-keep sheets appear here; you have none yet."
            self.fields["opponent_attribute"].help_text = hint

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
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
    opponent_faces = forms.CharField(
        required=False,
        label="Opponent's dice",
        help_text="Only with the box ticked: every die the opponent rolled.",
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

    def clean_opponent_faces(self) -> tuple[int, ...] | None:
        text = self.cleaned_data.get("opponent_faces", "").strip()
        return _typed_faces(text) if text else None

    def typed_opponent_faces(self) -> tuple[int, ...] | None:
        if not self.cleaned_data.get("physical"):
            return None
        return self.cleaned_data.get("opponent_faces")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        missing = not cleaned.get("opponent_faces") and "opponent_faces" not in self.errors
        if cleaned.get("physical") and missing:
            self.add_error("opponent_faces", "Type the opponent's dice too.")
        if not cleaned.get("physical") and cleaned.get("opponent_faces"):
            self.add_error(
                "physical", f"Tick “{PHYSICAL_LABEL}” to use the dice you typed, or clear them."
            )
        return cleaned


# --- Editing a sheet: the main form and its formsets together ------------------------------------


class SheetForms:
    """A sheet's ModelForm and its inline formsets, validated and saved as one."""

    def __init__(self, main: forms.ModelForm, **formsets: forms.BaseInlineFormSet) -> None:
        self.main = main
        self.formsets = formsets

    def __getitem__(self, name: str) -> forms.BaseInlineFormSet:
        return self.formsets[name]

    @property
    def all(self) -> list[Any]:
        return [self.main, *self.formsets.values()]

    def is_valid(self) -> bool:
        # Validate every form (not stopping at the first) so each shows its messages.
        results = [form.is_valid() for form in self.all]
        return all(results) and self.check_together()

    def check_together(self) -> bool:
        return True


def _kept_forms(formset: forms.BaseInlineFormSet) -> list[forms.ModelForm]:
    """The forms that will be saved: filled in and not ticked for deletion."""
    return [
        form for form in formset.forms if form.cleaned_data and not form.cleaned_data.get("DELETE")
    ]


def unique_sheet_forms(character: UniqueCharacter, data: Any = None) -> SheetForms:
    return SheetForms(
        UniqueCharacterForm(data, instance=character),
        attributes=UniqueAttributeFormSet(data, instance=character, prefix="attributes"),
        specials=UniqueSpecialFormSet(data, instance=character, prefix="specials"),
    )


class ManaSheetForms(SheetForms):
    """Also checks what the formsets cannot see alone: links to kept colours and attributes."""

    def check_together(self) -> bool:
        colours = {form.cleaned_data["name"] for form in _kept_forms(self["colours"])}
        valid = True
        for form in _kept_forms(self["attributes"]):
            colour = form.cleaned_data.get("colour")
            if colour and colour not in colours:
                form.add_error("colour", f"{colour} is no longer one of this sheet's colours.")
                valid = False
        removed = {
            form.instance.pk
            for form in self["attributes"].forms
            if form.instance.pk and form.cleaned_data.get("DELETE")
        }
        for form in _kept_forms(self["specialities"]):
            attribute = form.cleaned_data.get("attribute")
            if attribute is not None and attribute.pk in removed:
                form.add_error(
                    "attribute",
                    f"{attribute.name} is being deleted: link this speciality elsewhere "
                    "or delete it too.",
                )
                valid = False
        return valid


def mana_sheet_forms(character: ManaCharacter, data: Any = None) -> ManaSheetForms:
    colours = tuple(character.colours.values_list("name", flat=True))
    return ManaSheetForms(
        ManaCharacterForm(data, instance=character),
        colours=ManaColourFormSet(data, instance=character, prefix="colours"),
        attributes=ManaAttributeFormSet(
            data, instance=character, prefix="attributes", form_kwargs={"colours": colours}
        ),
        specialities=ManaSpecialityFormSet(
            data,
            instance=character,
            prefix="specialities",
            form_kwargs={"attributes": character.attributes.all()},
        ),
    )
