"""Test helpers: edit and delete rows through the real Django admin, as a superuser would.

`admin_change` reads the change page, posts back every field (and every inline) as the
page shows it with some fields changed; `admin_delete` confirms the delete page.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.db.models import Model
from django.test import Client
from django.urls import reverse

# CSRF tokens (in forms and in the body's hx-headers) and CSP nonces differ on every render.
CSRF_TOKEN = re.compile(r"[A-Za-z0-9]{64}")
CSP_NONCE = re.compile(r'nonce="[^"]*"')


def _admin_url(instance: Model, action: str) -> str:
    opts = instance._meta
    return reverse(f"admin:{opts.app_label}_{opts.model_name}_{action}", args=[instance.pk])


def _post_value(bound: forms.BoundField) -> Any:
    value = bound.value()
    if isinstance(bound.field, forms.BooleanField):
        return "on" if value else None
    if isinstance(value, list | tuple):
        return [str(item) for item in value]
    return "" if value is None else str(value)


def _form_data(form: forms.BaseForm) -> dict[str, Any]:
    data = {}
    for name in form.fields:
        value = _post_value(form[name])
        if value is not None:
            data[form.add_prefix(name)] = value
    return data


def admin_change(client: Client, instance: Model, **changes: Any) -> None:
    """Save `instance` through its admin change form with `changes` (field name: value)."""
    url = _admin_url(instance, "change")
    page = client.get(url)
    assert page.status_code == 200
    data = _form_data(page.context["adminform"].form)
    for inline in page.context["inline_admin_formsets"]:
        formset = inline.formset
        data.update(_form_data(formset.management_form))
        for form in formset.forms:
            data.update(_form_data(form))
    for name, value in changes.items():
        data[name] = value
    response = client.post(url, data)
    errors = getattr(response, "context", None) and response.context.get("errors")
    assert response.status_code == 302, errors


def admin_delete(client: Client, instance: Model) -> None:
    """Delete `instance` through the admin's confirmation page."""
    response = client.post(_admin_url(instance, "delete"), {"post": "yes"})
    assert response.status_code == 302


def page_text(client: Client, url: str) -> str:
    """A page's HTML with the per-render tokens and nonces blanked, after checking it is
    a 200."""
    response = client.get(url)
    assert response.status_code == 200, url
    text = CSRF_TOKEN.sub("(token)", response.content.decode())
    return CSP_NONCE.sub('nonce="(nonce)"', text)
