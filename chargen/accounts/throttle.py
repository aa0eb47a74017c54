"""Login throttling: refuse for a while after repeated failures, never for good.

Failures are counted per account (normalised username) and per address within a
sliding window (LOGIN_THROTTLE_WINDOW_SECONDS). Each count has its own limit: a few
per account (LOGIN_THROTTLE_LIMIT) and many more per address
(LOGIN_THROTTLE_ADDRESS_LIMIT), because the players at one table share one address
and one player's forgotten password must not lock out the GM. Once a count reaches
its limit, log-ins for that account or from that address are refused until enough
failures age out of the window. Nothing is ever locked permanently, so an attacker
can slow a player down but cannot lock them out, and a refused attempt is not itself
counted (the refusal ends on schedule).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from django.conf import settings
from django.db import transaction
from django.db.models import Q, QuerySet
from django.http import HttpRequest
from django.utils import timezone

from chargen.accounts.models import LoginFailure


class ThrottledBy(StrEnum):
    """Which count reached its limit: the account's or the address's."""

    ACCOUNT = "account"
    ADDRESS = "address"


@dataclass(frozen=True)
class LoginRefusal:
    """Why a log-in is refused right now, which limit applies, and for roughly how long."""

    wait_minutes: int
    throttled_by: ThrottledBy = ThrottledBy.ACCOUNT

    @property
    def message(self) -> str:
        minutes = minutes_in_words(self.wait_minutes)
        if self.throttled_by == ThrottledBy.ADDRESS:
            reason = (
                "Too many failed log-ins from this address (for any account). "
                "Everyone connecting from here must wait: "
            )
        else:
            reason = (
                "Too many failed log-ins for this account. "
                "Other accounts can still log in; for this one, "
            )
        return (
            f"{reason}please wait about {minutes} and try again. "
            "If you have forgotten your password, you can reset it."
        )


def normalise_username(username: str) -> str:
    return (username or "").strip().lower()


def client_ip(request: HttpRequest | None) -> str | None:
    """The address the request came from.

    REMOTE_ADDR by default: a forwarded header is only trusted when the deployment
    names it (LOGIN_THROTTLE_CLIENT_IP_HEADER, e.g. "HTTP_X_REAL_IP" set by the
    proxy), because a client can write any X-Forwarded-For it likes.
    """
    if request is None:
        return None
    header = getattr(settings, "LOGIN_THROTTLE_CLIENT_IP_HEADER", "")
    if header and request.META.get(header):
        return request.META[header].split(",")[0].strip() or None
    return request.META.get("REMOTE_ADDR") or None


def _window() -> timedelta:
    return timedelta(seconds=settings.LOGIN_THROTTLE_WINDOW_SECONDS)


def _recent_failures(queryset: QuerySet[LoginFailure], now: datetime) -> QuerySet[LoginFailure]:
    return queryset.filter(timestamp__gt=now - _window())


def seconds_until_below_limit(
    timestamps: list[datetime], now: datetime, *, limit: int, window: timedelta
) -> float | None:
    """Seconds until fewer than `limit` of these events remain in the window.

    Shared with the password-reset throttle (reset_throttle.py), which counts requests
    the same way over a window of its own.
    """
    if len(timestamps) < limit:
        return None
    ordered = sorted(timestamps)
    # Once this event ages out, only limit - 1 remain inside the window.
    deciding = ordered[len(ordered) - limit]
    return max((deciding + window - now).total_seconds(), 0.0)


def minutes_in_words(minutes: int) -> str:
    return "1 minute" if minutes == 1 else f"{minutes} minutes"


def login_refusal(
    *, username: str, ip_address: str | None, now: datetime | None = None
) -> LoginRefusal | None:
    """A refusal if this account or this address has reached its limit of recent failures.

    When both have, the longer wait is the one given (with the limit that causes it).
    """
    now = now or timezone.now()
    recent = _recent_failures(LoginFailure.objects.all(), now)
    waits: list[tuple[float, ThrottledBy]] = []
    account_times = list(
        recent.filter(username=normalise_username(username)).values_list("timestamp", flat=True)
    )
    account_wait = seconds_until_below_limit(
        account_times, now, limit=settings.LOGIN_THROTTLE_LIMIT, window=_window()
    )
    if account_wait is not None:
        waits.append((account_wait, ThrottledBy.ACCOUNT))
    if ip_address:
        address_times = list(
            recent.filter(ip_address=ip_address).values_list("timestamp", flat=True)
        )
        address_wait = seconds_until_below_limit(
            address_times, now, limit=settings.LOGIN_THROTTLE_ADDRESS_LIMIT, window=_window()
        )
        if address_wait is not None:
            waits.append((address_wait, ThrottledBy.ADDRESS))
    if not waits:
        return None
    longest, throttled_by = max(waits, key=lambda wait: wait[0])
    return LoginRefusal(wait_minutes=max(1, math.ceil(longest / 60)), throttled_by=throttled_by)


@transaction.atomic
def login_failure_record(*, username: str, ip_address: str | None) -> None:
    """Count one failed log-in, and drop failures too old to matter any more."""
    now = timezone.now()
    login_failures_prune(now=now)
    LoginFailure.objects.create(
        username=normalise_username(username), ip_address=ip_address, timestamp=now
    )


@transaction.atomic
def login_success_record(*, username: str) -> None:
    """A correct password clears that account's failures (not the address's)."""
    LoginFailure.objects.filter(username=normalise_username(username)).delete()


def login_failures_prune(*, now: datetime | None = None) -> int:
    """Delete failures that have left the window; returns how many went."""
    now = now or timezone.now()
    deleted, _ = LoginFailure.objects.filter(~Q(timestamp__gt=now - _window())).delete()
    return deleted
