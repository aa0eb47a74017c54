"""Why a preview form gives no answer, in the words of the field the player got wrong."""

from __future__ import annotations

from django import forms


def why_invalid(form: forms.BaseForm, fallback: str) -> str:
    """The first typed field's error ("Tool quality: ... at most 20."), else `fallback`.

    A preview that only said "choose an attribute" while the attribute was chosen and
    another field was out of range would send the player looking in the wrong place.
    Fields left empty keep the fallback, which says what to choose.
    """
    for name, messages in form.errors.items():
        if name in form.fields and form.data.get(form.add_prefix(name)) not in (None, ""):
            return f"{form.fields[name].label or name}: {messages[0]}"
    return fallback
