"""Passwords as production stores them (chargen/settings.py PASSWORD_HASHERS): a new
account's with Argon2id; an account made while PBKDF2 was the first hasher still logs in
with its password, which is then stored again with Argon2.

The rest of the suite hashes with MD5 for speed (tests/conftest.py): these tests put
production's list back."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.test import Client, override_settings
from django.urls import reverse

from chargen import settings as production

PASSWORD = "trellis-quasar-ninety-1"

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _production_hashers() -> Iterator[None]:
    with override_settings(PASSWORD_HASHERS=production.PASSWORD_HASHERS):
        yield


def test_a_new_account_stores_its_password_with_argon2id(client: Client) -> None:
    answer = client.post(
        reverse("accounts:signup"),
        {
            "username": "erin",
            "email": "erin@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert answer.status_code == 302
    stored = get_user_model().objects.get(username="erin").password
    assert stored.startswith("argon2$argon2id$"), stored
    assert PASSWORD not in stored


def test_an_account_made_under_pbkdf2_logs_in_and_is_stored_again_with_argon2(
    client: Client,
) -> None:
    erin = get_user_model().objects.create(
        username="erin",
        email="erin@example.org",
        # As the code before stored it: Django's default hasher then.
        password=make_password(PASSWORD, hasher="pbkdf2_sha256"),
    )
    assert erin.password.startswith("pbkdf2_sha256$")
    wrong = client.post(reverse("login"), {"username": "erin", "password": PASSWORD + "x"})
    assert wrong.status_code == 200  # refused, and nothing stored again
    erin.refresh_from_db()
    assert erin.password.startswith("pbkdf2_sha256$")

    answer = client.post(reverse("login"), {"username": "erin", "password": PASSWORD})
    assert answer.status_code == 302
    assert client.session["_auth_user_id"] == str(erin.pk)
    erin.refresh_from_db()
    assert erin.password.startswith("argon2$argon2id$"), erin.password
    again = Client()  # and the password stored again logs in as before
    assert (
        again.post(reverse("login"), {"username": "erin", "password": PASSWORD}).status_code == 302
    )
