"""A form's fields by name, typed as what they are (a form's `fields` holds plain `Field`s).

Forms whose choices or queryset depend on the character set them in `__init__`; these
give the field its real type, so that assignment is checked instead of ignored.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from django import forms
from django.db import models


def model_choice(form: forms.BaseForm, name: str) -> forms.ModelChoiceField[Any]:
    return cast("forms.ModelChoiceField[Any]", form.fields[name])


def choice_field(form: forms.BaseForm, name: str) -> forms.ChoiceField:
    return cast("forms.ChoiceField", form.fields[name])


def draw_from(form: forms.BaseForm, name: str, rows: Sequence[models.Model]) -> None:
    """Draw a model choice field's options from `rows`, which the page has already loaded
    (its queryset's rows, in its order), instead of querying them again.

    A ModelChoiceField runs its queryset every time it is drawn, and the roller sheets
    draw the same attributes and specialities in several forms (up to 23
    queries a page). Only drawing changes: a posted value is still checked against the
    field's queryset, in the database.
    """
    field = model_choice(form, name)
    options: list[tuple[object, str]] = [(row.pk, field.label_from_instance(row)) for row in rows]
    if field.empty_label is not None:
        options.insert(0, ("", str(field.empty_label)))
    field.widget.choices = options


class ChosenRowField(forms.ModelChoiceField):
    """A ModelChoiceField whose every wrong value is its own "invalid_choice" message.

    Django answers a value its primary key cannot parse (a malformed UUID) with the key
    field's message, which quotes the value back ("“x…x” is not a valid UUID."): a
    player who sent no such value reads noise, however long it was."""

    def to_python(self, value: Any) -> Any:
        try:
            return super().to_python(value)
        except forms.ValidationError as error:
            if error.code == "invalid_choice":
                raise
            raise forms.ValidationError(
                self.error_messages["invalid_choice"], code="invalid_choice"
            ) from error
