"""Sign-up: username, e-mail, password twice, Django's four validators; then log in."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractUser
from django.test import Client
from django.urls import reverse

GOOD_PASSWORD = "trellis-quasar-ninety-1"


def _sign_up(client: Client, **overrides: str) -> object:
    data = {
        "username": "erin",
        "email": "erin@example.org",
        "password1": GOOD_PASSWORD,
        "password2": GOOD_PASSWORD,
    }
    data.update(overrides)
    return client.post(reverse("accounts:signup"), data)


def test_sign_up_creates_the_account_and_sends_to_log_in(client: Client, db: None) -> None:
    response = _sign_up(client)
    assert response.status_code == 302
    assert response["Location"] == reverse("login")
    user = get_user_model().objects.get(username="erin")
    assert user.email == "erin@example.org"
    assert user.check_password(GOOD_PASSWORD)
    login = client.post(reverse("login"), {"username": "erin", "password": GOOD_PASSWORD})
    assert login.status_code == 302
    assert client.session["_auth_user_id"] == str(user.pk)


def test_sign_up_keeps_where_the_visitor_was_going(client: Client, db: None) -> None:
    target = "/campaigns/join/abc/"
    response = client.post(
        f"{reverse('accounts:signup')}?next={target}",
        {
            "username": "erin",
            "email": "erin@example.org",
            "password1": GOOD_PASSWORD,
            "password2": GOOD_PASSWORD,
            "next": target,
        },
    )
    assert response["Location"] == f"{reverse('login')}?next=%2Fcampaigns%2Fjoin%2Fabc%2F"


def test_sign_up_ignores_an_offsite_next(client: Client, db: None) -> None:
    response = _sign_up(client, next="https://evil.example/")
    assert response["Location"] == reverse("login")


@pytest.mark.parametrize(
    ("password", "complaint"),
    [
        ("short1", "too short"),
        ("password123", "too common"),
        ("83749218374", "entirely numeric"),
        ("erin@example.org", "too similar"),
    ],
)
def test_all_four_password_validators_apply(
    client: Client, db: None, password: str, complaint: str
) -> None:
    response = _sign_up(client, password1=password, password2=password)
    assert response.status_code == 200
    assert complaint in response.content.decode()
    assert not get_user_model().objects.filter(username="erin").exists()


def test_passwords_must_match(client: Client, db: None) -> None:
    response = _sign_up(client, password2=GOOD_PASSWORD + "x")
    assert response.status_code == 200
    assert "didn’t match" in response.content.decode()


def test_e_mail_is_required_and_unique(client: Client, player: AbstractUser) -> None:
    assert "This field is required" in _sign_up(client, email="").content.decode()
    duplicate = _sign_up(client, email="BOB@example.org")
    assert "already uses this e-mail" in duplicate.content.decode()
    assert not get_user_model().objects.filter(username="erin").exists()


def test_logged_in_user_is_sent_home_from_sign_up(player_client: Client) -> None:
    response = player_client.get(reverse("accounts:signup"))
    assert response["Location"] == reverse("home")


def test_log_out_is_a_post(player_client: Client) -> None:
    assert player_client.get(reverse("logout")).status_code == 405
    response = player_client.post(reverse("logout"))
    assert response.status_code == 302
    assert "_auth_user_id" not in player_client.session


def test_password_change_needs_the_old_password(player_client: Client) -> None:
    response = player_client.post(
        reverse("password_change"),
        {
            "old_password": "not-it",
            "new_password1": GOOD_PASSWORD,
            "new_password2": GOOD_PASSWORD,
        },
    )
    assert response.status_code == 200
    assert "Your old password was entered incorrectly" in response.content.decode()
