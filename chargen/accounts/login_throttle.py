"""Log-in throttling by django-axes, set up for Chargen's promises.

Axes counts failed log-ins (from every form that authenticates: the site's and the
admin's) and refuses further tries for a while. It keeps the promises README makes:

- per account and per address: AXES_LOCKOUT_PARAMETERS is ["username", "ip_address"];
- a cool-off, never a permanent lock (AXES_COOLOFF_TIME, LOGIN_THROTTLE_WINDOW_SECONDS);
- a refused try is not counted, so the refusal ends on schedule
  (AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT off);
- the address read as the deployment says (client_ip, AXES_CLIENT_IP_CALLABLE);
- "Bob", " BOB " and full-width "ＢＯＢ" count as one account (normalise_username).

Two promises need the small handler below, because axes has one limit and its reset
on success clears the address too:

- the address's limit (LOGIN_THROTTLE_ADDRESS_LIMIT) is much higher than the account's
  (LOGIN_THROTTLE_LIMIT), because the players at one table share one address;
- a correct password clears that account's failures only; clearing the address's would
  let someone with an account of their own reset the address count between guesses.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum
from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from chargen.accounts.counting import minutes_in_words, seconds_until_below_limit


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


def normalise_username(request: HttpRequest | None, credentials: dict[str, Any] | None) -> str:
    """AXES_USERNAME_CALLABLE: the key an account's failures are counted under."""
    username = (credentials or {}).get("username")
    if username is None and request is not None:
        username = request.POST.get("username", "")
    return unicodedata.normalize("NFKC", str(username or "")).strip().lower()


def account_failure_limit(request: HttpRequest | None, credentials: Any = None) -> int:
    """AXES_FAILURE_LIMIT: the account's limit (the address's is the handler's)."""
    return int(settings.LOGIN_THROTTLE_LIMIT)


def cool_off(request: HttpRequest | None = None) -> timedelta:
    """AXES_COOLOFF_TIME: failures older than this no longer count."""
    return timedelta(seconds=int(settings.LOGIN_THROTTLE_WINDOW_SECONDS))


def _recent(attempts: QuerySet[AccessAttempt]) -> QuerySet[AccessAttempt]:
    return attempts.filter(attempt_time__gte=timezone.now() - cool_off())


def login_refusal(*, username: str, ip_address: str | None, now: Any = None) -> LoginRefusal | None:
    """A refusal if this account or this address has reached its limit of recent failures.

    When both have, the longer wait is the one given (with the limit that causes it).
    """
    now = now or timezone.now()
    waits: list[tuple[float, ThrottledBy]] = []
    checks = [(ThrottledBy.ACCOUNT, {"username": username}, settings.LOGIN_THROTTLE_LIMIT)]
    if ip_address:
        checks.append(
            (ThrottledBy.ADDRESS, {"ip_address": ip_address}, settings.LOGIN_THROTTLE_ADDRESS_LIMIT)
        )
    for throttled_by, lookup, limit in checks:
        rows = list(
            _recent(AccessAttempt.objects.filter(**lookup)).values_list(
                "attempt_time", "failures_since_start"
            )
        )
        wait = seconds_until_below_limit(
            [time for time, _ in rows],
            now,
            limit=int(limit),
            window=cool_off(),
            weights=[failures for _, failures in rows],
        )
        if wait is not None:
            waits.append((wait, throttled_by))
    if not waits:
        return None
    longest, throttled_by = max(waits, key=lambda wait: wait[0])
    return LoginRefusal(wait_minutes=max(1, math.ceil(longest / 60)), throttled_by=throttled_by)


class LoginThrottleHandler(AxesDatabaseHandler):
    """Axes' database handler with a limit per lockout parameter, and a reset on success
    that clears the account's failures only."""

    def get_failures(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
        # Axes compares this with AXES_FAILURE_LIMIT (the account's limit). Reaching the
        # address's own limit counts as reaching it too.
        username = get_client_username(request, credentials)
        refusal = login_refusal(username=username, ip_address=request.axes_ip_address)  # type: ignore[attr-defined]
        limit = account_failure_limit(request)
        if refusal is not None:
            return limit
        account = _recent(AccessAttempt.objects.filter(username=username))
        return min(sum(account.values_list("failures_since_start", flat=True)), limit - 1)

    def reset_user_attempts(
        self, request: HttpRequest, credentials: dict[str, Any] | None = None
    ) -> int:
        username = get_client_username(request, credentials)
        deleted, _ = AccessAttempt.objects.filter(username=username).delete()
        return deleted


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None, credentials: Any = None
) -> HttpResponse:
    """AXES_LOCKOUT_CALLABLE: the log-in page again, saying why and for how long."""
    username = get_client_username(request, credentials)
    refusal = login_refusal(username=username, ip_address=getattr(request, "axes_ip_address", None))
    message = (refusal or LoginRefusal(wait_minutes=1)).message
    form = AuthenticationForm(request, initial={"username": request.POST.get("username", "")})
    context = {
        "form": form,
        "lockout_message": message,
        "next": request.POST.get("next") or request.GET.get("next") or "",
    }
    return render(request, "registration/login.html", context, status=429)
