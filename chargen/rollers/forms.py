"""Forms for the roller sheets. Every choice comes from the sheet's own rows (or, for an
opponent, the same owner's other sheets), so a form cannot reach anyone else's data.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms
from django.db.models import QuerySet

from chargen.core.start_key import fresh_start_key, start_key_field, start_key_refused_on_top
from chargen.rollers.forms_common import (
    MAX_SCORE,
    MAX_TOOL_QUALITY,
    PhysicalDiceMixin,
    SequencedForm,
)
from chargen.rollers.models import (
    CrisisKind,
    ManaAttribute,
    ManaCharacter,
    ManaColour,
    ManaSpeciality,
    UniqueAttribute,
    UniqueCharacter,
    UniqueCrisis,
    UniqueSpecial,
)
from rules.dice import DiceSpec
from rules.typed_dice import faces_help, read_faces
from rules.unique_pool import DIE_SIDES


def _choices_from(field: forms.Field, rows: Any) -> None:
    """A model choice field offers this sheet's rows only."""
    assert isinstance(field, forms.ModelChoiceField)
    field.queryset = rows


# --- Unique-dice pool ----------------------------------------------------------------------------


class NameForm(forms.Form):
    """A "new sheet" form: the name, and the form's one-time key (a double-click on
    Create makes one sheet: chargen/core/start_key.py)."""

    name = forms.CharField(max_length=80, label="Character name")
    start_key = start_key_field()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        fresh_start_key(self)

    def clean(self) -> dict[str, Any] | None:
        cleaned = super().clean()
        start_key_refused_on_top(self)
        return cleaned


class UniqueCharacterForm(forms.ModelForm):
    class Meta:
        model = UniqueCharacter
        fields = ("name",)


def score_field() -> forms.IntegerField:
    """An attribute's score, 0 to MAX_SCORE, checked on the server as the page says."""
    return forms.IntegerField(
        min_value=0,
        max_value=MAX_SCORE,
        initial=1,
        label="Score",
        widget=forms.NumberInput(attrs={"min": 0, "max": MAX_SCORE}),
    )


class UniqueAttributeForm(forms.ModelForm):
    score = score_field()

    class Meta:
        model = UniqueAttribute
        fields = ("name", "score")


UniqueAttributeFormSet = forms.inlineformset_factory(
    UniqueCharacter,
    UniqueAttribute,
    form=UniqueAttributeForm,
    fields=("name", "score"),
    extra=1,
    can_delete=True,
    # A blank new row has nothing to delete: no Delete box beside it.
    can_delete_extra=False,
)

UniqueSpecialFormSet = forms.inlineformset_factory(
    UniqueCharacter,
    UniqueSpecial,
    fields=("name", "starred"),
    extra=1,
    can_delete=True,
    # A blank new row has nothing to delete: no Delete box beside it.
    can_delete_extra=False,
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
        _choices_from(self.fields["attribute"], character.attributes.all())
        _choices_from(self.fields["specials"], character.specials.all())


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
        help_text=f"Only with the box ticked. {faces_help(DiceSpec(1, DIE_SIDES))}",
    )

    def entered_face(self) -> int | None:
        """The one face typed for the push (a DiceError, at the field, if it is not one d6)."""
        typed = self.entered_faces()
        if typed is None:
            return None
        (face,) = read_faces(typed, DiceSpec(1, DIE_SIDES))
        return face


class CrisisForm(forms.ModelForm):
    push_sequence = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    # Declared, not generated: a model field's choices come with a blank "---------"
    # choice, which a user's try found offered (and ticked) above Physical and Mental.
    kind = forms.ChoiceField(
        choices=CrisisKind.choices, widget=forms.RadioSelect, label="Kind of crisis"
    )

    class Meta:
        model = UniqueCrisis
        fields = ("kind", "description")
        widgets: ClassVar[dict[str, Any]] = {
            "description": forms.Textarea(attrs={"rows": 2}),
        }
        labels: ClassVar[dict[str, str]] = {
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
    # A blank new row has nothing to delete: no Delete box beside it.
    can_delete_extra=False,
    labels={"name": "Colour", "amount": "Permanent mana"},
)


class ManaAttributeForm(forms.ModelForm):
    score = score_field()
    colour = forms.ChoiceField(required=False, label="Linked colour")

    class Meta:
        model = ManaAttribute
        fields = ("name", "score", "colour")

    def __init__(self, *args: Any, colours: tuple[str, ...] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        colour = self.fields["colour"]
        assert isinstance(colour, forms.ChoiceField)
        colour.choices = [("", "none"), *((name, name) for name in colours)]


ManaAttributeFormSet = forms.inlineformset_factory(
    ManaCharacter,
    ManaAttribute,
    form=ManaAttributeForm,
    fields=("name", "score", "colour"),
    extra=1,
    can_delete=True,
    # A blank new row has nothing to delete: no Delete box beside it.
    can_delete_extra=False,
)


class ManaSpecialityForm(forms.ModelForm):
    class Meta:
        model = ManaSpeciality
        fields = ("name", "attribute")

    def __init__(
        self, *args: Any, attributes: QuerySet[ManaAttribute] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        attribute = self.fields["attribute"]
        assert isinstance(attribute, forms.ModelChoiceField)
        attribute.queryset = attributes if attributes is not None else ManaAttribute.objects.none()


ManaSpecialityFormSet = forms.inlineformset_factory(
    ManaCharacter,
    ManaSpeciality,
    form=ManaSpecialityForm,
    fields=("name", "attribute"),
    extra=1,
    can_delete=True,
    # A blank new row has nothing to delete: no Delete box beside it.
    can_delete_extra=False,
)
