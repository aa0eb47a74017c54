"""Log-in throttling without loopholes, the admin for staff only, redirects kept on site,
and the demo accounts' passwords never printed when DEBUG is off."""

from __future__ import annotations

from io import StringIO

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db.models import Sum
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from tests.conftest import PASSWORD

LIMIT = 5
EVIL = (
    "https://evil.example/",
    "//evil.example/",
    "/\\evil.example/",
    "\\\\evil.example",
    "https:evil.example",
    " https://evil.example/",
    "javascript:alert(1)",
    "http://testserver@evil.example/",
)


@pytest.fixture(autouse=True)
def _throttle_settings(settings: Settings) -> None:
    settings.LOGIN_THROTTLE_LIMIT = LIMIT
    settings.LOGIN_THROTTLE_WINDOW_SECONDS = 900


def _failures(username: str) -> int:
    attempts = AccessAttempt.objects.filter(username=username)
    return attempts.aggregate(n=Sum("failures_since_start"))["n"] or 0


def _logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def _attempt(url: str, username: str, password: str, address: str) -> Client:
    client = Client(REMOTE_ADDR=address)
    client.post(url, {"username": username, "password": password})
    return client


# --- Throttling ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "variants",
    [
        ("bob", "Bob", "BOB", "bOb", "boB"),
        ("bob ", " bob", "\tbob", "bob\n", " BOB "),
        ("ｂｏｂ", "ＢＯＢ", "bob", "ｂob", "Ｂob"),  # full-width letters fold to ASCII (NFKC)
    ],
    ids=["case", "whitespace", "full-width"],
)
def test_spelling_the_username_differently_does_not_reset_the_count(
    player: User, variants: tuple[str, ...]
) -> None:
    # Each guess from its own address: only the account's count can reach the limit.
    for number, variant in enumerate(variants):
        _attempt(reverse("login"), variant, "wrong-password", f"10.0.1.{number}")
    assert _failures("bob") == LIMIT
    assert not _logged_in(_attempt(reverse("login"), "bob", PASSWORD, "10.0.2.1"))


@pytest.fixture
def staff(player: User) -> User:
    player.is_staff = True
    player.save(update_fields=["is_staff"])
    return player


def test_the_admin_log_in_counts_failures_too(staff: User) -> None:
    """The admin's own log-in form was a way round the throttle for staff accounts."""
    admin_login = reverse("admin:login")
    for number in range(LIMIT):
        _attempt(admin_login, "Bob", "wrong-password", f"10.0.1.{number}")
    assert _failures("bob") == LIMIT
    refused = _attempt(admin_login, "bob", PASSWORD, "10.0.2.1")
    assert not _logged_in(refused)
    assert not _logged_in(_attempt(reverse("login"), "bob", PASSWORD, "10.0.2.2"))


def test_failures_on_the_site_also_close_the_admin(staff: User) -> None:
    for number in range(LIMIT):
        _attempt(reverse("login"), "bob", "wrong-password", f"10.0.1.{number}")
    assert not _logged_in(_attempt(reverse("admin:login"), "bob", PASSWORD, "10.0.2.1"))


def test_the_admin_log_in_still_works(staff: User) -> None:
    client = _attempt(reverse("admin:login"), "bob", PASSWORD, "10.0.2.1")
    assert _logged_in(client)
    assert client.get(reverse("admin:index")).status_code == 200


def test_the_admin_refuses_a_player_with_the_right_password(player: User) -> None:
    """A player's correct password is not a failure, but it does not open the admin."""
    client = _attempt(reverse("admin:login"), "bob", PASSWORD, "10.0.2.1")
    assert not _logged_in(client)
    assert not AccessAttempt.objects.exists()


# --- The admin is for staff only --------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "admin:index",
        "admin:characters_character_changelist",
        "admin:campaigns_campaign_changelist",
        "admin:auth_user_changelist",
    ],
)
def test_the_admin_is_closed_to_players_and_visitors(
    url: str, player_client: Client, client: Client
) -> None:
    for who in (player_client, client):
        response = who.get(reverse(url))
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("admin:login"))


# --- Redirects stay on this site ---------------------------------------------------------


@pytest.mark.parametrize("target", EVIL)
def test_log_in_never_sends_anyone_off_site(player: User, target: str) -> None:
    client = Client()
    page = client.get(reverse("login"), {"next": target}).content.decode()
    assert "evil.example" not in page
    assert "javascript:" not in page
    response = client.post(
        reverse("login"), {"username": "bob", "password": PASSWORD, "next": target}
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("home")


@pytest.mark.parametrize("target", EVIL)
def test_sign_up_never_carries_an_off_site_next(client: Client, db: None, target: str) -> None:
    page = client.get(reverse("accounts:signup"), {"next": target}).content.decode()
    assert "evil.example" not in page
    assert "javascript" not in page
    response = client.post(
        reverse("accounts:signup") + "?next=" + target,
        {
            "username": "erin",
            "email": "erin@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("home")  # signed up, signed in, kept on site


@pytest.mark.parametrize("target", EVIL)
def test_log_out_never_sends_anyone_off_site(player_client: Client, target: str) -> None:
    response = player_client.post(reverse("logout"), {"next": target})
    assert response.status_code == 302
    assert response["Location"] == reverse("home")


def test_an_on_site_next_is_kept(player: User) -> None:
    """The redirect checks must not throw away a legitimate destination."""
    destination = reverse("campaigns:list")
    response = Client().post(
        reverse("login"), {"username": "bob", "password": PASSWORD, "next": destination}
    )
    assert response["Location"] == destination


# --- Demo accounts ----------------------------------------------------------------------


@pytest.mark.parametrize("debug", [False, True])
def test_demo_passwords_are_printed_only_with_debug_on(
    db: None, settings: Settings, debug: bool
) -> None:
    settings.DEBUG = debug
    out, err = StringIO(), StringIO()
    call_command("create_demo_data", stdout=out, stderr=err)
    words = (out.getvalue() + err.getvalue()).split()
    users = get_user_model().objects.filter(username__in=["gm", "player1", "player2"])
    assert users.count() == 3
    # Every word printed is tried as each demo account's password.
    printed = {user.username for user in users for word in words if user.check_password(word)}
    assert printed == ({"gm", "player1", "player2"} if debug else set())
