"""The check behind the plain_forms tests: a page's forms, written by crispy-forms and by
chargen.core.templatetags.plain_forms, are the same HTML (whitespace and attribute order
aside), untouched and with an error at every field and one for the whole form."""

from __future__ import annotations

from typing import Any

from crispy_forms.templatetags.crispy_forms_filters import as_crispy_field, as_crispy_form
from django import forms
from django.forms.utils import ErrorDict
from django.test.html import parse_html

from chargen.core.templatetags.plain_forms import plain_field, plain_form


def page_forms(context: Any) -> list[forms.BaseForm]:
    found: dict[int, forms.BaseForm] = {}
    for layer in context:  # a ContextList: the context of every template rendered
        for value in layer.flatten().values():
            if isinstance(value, forms.BaseForm):
                found[id(value)] = value
    return list(found.values())


def _with_errors(form: forms.BaseForm) -> forms.BaseForm:
    form.errors  # noqa: B018 (an unbound form's errors: an empty ErrorDict)
    form._errors = ErrorDict()  # type: ignore[attr-defined]
    form.cleaned_data = {}
    form.add_error(None, "The whole <form> is wrong & says so.")
    for name, field in form.fields.items():
        if not field.widget.is_hidden:
            form.add_error(name, f"{name} is <wrong> & says so.")
    return form


def assert_same_html(form: forms.BaseForm) -> int:
    """Compares the form and every field; returns how many fields were compared."""
    compared = 0
    for state in ("untouched", "errors"):
        if state == "errors":
            form = _with_errors(form)
        ours = parse_html(plain_form(form))
        theirs = parse_html(as_crispy_form(form))
        assert ours == theirs, f"{type(form).__name__} ({state}):\n{ours}\n---\n{theirs}"
        for field in form:
            ours = parse_html(plain_field(field))
            theirs = parse_html(as_crispy_field(field))
            assert ours == theirs, f"{type(form).__name__}.{field.name} ({state})"
            compared += 1
    return compared
