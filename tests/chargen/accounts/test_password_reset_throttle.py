"""Password-reset throttling: per e-mail and per address, the same for every address typed."""

from __future__ import annotations

import html
import re
import threading
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.db import connection
from django.test import Client
from django.urls import resolve, reverse
from django.utils import timezone
from pytest_django.fixtures import Settings

from chargen.accounts import reset_throttle
from chargen.accounts.models import PasswordResetRequest
from chargen.accounts.views import ThrottledPasswordResetView

EMAIL_LIMIT = 3
ADDRESS_LIMIT = 20
WINDOW = 3600


@pytest.fixture(autouse=True)
def _throttle_settings(settings: Settings) -> None:
    settings.PASSWORD_RESET_THROTTLE_EMAIL_LIMIT = EMAIL_LIMIT
    settings.PASSWORD_RESET_THROTTLE_ADDRESS_LIMIT = ADDRESS_LIMIT
    settings.PASSWORD_RESET_THROTTLE_WINDOW_SECONDS = WINDOW


@dataclass(frozen=True)
class Request:
    response: Any  # the test client's response (its stub type is private)

    @property
    def sent_on(self) -> bool:
        """Django's "check your inbox" page, shown whether or not an account matched."""
        return self.response.status_code == 302 and self.response["Location"] == reverse(
            "password_reset_done"
        )

    @property
    def page(self) -> str:
        return html.unescape(self.response.content.decode())

    @property
    def errors(self) -> list[str]:
        """The form's non-field errors: what the refusal says, without the address typed."""
        return [str(error) for error in self.response.context["form"].non_field_errors()]

    def page_without(self, email: str) -> str:
        """The page with the address typed, the per-client CSRF tokens and the
        per-response CSP nonce blanked out."""
        page = self.page.replace(email, "EMAIL")
        page = re.sub(r'nonce="[^"]*"', 'nonce="NONCE"', page)
        return re.sub(r"\b[A-Za-z0-9]{64}\b", "CSRF-TOKEN", page)


def _ask(email: str, address: str = "10.0.0.1") -> Request:
    client = Client(REMOTE_ADDR=address)
    return Request(client.post(reverse("password_reset"), {"email": email}))


def _age_all_requests(seconds: int) -> None:
    """Move time by ageing the stored requests rather than by sleeping."""
    for request in PasswordResetRequest.objects.all():
        request.timestamp -= timedelta(seconds=seconds)
        request.save(update_fields=["timestamp"])


def test_the_reset_address_is_answered_by_the_throttled_view() -> None:
    assert reverse("password_reset") == "/accounts/password_reset/"
    view = resolve("/accounts/password_reset/").func
    assert getattr(view, "view_class", None) is ThrottledPasswordResetView


def test_mails_are_sent_up_to_the_limit_then_refused_without_a_mail(
    player: User,
) -> None:
    for number in range(1, EMAIL_LIMIT + 1):
        assert _ask("bob@example.org").sent_on
        assert len(mail.outbox) == number
    refused = _ask("bob@example.org")
    assert refused.response.status_code == 200
    assert not refused.sent_on
    assert len(mail.outbox) == EMAIL_LIMIT
    assert "Too many reset requests for this e-mail address" in refused.page
    assert "please wait about 60 minutes" in refused.page
    # The form is shown again, ready for when the wait is over.
    assert 'name="email"' in refused.page


def test_refused_requests_are_not_counted_so_the_refusal_cannot_be_extended(
    player: User,
) -> None:
    for _ in range(EMAIL_LIMIT + 4):
        _ask("bob@example.org")
    assert PasswordResetRequest.objects.count() == EMAIL_LIMIT
    assert len(mail.outbox) == EMAIL_LIMIT


def test_spelling_the_email_differently_counts_against_the_same_address(
    player: User,
) -> None:
    for spelling in ("bob@example.org", "Bob@Example.org", " BOB@EXAMPLE.ORG "):
        assert _ask(spelling).sent_on
    assert set(PasswordResetRequest.objects.values_list("email", flat=True)) == {"bob@example.org"}
    assert not _ask("bOb@example.ORG").sent_on
    assert len(mail.outbox) == EMAIL_LIMIT


def test_an_unknown_email_is_counted_and_refused_exactly_like_a_known_one(
    player: User,
) -> None:
    """No enumeration: the count, the pages and the refusal do not depend on an account."""
    for _ in range(EMAIL_LIMIT):
        assert _ask("bob@example.org").sent_on
        assert _ask("nobody@example.org").sent_on
    assert PasswordResetRequest.objects.filter(email="nobody@example.org").count() == EMAIL_LIMIT
    assert [message.to for message in mail.outbox] == [["bob@example.org"]] * EMAIL_LIMIT

    known = _ask("bob@example.org")
    unknown = _ask("nobody@example.org")
    assert known.response.status_code == unknown.response.status_code == 200
    assert known.errors == unknown.errors
    assert known.errors[0].startswith("Too many reset requests for this e-mail address")
    assert known.page_without("bob@example.org") == unknown.page_without("nobody@example.org")
    assert len(mail.outbox) == EMAIL_LIMIT


def test_one_emails_limit_does_not_stop_another_email(player: User, other_player: User) -> None:
    for _ in range(EMAIL_LIMIT):
        _ask("bob@example.org")
    assert not _ask("bob@example.org").sent_on
    assert _ask("carol@example.org").sent_on
    assert mail.outbox[-1].to == ["carol@example.org"]


def test_address_is_refused_after_its_own_limit_across_different_emails(
    player: User,
) -> None:
    # Each e-mail is asked for once: only the address's count grows.
    for number in range(ADDRESS_LIMIT):
        assert _ask(f"guess{number}@example.org", address="10.9.9.9").sent_on
    refused = _ask("bob@example.org", address="10.9.9.9")
    assert not refused.sent_on
    assert mail.outbox == []
    assert "Too many reset requests from this network address" in refused.page
    assert "wait about 60 minutes" in refused.page
    # The same e-mail from another address is not affected by that address's count.
    assert _ask("bob@example.org", address="10.8.8.8").sent_on
    assert [message.to for message in mail.outbox] == [["bob@example.org"]]


def test_the_limits_are_settings(settings: Settings, player: User) -> None:
    settings.PASSWORD_RESET_THROTTLE_EMAIL_LIMIT = 1
    assert _ask("bob@example.org").sent_on
    assert not _ask("bob@example.org").sent_on
    settings.PASSWORD_RESET_THROTTLE_ADDRESS_LIMIT = 2
    assert _ask("someone@example.org").sent_on
    refused = _ask("anyone@example.org")
    assert "from this network address" in refused.page


def test_refusal_expires_after_the_window_and_old_requests_are_pruned(
    player: User,
) -> None:
    for _ in range(EMAIL_LIMIT):
        _ask("bob@example.org")
    assert not _ask("bob@example.org").sent_on
    _age_all_requests(WINDOW + 1)
    assert _ask("bob@example.org").sent_on
    assert len(mail.outbox) == EMAIL_LIMIT + 1
    # Recording the new request deleted the ones that had left the window.
    assert PasswordResetRequest.objects.count() == 1


def test_wait_shrinks_as_requests_age(player: User) -> None:
    for _ in range(EMAIL_LIMIT):
        _ask("bob@example.org")
    _age_all_requests(WINDOW - 5 * 60)
    assert "please wait about 5 minutes" in _ask("bob@example.org").page


def test_the_window_is_a_sliding_one(db: None) -> None:
    """Passing `now`: the refusal lasts until the oldest counted request leaves the window."""
    start = timezone.now()
    for minute in range(EMAIL_LIMIT):
        admitted = reset_throttle.password_reset_request_admit(
            email="x@example.org", ip_address=None, now=start + timedelta(minutes=minute)
        )
        assert admitted is None
    refusal = reset_throttle.password_reset_request_admit(
        email="x@example.org", ip_address=None, now=start + timedelta(minutes=30)
    )
    assert refusal is not None
    assert refusal.wait_minutes == 30
    assert "please wait about 30 minutes and try again." in refusal.message
    # Just after the first request leaves the window there is room for one more, not three.
    after_first = start + timedelta(seconds=WINDOW + 1)
    assert (
        reset_throttle.password_reset_request_admit(
            email="x@example.org", ip_address=None, now=after_first
        )
        is None
    )
    assert (
        reset_throttle.password_reset_request_admit(
            email="x@example.org", ip_address=None, now=after_first
        )
        is not None
    )


def test_the_configured_client_address_header_is_the_address_counted(
    settings: Settings, player: User
) -> None:
    settings.LOGIN_THROTTLE_CLIENT_IP_HEADER = "HTTP_X_REAL_IP"
    client = Client(REMOTE_ADDR="127.0.0.1", HTTP_X_REAL_IP="203.0.113.7")
    client.post(reverse("password_reset"), {"email": "bob@example.org"})
    assert PasswordResetRequest.objects.get().ip_address == "203.0.113.7"


def test_an_invalid_email_is_not_counted(db: None) -> None:
    response = _ask("not an e-mail").response
    assert response.status_code == 200
    assert PasswordResetRequest.objects.count() == 0


@pytest.mark.django_db(transaction=True)
def test_simultaneous_requests_cannot_get_past_the_limit() -> None:
    """A burst of parallel requests for one e-mail: each in its own thread and connection."""
    attempts = EMAIL_LIMIT * 3
    start_together = threading.Barrier(attempts)
    outcomes: list[reset_throttle.PasswordResetRefusal | None] = []
    errors: list[BaseException] = []

    def ask() -> None:
        try:
            start_together.wait(timeout=10)
            outcomes.append(
                reset_throttle.password_reset_request_admit(
                    email="bob@example.org", ip_address="10.0.0.1"
                )
            )
        except BaseException as error:  # handed back to the test thread
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=ask) for _ in range(attempts)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert errors == []
    assert len(outcomes) == attempts
    assert sum(outcome is None for outcome in outcomes) == EMAIL_LIMIT
    assert PasswordResetRequest.objects.count() == EMAIL_LIMIT


def test_refusal_names_no_account_and_no_address() -> None:
    for by in reset_throttle.ResetThrottledBy:
        message = reset_throttle.PasswordResetRefusal(wait_minutes=1, throttled_by=by).message
        assert "about 1 minute " in message
        assert not re.search(r"\S+@\S+", message)
