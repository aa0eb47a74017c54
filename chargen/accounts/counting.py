"""What the log-in and password-reset throttles share: the client's address, and how long
until a count inside a window drops below its limit, said in minutes."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from django.conf import settings
from django.http import HttpRequest


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


def seconds_until_below_limit(
    timestamps: Sequence[datetime],
    now: datetime,
    *,
    limit: int,
    window: timedelta,
    weights: Sequence[int] | None = None,
) -> float | None:
    """Seconds until fewer than `limit` of these events remain in the window (None: already).

    `weights` counts several events at one time (django-axes keeps one row per account,
    address and browser, with its number of failures and the time of the latest).
    """
    counts = list(weights) if weights is not None else [1] * len(timestamps)
    if sum(counts) < limit:
        return None
    # Newest first: the event that takes the running total to the limit decides; once it
    # ages out, fewer than `limit` remain inside the window.
    total = 0
    for timestamp, count in sorted(zip(timestamps, counts, strict=True), reverse=True):
        total += count
        if total >= limit:
            return max((timestamp + window - now).total_seconds(), 0.0)
    return None  # unreachable: the sum reached the limit


def minutes_in_words(minutes: int) -> str:
    return "1 minute" if minutes == 1 else f"{minutes} minutes"
