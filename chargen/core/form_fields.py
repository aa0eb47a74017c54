"""A form's fields by name, typed as what they are (a form's `fields` holds plain `Field`s).

Forms whose choices or queryset depend on the character set them in `__init__`; these
give the field its real type, so that assignment is checked instead of ignored.
"""

from __future__ import annotations

from typing import Any, cast

from django import forms


def model_choice(form: forms.BaseForm, name: str) -> forms.ModelChoiceField[Any]:
    return cast("forms.ModelChoiceField[Any]", form.fields[name])


def choice_field(form: forms.BaseForm, name: str) -> forms.ChoiceField:
    return cast("forms.ChoiceField", form.fields[name])
