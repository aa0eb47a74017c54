"""Login throttling: per account and per address, with a clear message, never for good.

django-axes counts the failures (one AccessAttempt row per account, address and browser,
with its number of failures and the time of the latest); login_throttle.py sets it up.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.db.models import Sum
from django.http import HttpRequest
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import timezone
from pytest_django.fixtures import Settings

from chargen.accounts import login_throttle
from chargen.accounts.counting import client_ip
from tests.conftest import PASSWORD

LIMIT = 5
ADDRESS_LIMIT = 30
WINDOW = 900


@pytest.fixture(autouse=True)
def _throttle_settings(settings: Settings) -> None:
    settings.LOGIN_THROTTLE_LIMIT = LIMIT
    settings.LOGIN_THROTTLE_ADDRESS_LIMIT = ADDRESS_LIMIT
    settings.LOGIN_THROTTLE_WINDOW_SECONDS = WINDOW


@dataclass(frozen=True)
class Attempt:
    client: Client
    response: Any  # the test client's response (its stub type is private)

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
        # The log-in page again: with the form's complaint, or (429) with the refusal.
        assert attempt.response.status_code in {200, 429}
        assert 'name="password"' in attempt.page
        assert not attempt.logged_in


def _failures(**lookup: object) -> int:
    return AccessAttempt.objects.filter(**lookup).aggregate(n=Sum("failures_since_start"))["n"] or 0


def _age_all_failures(seconds: int) -> None:
    """Move time by ageing the stored failures rather than by sleeping."""
    for failure in AccessAttempt.objects.all():
        failure.attempt_time -= timedelta(seconds=seconds)
        failure.save(update_fields=["attempt_time"])


def _record(username: str, ip_address: str | None, failures: int, seconds_ago: float) -> None:
    attempt = AccessAttempt.objects.create(
        username=username,
        ip_address=ip_address,
        user_agent=f"test {username} {ip_address}",
        failures_since_start=failures,
    )
    # attempt_time is set on creation (auto_now_add): move it back afterwards.
    AccessAttempt.objects.filter(pk=attempt.pk).update(
        attempt_time=timezone.now() - timedelta(seconds=seconds_ago)
    )


def test_correct_password_logs_in(player: User) -> None:
    response = _log_in("bob", PASSWORD)
    assert response.response.status_code == 302
    assert response.logged_in


def test_each_failure_is_counted_for_the_account_lower_cased(player: User) -> None:
    _fail("Bob", 2)
    assert _failures(username="bob") == 2
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"10.0.0.1"}


def test_account_is_refused_after_the_limit_even_with_the_right_password(
    player: User,
) -> None:
    # Failures from different addresses: only the account count reaches the limit.
    for number in range(LIMIT):
        _fail("bob", 1, address=f"10.0.1.{number}")
    response = _log_in("bob", PASSWORD, address="10.0.2.1")
    assert not response.logged_in
    assert "Too many failed log-ins" in response.page
    assert "wait about 15 minutes" in response.page


def test_refused_attempts_are_not_counted_so_the_refusal_cannot_be_extended(
    player: User,
) -> None:
    _fail("bob", LIMIT)
    _fail("bob", 3)
    assert _failures() == LIMIT


def test_one_below_the_limit_still_lets_the_player_in(player: User) -> None:
    _fail("bob", LIMIT - 1)
    assert _log_in("bob", PASSWORD).logged_in


def test_one_players_failures_do_not_lock_out_the_table(player: User, other_player: User) -> None:
    """Players at one table share an address: bob's five wrong passwords stop only bob."""
    _fail("bob", LIMIT, address="127.0.0.1")
    refused = _log_in("bob", PASSWORD, address="127.0.0.1")
    assert not refused.logged_in
    assert "Too many failed log-ins for this account" in refused.page
    assert _log_in("carol", PASSWORD, address="127.0.0.1").logged_in


def test_address_is_refused_after_its_own_higher_limit_across_accounts(
    player: User, other_player: User
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
    settings: Settings, player: User, other_player: User
) -> None:
    settings.LOGIN_THROTTLE_ADDRESS_LIMIT = 3
    for number in range(3):
        _fail(f"guess{number}", 1, address="10.7.7.7")
    assert not _log_in("carol", PASSWORD, address="10.7.7.7").logged_in


def test_refusal_expires_after_the_window_without_any_unlock(player: User) -> None:
    _fail("bob", LIMIT)
    assert not _log_in("bob", PASSWORD).logged_in
    _age_all_failures(WINDOW + 1)
    assert _log_in("bob", PASSWORD).logged_in


def test_wait_shrinks_as_failures_age(player: User) -> None:
    _fail("bob", LIMIT)
    _age_all_failures(WINDOW - 5 * 60)
    response = _log_in("bob", PASSWORD)
    assert "wait about 5 minutes" in response.page


def test_success_clears_the_accounts_failures(player: User) -> None:
    _fail("bob", LIMIT - 1)
    assert _log_in("bob", PASSWORD).logged_in
    assert not AccessAttempt.objects.filter(username="bob").exists()
    # So four more failures do not lock the account.
    _fail("bob", LIMIT - 1)
    assert _log_in("bob", PASSWORD).logged_in


def test_old_failures_are_pruned_when_a_new_one_is_recorded(player: User) -> None:
    _record("old", "10.0.0.5", 3, seconds_ago=2 * 24 * 3600)
    _fail("new", 1)
    assert list(AccessAttempt.objects.values_list("username", flat=True)) == ["new"]


def test_refusal_minutes_are_rounded_up_and_at_least_one(db: None) -> None:
    _record("x", None, LIMIT, seconds_ago=WINDOW - 10)
    refusal = login_throttle.login_refusal(username="x", ip_address=None)
    assert refusal is not None
    assert refusal.wait_minutes == 1
    assert "about 1 minute " in refusal.message


def test_the_message_names_the_limit_with_the_longer_wait(db: None) -> None:
    # The account's failures (from elsewhere) are older, so its wait is the shorter.
    _record("x", "10.2.2.2", LIMIT, seconds_ago=WINDOW - 60)
    for number in range(ADDRESS_LIMIT // 2):
        _record(f"y{number}", "10.1.1.1", 2, seconds_ago=60)
    refusal = login_throttle.login_refusal(username="x", ip_address="10.1.1.1")
    assert refusal is not None
    assert refusal.throttled_by == login_throttle.ThrottledBy.ADDRESS
    assert refusal.wait_minutes == 14
    assert "from this address" in refusal.message
    account_only = login_throttle.login_refusal(username="x", ip_address="10.3.3.3")
    assert account_only is not None
    assert account_only.throttled_by == login_throttle.ThrottledBy.ACCOUNT
    assert "for this account" in account_only.message


def test_address_comes_from_remote_addr_unless_a_proxy_header_is_named(
    settings: Settings, player: User
) -> None:
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.9", HTTP_X_REAL_IP="203.0.113.7")
    assert client_ip(request) == "10.0.0.9"
    settings.LOGIN_THROTTLE_CLIENT_IP_HEADER = "HTTP_X_REAL_IP"
    assert client_ip(request) == "203.0.113.7"
    # And that is the address the log-in throttle counts.
    Client(REMOTE_ADDR="10.0.0.9", HTTP_X_REAL_IP="203.0.113.7").post(
        reverse("login"), {"username": "bob", "password": "wrong-password"}
    )
    assert list(AccessAttempt.objects.values_list("ip_address", flat=True)) == ["203.0.113.7"]


def test_logging_in_to_ones_own_account_does_not_clear_the_addresss_count(
    player: User, other_player: User
) -> None:
    """Else anyone with an account could reset the address's count between guesses."""
    for number in range(ADDRESS_LIMIT - 1):
        _fail(f"guess{number % 10}", 1, address="10.6.6.6")
    assert _log_in("carol", PASSWORD, address="10.6.6.6").logged_in
    assert _failures(ip_address="10.6.6.6") == ADDRESS_LIMIT - 1
    _fail("guess-last", 1, address="10.6.6.6")
    assert not _log_in("carol", PASSWORD, address="10.6.6.6").logged_in


def test_the_refusal_is_the_sites_log_in_page_with_the_reason(player: User) -> None:
    _fail("bob", LIMIT)
    refused = _log_in("bob", PASSWORD)
    assert refused.response.status_code == 429
    assert "Skip to content" in refused.page  # the site's layout
    assert 'role="alert"' in refused.page
    assert "Forgotten your password?" in refused.page


def test_successful_log_ins_leave_no_record(player: User) -> None:
    from axes.models import AccessLog

    assert _log_in("bob", PASSWORD).logged_in
    assert not AccessLog.objects.exists()
    assert not AccessAttempt.objects.exists()


def test_the_test_clients_login_is_counted_like_the_form(player: User) -> None:
    """django-axes needs the request: the test client's login passes one explicitly."""
    client = Client()
    for _ in range(LIMIT):
        assert not client.login(request=HttpRequest(), username="bob", password="wrong")
    assert not client.login(request=HttpRequest(), username="bob", password=PASSWORD)
    _age_all_failures(WINDOW + 1)
    assert client.login(request=HttpRequest(), username="bob", password=PASSWORD)
