"""A start form's one-time key: the same "new character" form sent twice (a double-click
on Start, Back and send again) finds the character the first one made, never a second.

Each start page draws a fresh UUID in a hidden field; the character keeps it in a
`start_key` column, unique per owner. The start page is never stored, so Back draws it
afresh with a new key: static/js/chargen.js keeps the key each start form was sent with
for the tab and puts it back on a page reached by Back or Forward. The creating service
locks the owner's row first (as the creation caps do), so a second request waits for the
first and then finds its character (`already_started`).
"""

from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import models

from chargen.core.limits import lock_owner

START_KEY_INVALID = "This form's one-time key is damaged; reload the page and start again."


def start_key_field() -> forms.UUIDField:
    """The hidden field. Optional: a POST without one (a script) starts a character each
    time, as before the key; a damaged one is refused."""
    return forms.UUIDField(
        widget=forms.HiddenInput,
        required=False,
        error_messages={"invalid": START_KEY_INVALID},
    )


def fresh_start_key(form: forms.BaseForm) -> None:
    """Give an unbound start form its new key (a bound one keeps what was sent): a new
    one in every response."""
    form.fields["start_key"].initial = uuid.uuid4()


def start_key_refused_on_top(form: forms.BaseForm) -> None:
    """A hidden field's error is drawn nowhere: say it on top. Call from `clean()`."""
    if "start_key" in form.errors:
        form.add_error(None, START_KEY_INVALID)


def already_started(
    model: type[models.Model], owner: AbstractBaseUser, start_key: uuid.UUID | None
) -> Any:
    """The owner's character made from this start form, if any; inside the creating
    transaction (the owner's lock is held until it ends)."""
    if start_key is None:
        return None
    lock_owner(owner)
    return model._default_manager.filter(owner_id=owner.pk, start_key=start_key).first()
