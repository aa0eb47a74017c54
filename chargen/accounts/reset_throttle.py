"""Password-reset throttling: a few reset e-mails per address per hour, never more.

Without it, anyone could make the reset form mail a player again and again, or use it
to hammer the mail server. Requests are counted per e-mail address typed (normalised)
and per network address within a sliding window (PASSWORD_RESET_THROTTLE_WINDOW_SECONDS),
each with its own limit: a few per e-mail (PASSWORD_RESET_THROTTLE_EMAIL_LIMIT) and more
per network address (PASSWORD_RESET_THROTTLE_ADDRESS_LIMIT), since the players at one
table share one address. No maintained library does this job (django-axes throttles
log-ins only), so it is our own, in the manner of the log-in throttle:

- Every e-mail typed is counted, whether or not an account uses it, and the refusal
  reads the same either way, so the form cannot be used to learn who has an account.
- A refused request is not counted, so the refusal ends on schedule. Someone flooding
  a player's address can hold it at the limit, but then the player has just been sent
  working reset links, so they are never locked out of their account.
- Old rows are deleted whenever a request is recorded: the table stays as small as
  the window.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

from chargen.accounts.counting import minutes_in_words, seconds_until_below_limit
from chargen.accounts.models import PasswordResetRequest


class ResetThrottledBy(StrEnum):
    """Which count reached its limit: the e-mail address's or the network address's."""

    EMAIL = "email"
    ADDRESS = "address"


@dataclass(frozen=True)
class PasswordResetRefusal:
    """Why no reset e-mail is sent right now, and for roughly how long."""

    wait_minutes: int
    throttled_by: ResetThrottledBy = ResetThrottledBy.EMAIL

    @property
    def message(self) -> str:
        minutes = minutes_in_words(self.wait_minutes)
        if self.throttled_by == ResetThrottledBy.ADDRESS:
            return (
                "Too many reset requests from this network address (for any e-mail "
                f"address). Please wait about {minutes} and try again."
            )
        # Worded so that it is true whether or not an account uses the address.
        return (
            "Too many reset requests for this e-mail address: please wait about "
            f"{minutes} and try again. If an account uses this address, the links "
            "already sent to it still work (look in the spam folder too)."
        )


def normalise_email(email: str) -> str:
    """The key an e-mail address is counted under.

    The same folding Django uses when it matches a reset address to accounts
    (NFKC, then case-folded), so no spelling that reaches an account escapes its count.
    """
    return unicodedata.normalize("NFKC", (email or "").strip()).casefold()


def _window() -> timedelta:
    return timedelta(seconds=settings.PASSWORD_RESET_THROTTLE_WINDOW_SECONDS)


def password_reset_refusal(
    *, email: str, ip_address: str | None, now: datetime | None = None
) -> PasswordResetRefusal | None:
    """A refusal if this e-mail or this network address has reached its limit of requests.

    When both have, the longer wait is the one given (with the limit that causes it).
    """
    now = now or timezone.now()
    recent = PasswordResetRequest.objects.filter(timestamp__gt=now - _window())
    waits: list[tuple[float, ResetThrottledBy]] = []
    email_times = list(
        recent.filter(email=normalise_email(email)).values_list("timestamp", flat=True)
    )
    email_wait = seconds_until_below_limit(
        email_times, now, limit=settings.PASSWORD_RESET_THROTTLE_EMAIL_LIMIT, window=_window()
    )
    if email_wait is not None:
        waits.append((email_wait, ResetThrottledBy.EMAIL))
    if ip_address:
        address_times = list(
            recent.filter(ip_address=ip_address).values_list("timestamp", flat=True)
        )
        address_wait = seconds_until_below_limit(
            address_times,
            now,
            limit=settings.PASSWORD_RESET_THROTTLE_ADDRESS_LIMIT,
            window=_window(),
        )
        if address_wait is not None:
            waits.append((address_wait, ResetThrottledBy.ADDRESS))
    if not waits:
        return None
    longest, throttled_by = max(waits, key=lambda wait: wait[0])
    return PasswordResetRefusal(
        wait_minutes=max(1, math.ceil(longest / 60)), throttled_by=throttled_by
    )


def _serialise_reset_requests() -> None:
    """Make concurrent reset requests take turns between counting and recording.

    Otherwise a burst of simultaneous POSTs would each count the same rows, each find
    room under the limit, and each send an e-mail. SQLite already queues them: its
    transactions take the write lock at BEGIN (transaction_mode IMMEDIATE in settings).
    PostgreSQL needs a lock of its own: one advisory lock for all reset requests, held
    until the transaction ends. Requests are rare, so one queue costs nothing.
    """
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", ["chargen.password_reset"])


@transaction.atomic
def password_reset_request_admit(
    *, email: str, ip_address: str | None, now: datetime | None = None
) -> PasswordResetRefusal | None:
    """Count one reset request, or refuse it (uncounted) if a limit has been reached.

    Returns None when the caller may send the reset e-mail, else the refusal to show.
    """
    now = now or timezone.now()
    _serialise_reset_requests()
    refusal = password_reset_refusal(email=email, ip_address=ip_address, now=now)
    if refusal is not None:
        return refusal
    password_reset_requests_prune(now=now)
    PasswordResetRequest.objects.create(
        email=normalise_email(email), ip_address=ip_address, timestamp=now
    )
    return None


def password_reset_requests_prune(*, now: datetime | None = None) -> int:
    """Delete requests that have left the window; returns how many went."""
    now = now or timezone.now()
    deleted, _ = PasswordResetRequest.objects.filter(~Q(timestamp__gt=now - _window())).delete()
    return deleted
