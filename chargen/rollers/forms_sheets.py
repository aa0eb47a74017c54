"""Editing a roller sheet: its main form and its formsets, saved together."""

from __future__ import annotations

from typing import Any

from django import forms

from chargen.rollers.forms import (
    ManaAttributeFormSet,
    ManaCharacterForm,
    ManaColourFormSet,
    ManaSpecialityFormSet,
    UniqueAttributeFormSet,
    UniqueCharacterForm,
    UniqueSpecialFormSet,
)
from chargen.rollers.models import (
    ManaCharacter,
    UniqueCharacter,
)

# --- Editing a sheet: the main form and its formsets together ------------------------------------


class SheetForms:
    """A sheet's ModelForm and its inline formsets, validated and saved as one."""

    # Any: each formset is of its own row model and form (a formset type is invariant).
    def __init__(self, main: forms.ModelForm[Any], **formsets: Any) -> None:
        self.main = main
        self.formsets: dict[str, forms.BaseInlineFormSet[Any, Any, Any]] = formsets

    def __getitem__(self, name: str) -> forms.BaseInlineFormSet[Any, Any, Any]:
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
