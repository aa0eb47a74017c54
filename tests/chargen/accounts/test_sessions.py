"""Without Redis, sessions live in the database alone (Django's `db` engine) and name
Django's ModelBackend: logging in gives the session a new key (against session
fixation), and logging out ends it for every browser that holds its cookie.
test_cached_sessions.py asks the same of sessions read through Redis."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def signed_in(client: Client) -> bool:
    return "Signed in as" in client.get(reverse("home")).content.decode()


def test_logging_in_names_django_s_backend_under_a_new_key(player: User) -> None:
    client = Client()
    session = client.session
    session["planted"] = True
    session.save()
    planted = client.cookies["sessionid"].value

    answer = client.post(reverse("login"), {"username": "bob", "password": PASSWORD})
    assert answer.status_code == 302
    key = client.cookies["sessionid"].value
    assert key != planted
    assert not Session.objects.filter(session_key=planted).exists()
    backend = Session.objects.get(session_key=key).get_decoded()["_auth_user_backend"]
    assert backend == "django.contrib.auth.backends.ModelBackend"
    assert signed_in(client)


def test_signing_up_logs_in_through_django_s_backend(db: None) -> None:
    client = Client()
    client.post(
        reverse("accounts:signup"),
        {
            "username": "erin",
            "email": "erin@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    session = Session.objects.get(session_key=client.cookies["sessionid"].value)
    assert session.get_decoded()["_auth_user_backend"] == (
        "django.contrib.auth.backends.ModelBackend"
    )
    assert signed_in(client)


def test_logging_out_ends_the_session_for_every_browser(player: User) -> None:
    client = Client()
    client.force_login(player)
    key = client.cookies["sessionid"].value
    second_browser = Client()
    second_browser.cookies["sessionid"] = key
    assert signed_in(second_browser)

    client.post(reverse("logout"))
    assert not Session.objects.filter(session_key=key).exists()
    assert not signed_in(second_browser)
    assert not signed_in(client)
