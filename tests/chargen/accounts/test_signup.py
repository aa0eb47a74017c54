"""Sign-up: username, e-mail, password twice, Django's four validators; logged in at once."""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractUser
from django.contrib.messages import get_messages
from django.core import mail
from django.test import Client
from django.urls import reverse

from chargen.accounts.views import LOGGED_OUT

CaptureCallbacks = Callable[..., AbstractContextManager[object]]

GOOD_PASSWORD = "trellis-quasar-ninety-1"


def _sign_up(client: Client, **overrides: str) -> Any:
    data = {
        "username": "erin",
        "email": "erin@example.org",
        "password1": GOOD_PASSWORD,
        "password2": GOOD_PASSWORD,
    }
    data.update(overrides)
    return client.post(reverse("accounts:signup"), data)


def test_sign_up_creates_the_account_and_logs_it_in(client: Client, db: None) -> None:
    response = _sign_up(client)
    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    user = get_user_model().objects.get(username="erin")
    assert user.email == "erin@example.org"
    assert user.check_password(GOOD_PASSWORD)
    assert client.session["_auth_user_id"] == str(user.pk)
    # The password chosen also logs in later.
    again = Client()
    login = again.post(reverse("login"), {"username": "erin", "password": GOOD_PASSWORD})
    assert login.status_code == 302
    assert again.session["_auth_user_id"] == str(user.pk)


def test_sign_up_returns_where_the_visitor_was_going(client: Client, db: None) -> None:
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
    assert response["Location"] == target
    assert "_auth_user_id" in client.session


@pytest.mark.parametrize(
    "offsite",
    [
        "https://evil.example/",
        "//evil.example/campaigns/",
        "http://evil.example/",
        "javascript:alert(1)",
        "/\\evil.example/",
    ],
)
def test_sign_up_refuses_an_offsite_next(client: Client, db: None, offsite: str) -> None:
    response = client.post(
        f"{reverse('accounts:signup')}?next={offsite}",
        {
            "username": "erin",
            "email": "erin@example.org",
            "password1": GOOD_PASSWORD,
            "password2": GOOD_PASSWORD,
            "next": offsite,
        },
    )
    assert response["Location"] == reverse("home")


def test_the_sign_up_form_carries_only_a_safe_next(client: Client, db: None) -> None:
    page = client.get(f"{reverse('accounts:signup')}?next=https://evil.example/").content
    assert b"evil.example" not in page
    page = client.get(f"{reverse('accounts:signup')}?next=/campaigns/join/abc/").content
    assert b'name="next" value="/campaigns/join/abc/"' in page


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


def _autofocused(page: str) -> list[str]:
    """The names of the page's fields that take the focus when it loads."""
    tags = re.findall(r"<input\b[^>]*>", page)
    return [
        re.findall(r'\bname="([^"]+)"', tag)[0] for tag in tags if re.search(r"\sautofocus\b", tag)
    ]


def test_a_blank_sign_up_page_focuses_the_username(client: Client, db: None) -> None:
    assert _autofocused(client.get(reverse("accounts:signup")).content.decode()) == ["username"]


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"password2": GOOD_PASSWORD + "x"}, "password2"),
        ({"email": ""}, "email"),
        ({"username": "", "password2": GOOD_PASSWORD + "x"}, "username"),
    ],
)
def test_a_refused_sign_up_focuses_the_first_field_in_error(
    client: Client, db: None, overrides: dict[str, str], field: str
) -> None:
    assert _autofocused(_sign_up(client, **overrides).content.decode()) == [field]


def test_e_mail_is_required(client: Client, db: None) -> None:
    assert "This field is required" in _sign_up(client, email="").content.decode()
    assert not get_user_model().objects.filter(username="erin").exists()


def _answer(client: Client, **overrides: str) -> tuple[int, str, list[str]]:
    """What the visitor sees: the status, where they are sent, and the page's messages."""
    response = _sign_up(client, **overrides)
    messages = [str(message) for message in get_messages(response.wsgi_request)]
    return response.status_code, response.get("Location", ""), messages


def test_a_known_e_mail_gets_the_same_answer_as_a_new_one(
    client: Client,
    player: AbstractUser,
    django_capture_on_commit_callbacks: CaptureCallbacks,
) -> None:
    """Sign-up says nothing about who has an account: the owner of a known address is
    e-mailed instead, as the password reset does."""
    with django_capture_on_commit_callbacks(execute=True):
        known = _answer(client, email="BOB@example.org")
    # An account is made and logged in, as for a new address, but without the address.
    made = get_user_model().objects.get(username="erin")
    assert made.email == ""
    assert client.session["_auth_user_id"] == str(made.pk)
    assert get_user_model().objects.filter(email__iexact="bob@example.org").count() == 1
    player.refresh_from_db()
    assert player.email == "bob@example.org"
    [note] = mail.outbox
    assert note.to == ["bob@example.org"]
    assert "already belongs to your account bob" in note.body
    assert "erin was made without this address" in note.body
    assert reverse("password_reset") in note.body

    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        new = _answer(Client(), username="frank", email="frank@example.org")
    assert get_user_model().objects.filter(username="frank", email="frank@example.org").exists()
    [welcome] = mail.outbox
    assert welcome.to == ["frank@example.org"]
    assert "frank" in welcome.body

    def typed(
        answer: tuple[int, str, list[str]], username: str, email: str
    ) -> tuple[int, str, list[str]]:
        status, location, messages = answer
        return (
            status,
            location,
            [text.replace(email, "<typed>").replace(username, "<name>") for text in messages],
        )

    assert typed(known, "erin", "BOB@example.org") == typed(new, "frank", "frank@example.org")


def test_a_taken_username_is_still_refused_at_the_field(
    client: Client, player: AbstractUser
) -> None:
    # Usernames are chosen and shown to fellow players; e-mail addresses are private.
    response = _sign_up(client, username="bob", email="someone@example.org")
    assert response.status_code == 200
    assert "A user with that username already exists" in response.content.decode()


def test_logged_in_user_is_sent_home_from_sign_up(player_client: Client) -> None:
    response = player_client.get(reverse("accounts:signup"))
    assert response["Location"] == reverse("home")


def test_log_out_is_a_post(player_client: Client) -> None:
    assert player_client.get(reverse("logout")).status_code == 405
    response = player_client.post(reverse("logout"))
    assert response.status_code == 302
    assert "_auth_user_id" not in player_client.session


def test_log_out_empties_the_browsers_cache(player_client: Client) -> None:
    """Sheets are kept by the browser to be revalidated (private, no-cache): on a shared
    computer, Back after logging out must not find them there."""
    response = player_client.post(reverse("logout"))
    assert response.headers["Clear-Site-Data"] == '"cache"'


def test_log_out_says_so_on_the_page_it_lands_on_once(player_client: Client) -> None:
    response = player_client.post(reverse("logout"))
    landed = player_client.get(response["Location"]).content.decode()
    assert landed.count(LOGGED_OUT) == 1
    assert 'href="/accounts/login/' in landed  # logged out indeed: the page offers a log-in
    assert LOGGED_OUT not in player_client.get(response["Location"]).content.decode()


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
