"""Login throttling: per account and per address, with a clear message, never for good."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

import pytest
from django.contrib.auth.models import AbstractUser
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import timezone

from chargen.accounts import throttle
from chargen.accounts.models import LoginFailure
from tests.conftest import PASSWORD

LIMIT = 5
ADDRESS_LIMIT = 30
WINDOW = 900


@pytest.fixture(autouse=True)
def _throttle_settings(settings: object) -> None:
    settings.LOGIN_THROTTLE_LIMIT = LIMIT
    settings.LOGIN_THROTTLE_ADDRESS_LIMIT = ADDRESS_LIMIT
    settings.LOGIN_THROTTLE_WINDOW_SECONDS = WINDOW


@dataclass(frozen=True)
class Attempt:
    client: Client
    response: HttpResponse

    @property
    def logged_in(self) -> bool:
        return "_auth_user_id" in self.client.session

    @property
    def page(self) -> str:
        return self.response.content.decode()


def _log_in(username: str, password: str, address: str = "10.0.0.1") -> Attempt:
    client = Client(REMOTE_ADDR=address)
    response = client.post(reverse("login"), {"username": username, "password": password})
    return Attempt(client, response)


def _fail(username: str, times: int, address: str = "10.0.0.1") -> None:
    for _ in range(times):
        attempt = _log_in(username, "wrong-password", address)
        assert attempt.response.status_code == 200
        assert not attempt.logged_in


def _age_all_failures(seconds: int) -> None:
    """Move time by ageing the stored failures rather than by sleeping."""
    for failure in LoginFailure.objects.all():
        failure.timestamp -= timedelta(seconds=seconds)
        failure.save(update_fields=["timestamp"])


def test_correct_password_logs_in(player: AbstractUser) -> None:
    response = _log_in("bob", PASSWORD)
    assert response.response.status_code == 302
    assert response.logged_in


def test_each_failure_is_counted_for_the_account_lower_cased(player: AbstractUser) -> None:
    _fail("Bob", 2)
    assert LoginFailure.objects.filter(username="bob").count() == 2
    assert set(LoginFailure.objects.values_list("ip_address", flat=True)) == {"10.0.0.1"}


def test_account_is_refused_after_the_limit_even_with_the_right_password(
    player: AbstractUser,
) -> None:
    # Failures from different addresses: only the account count reaches the limit.
    for number in range(LIMIT):
        _fail("bob", 1, address=f"10.0.1.{number}")
    response = _log_in("bob", PASSWORD, address="10.0.2.1")
    assert not response.logged_in
    assert "Too many failed log-ins" in response.page
    assert "wait about 15 minutes" in response.page


def test_refused_attempts_are_not_counted_so_the_refusal_cannot_be_extended(
    player: AbstractUser,
) -> None:
    _fail("bob", LIMIT)
    _fail("bob", 3)
    assert LoginFailure.objects.count() == LIMIT


def test_one_below_the_limit_still_lets_the_player_in(player: AbstractUser) -> None:
    _fail("bob", LIMIT - 1)
    assert _log_in("bob", PASSWORD).logged_in


def test_one_players_failures_do_not_lock_out_the_table(
    player: AbstractUser, other_player: AbstractUser
) -> None:
    """Players at one table share an address: bob's five wrong passwords stop only bob."""
    _fail("bob", LIMIT, address="127.0.0.1")
    refused = _log_in("bob", PASSWORD, address="127.0.0.1")
    assert not refused.logged_in
    assert "Too many failed log-ins for this account" in refused.page
    assert _log_in("carol", PASSWORD, address="127.0.0.1").logged_in


def test_address_is_refused_after_its_own_higher_limit_across_accounts(
    player: AbstractUser, other_player: AbstractUser
) -> None:
    # Each guessed account stays below the account limit; only the address's count grows.
    for number in range(ADDRESS_LIMIT - 1):
        _fail(f"guess{number % 10}", 1, address="10.9.9.9")
    assert _log_in("carol", PASSWORD, address="10.9.9.9").logged_in
    _fail("guess-last", 1, address="10.9.9.9")
    refused = _log_in("bob", PASSWORD, address="10.9.9.9")
    assert not refused.logged_in
    assert "Too many failed log-ins from this address" in refused.page
    # The same account from another address is not affected by that address's count.
    assert _log_in("bob", PASSWORD, address="10.8.8.8").logged_in


def test_the_address_limit_is_a_setting_of_its_own(
    settings: object, player: AbstractUser, other_player: AbstractUser
) -> None:
    settings.LOGIN_THROTTLE_ADDRESS_LIMIT = 3
    for number in range(3):
        _fail(f"guess{number}", 1, address="10.7.7.7")
    assert not _log_in("carol", PASSWORD, address="10.7.7.7").logged_in


def test_refusal_expires_after_the_window_without_any_unlock(player: AbstractUser) -> None:
    _fail("bob", LIMIT)
    assert not _log_in("bob", PASSWORD).logged_in
    _age_all_failures(WINDOW + 1)
    assert _log_in("bob", PASSWORD).logged_in


def test_wait_shrinks_as_failures_age(player: AbstractUser) -> None:
    _fail("bob", LIMIT)
    _age_all_failures(WINDOW - 5 * 60)
    response = _log_in("bob", PASSWORD)
    assert "wait about 5 minutes" in response.page


def test_success_clears_the_accounts_failures(player: AbstractUser) -> None:
    _fail("bob", LIMIT - 1)
    assert _log_in("bob", PASSWORD).logged_in
    assert not LoginFailure.objects.filter(username="bob").exists()
    # So four more failures do not lock the account.
    _fail("bob", LIMIT - 1)
    assert _log_in("bob", PASSWORD).logged_in


def test_old_failures_are_pruned_when_a_new_one_is_recorded(db: None) -> None:
    LoginFailure.objects.create(
        username="old", ip_address="10.0.0.5", timestamp=timezone.now() - timedelta(days=2)
    )
    throttle.login_failure_record(username="new", ip_address="10.0.0.6")
    assert list(LoginFailure.objects.values_list("username", flat=True)) == ["new"]


def test_refusal_minutes_are_rounded_up_and_at_least_one(db: None) -> None:
    now = timezone.now()
    for _ in range(LIMIT):
        LoginFailure.objects.create(
            username="x", ip_address=None, timestamp=now - timedelta(seconds=WINDOW - 10)
        )
    refusal = throttle.login_refusal(username="X", ip_address=None, now=now)
    assert refusal is not None
    assert refusal.wait_minutes == 1
    assert "about 1 minute " in refusal.message


def test_the_message_names_the_limit_with_the_longer_wait(db: None) -> None:
    now = timezone.now()
    # The account's failures (from elsewhere) are older, so its wait is the shorter.
    for _ in range(LIMIT):
        LoginFailure.objects.create(
            username="x", ip_address="10.2.2.2", timestamp=now - timedelta(seconds=WINDOW - 60)
        )
    for number in range(ADDRESS_LIMIT):
        LoginFailure.objects.create(
            username=f"y{number}", ip_address="10.1.1.1", timestamp=now - timedelta(seconds=60)
        )
    refusal = throttle.login_refusal(username="x", ip_address="10.1.1.1", now=now)
    assert refusal is not None
    assert refusal.throttled_by == throttle.ThrottledBy.ADDRESS
    assert refusal.wait_minutes == 14
    assert "from this address" in refusal.message
    account_only = throttle.login_refusal(username="x", ip_address="10.3.3.3", now=now)
    assert account_only is not None
    assert account_only.throttled_by == throttle.ThrottledBy.ACCOUNT
    assert "for this account" in account_only.message


def test_address_comes_from_remote_addr_unless_a_proxy_header_is_named(
    settings: object,
) -> None:
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.9", HTTP_X_REAL_IP="203.0.113.7")
    assert throttle.client_ip(request) == "10.0.0.9"
    settings.LOGIN_THROTTLE_CLIENT_IP_HEADER = "HTTP_X_REAL_IP"
    assert throttle.client_ip(request) == "203.0.113.7"
