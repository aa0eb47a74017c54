"""Deployment checks of our own, for what Django's cannot see.

`manage.py check --deploy` reports them; the web process (chargen.wsgi) refuses to
start on the same condition, so a forgotten variable is found at once, not by users
logged out at random.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.apps import AppConfig
from django.conf import settings
from django.core.checks import CheckMessage, Error, Tags, Warning, register
from django.core.exceptions import ImproperlyConfigured

KEY_UNSET_MESSAGE = (
    "SECRET_KEY is not set. With DEBUG off every web process would sign sessions with "
    "its own random key, and users would be logged out at random."
)
KEY_UNSET_HINT = (
    "Set SECRET_KEY in the environment to one long random value shared by every process, "
    "e.g. the output of: python -c 'import secrets; print(secrets.token_urlsafe(50))'"
)


def secret_key_missing() -> bool:
    """True when a production process would run on a per-process random key."""
    return not settings.DEBUG and bool(getattr(settings, "SECRET_KEY_IS_RANDOM", False))


@register(Tags.security, deploy=True)
def check_secret_key(
    app_configs: Sequence[AppConfig] | None = None, **kwargs: Any
) -> list[CheckMessage]:
    if secret_key_missing():
        return [Error(KEY_UNSET_MESSAGE, hint=KEY_UNSET_HINT, id="chargen.E001")]
    return []


def refuse_to_serve_without_secret_key() -> None:
    """Raise with the reason in words when the web process would run without a secret key."""
    if secret_key_missing():
        raise ImproperlyConfigured(f"{KEY_UNSET_MESSAGE} {KEY_UNSET_HINT}")


SIGNING_KEY_UNSET_MESSAGE = (
    "CHARGEN_SIGNING_KEY is not set: each web process signs rolls with a key of its own. "
    "The signatures still verify, but a stable key is what other servers learn to trust."
)
SIGNING_KEY_UNSET_HINT = (
    "Set CHARGEN_SIGNING_KEY to the output of: python manage.py new_signing_key "
    "(keep it secret; to rotate, set a new one: old signatures stay verifiable)."
)


@register(Tags.security, deploy=True)
def check_signing_key(
    app_configs: Sequence[AppConfig] | None = None, **kwargs: Any
) -> list[CheckMessage]:
    if not settings.DEBUG and not getattr(settings, "CHARGEN_SIGNING_KEY", ""):
        return [Warning(SIGNING_KEY_UNSET_MESSAGE, hint=SIGNING_KEY_UNSET_HINT, id="chargen.W002")]
    return []
