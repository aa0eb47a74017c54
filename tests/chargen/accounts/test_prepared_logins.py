"""A logged-in request reads its session and its user (chargen/accounts/sessions.py,
backends.py): the same user, and nobody for an expired session, a deleted or inactive
user, or a key that names nothing; logging out still ends the session."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from chargen.accounts.backends import ModelBackend
from chargen.accounts.sessions import SessionStore
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged_in(player: User) -> Client:
    client = Client()
    client.force_login(player)
    return client


def _name_on_home(client: Client) -> bool:
    return "Signed in as" in client.get(reverse("home")).content.decode()


def test_an_expired_session_is_nobody(logged_in: Client) -> None:
    assert _name_on_home(logged_in)
    Session.objects.update(expire_date=timezone.now() - timedelta(seconds=1))
    assert not _name_on_home(logged_in)


def test_a_user_deleted_or_made_inactive_is_nobody(logged_in: Client, player: User) -> None:
    User.objects.filter(pk=player.pk).update(is_active=False)
    assert not _name_on_home(logged_in)
    User.objects.filter(pk=player.pk).update(is_active=True)
    assert _name_on_home(logged_in)
    assert ModelBackend().get_user(player.pk + 1000) is None
    assert ModelBackend().get_user(None) is None


def test_a_key_that_names_no_session_loads_nothing() -> None:
    store = SessionStore("x" * 32)
    assert store.load() == {}
    assert store.session_key is None


def test_logging_out_ends_the_session(logged_in: Client) -> None:
    logged_in.post(reverse("logout"))
    assert not Session.objects.exists()
    assert not _name_on_home(logged_in)


def test_logging_in_names_chargen_s_backend(player: User) -> None:
    client = Client()
    client.post(reverse("login"), {"username": "bob", "password": PASSWORD})
    session = Session.objects.get()
    assert session.get_decoded()["_auth_user_backend"] == "chargen.accounts.backends.ModelBackend"
