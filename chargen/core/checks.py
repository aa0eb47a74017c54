"""Configuration checks: settings that would fail in production, refused before they do.

Django's system checks framework runs them. `manage.py check --deploy` reports all of
them; the ones tagged CONFIGURATION also run when a web process starts (chargen.wsgi,
and `runserver` runs every check that is not deploy-only), which refuses to start on an
Error, so a forgotten or mistyped variable is found at once, by name, not by players.
The database's reachability is asked by `check --deploy` only: a web process started
while the database is down answers /health/ with 503 and recovers by itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from email.utils import parseaddr
from typing import Any
from urllib.parse import urlsplit

from django.apps import AppConfig
from django.conf import settings
from django.core.checks import CheckMessage, Error, Tags, Warning, register, run_checks
from django.core.checks.security.base import (
    SECRET_KEY_INSECURE_PREFIX,
    SECRET_KEY_MIN_LENGTH,
    SECRET_KEY_MIN_UNIQUE_CHARACTERS,
)
from django.core.exceptions import ImproperlyConfigured, ValidationError
from django.core.validators import validate_email
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.utils import Error as DatabaseError

from chargen.core import roll_keys

# The checks a web process runs before it serves (chargen.wsgi).
CONFIGURATION = "chargen_configuration"

SMTP_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
# Backends that send nothing anywhere: right for a laptop and the tests.
LOCAL_MAIL_BACKENDS = {
    "django.core.mail.backends.console.EmailBackend",
    "django.core.mail.backends.locmem.EmailBackend",
    "django.core.mail.backends.filebased.EmailBackend",
    "django.core.mail.backends.dummy.EmailBackend",
}
LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1"}

KEY_UNSET_MESSAGE = (
    "SECRET_KEY is not set. With DEBUG off every web process would sign sessions with "
    "its own random key, and users would be logged out at random."
)
KEY_HINT = (
    "Set SECRET_KEY in the environment to one long random value shared by every process, "
    "e.g. the output of: python -c 'import secrets; print(secrets.token_urlsafe(50))'"
)
KEY_WEAK_MESSAGE = (
    f"SECRET_KEY is weak: it must be at least {SECRET_KEY_MIN_LENGTH} characters with at "
    f"least {SECRET_KEY_MIN_UNIQUE_CHARACTERS} different ones, and not start with "
    f"'{SECRET_KEY_INSECURE_PREFIX}'. Sessions and password-reset links are only as safe "
    "as this key."
)


def secret_key_missing() -> bool:
    """True when a production process would run on a per-process random key."""
    return not settings.DEBUG and bool(getattr(settings, "SECRET_KEY_IS_RANDOM", False))


def secret_key_weak(key: str) -> bool:
    """Django's own measure of a weak key (its security.W009), here a refusal."""
    return (
        len(key) < SECRET_KEY_MIN_LENGTH
        or len(set(key)) < SECRET_KEY_MIN_UNIQUE_CHARACTERS
        or key.startswith(SECRET_KEY_INSECURE_PREFIX)
    )


@register(Tags.security, CONFIGURATION, deploy=True)
def check_secret_key(
    app_configs: Sequence[AppConfig] | None = None, **kwargs: Any
) -> list[CheckMessage]:
    if secret_key_missing():
        return [Error(KEY_UNSET_MESSAGE, hint=KEY_HINT, id="chargen.E001")]
    if not settings.DEBUG and secret_key_weak(str(settings.SECRET_KEY)):
        return [Error(KEY_WEAK_MESSAGE, hint=KEY_HINT, id="chargen.E003")]
    return []


SIGNING_KEY_UNSET_MESSAGE = (
    "CHARGEN_SIGNING_KEY is not set: each web process signs rolls with a key of its own. "
    "The signatures still verify, but a stable key is what other servers learn to trust."
)
SIGNING_KEY_HINT = (
    "Set CHARGEN_SIGNING_KEY to the output of: python manage.py new_signing_key "
    "(keep it secret; to rotate, set a new one: old signatures stay verifiable)."
)
SIGNING_KEY_INVALID_MESSAGE = (
    "CHARGEN_SIGNING_KEY is not an Ed25519 private key (32 bytes in URL-safe base64): "
    "every roll would fail to be signed. Was it cut short or mistyped?"
)


@register(Tags.security, deploy=True)
def check_signing_key(
    app_configs: Sequence[AppConfig] | None = None, **kwargs: Any
) -> list[CheckMessage]:
    if not settings.DEBUG and not getattr(settings, "CHARGEN_SIGNING_KEY", ""):
        return [Warning(SIGNING_KEY_UNSET_MESSAGE, hint=SIGNING_KEY_HINT, id="chargen.W002")]
    return []


@register(Tags.security, CONFIGURATION)
def check_signing_key_decodes(
    app_configs: Sequence[AppConfig] | None = None, **kwargs: Any
) -> list[CheckMessage]:
    # Not deploy-only: a bad key breaks every roll in development as much as in production.
    key = getattr(settings, "CHARGEN_SIGNING_KEY", "")
    if key and not roll_keys.is_private_key(key):
        return [Error(SIGNING_KEY_INVALID_MESSAGE, hint=SIGNING_KEY_HINT, id="chargen.E004")]
    return []


def smtp_settings_problems() -> list[str]:
    """What keeps Django's SMTP backend from sending, each naming its variable."""
    problems = []
    if not settings.EMAIL_HOST:
        problems.append("EMAIL_HOST is not set: the SMTP backend has no server to send to.")
    if settings.EMAIL_USE_TLS and settings.EMAIL_USE_SSL:
        problems.append(
            "EMAIL_USE_TLS and EMAIL_USE_SSL are both on; set one: EMAIL_USE_TLS for "
            "STARTTLS (usually port 587), EMAIL_USE_SSL for TLS from the start (465)."
        )
    if bool(settings.EMAIL_HOST_USER) != bool(settings.EMAIL_HOST_PASSWORD):
        problems.append(
            "EMAIL_HOST_USER and EMAIL_HOST_PASSWORD must be set together: the server "
            "is logged in to with both, or with neither."
        )
    return problems


def from_address_problem() -> str | None:
    """Why DEFAULT_FROM_EMAIL cannot be a real sender, if it cannot."""
    address = parseaddr(str(settings.DEFAULT_FROM_EMAIL))[1]
    try:
        validate_email(address)
    except ValidationError:
        return f"DEFAULT_FROM_EMAIL ({settings.DEFAULT_FROM_EMAIL!r}) is not an e-mail address."
    if address.rpartition("@")[2].lower() in LOCAL_HOSTS:
        return (
            f"DEFAULT_FROM_EMAIL is {address!r}: mail servers refuse or bin mail from "
            "a local address. Set it to an address of the site's own domain."
        )
    return None


@register(CONFIGURATION, deploy=True)
def check_email(
    app_configs: Sequence[AppConfig] | None = None, **kwargs: Any
) -> list[CheckMessage]:
    backend = settings.EMAIL_BACKEND
    if backend in LOCAL_MAIL_BACKENDS:
        if settings.DEBUG or backend != "django.core.mail.backends.console.EmailBackend":
            return []  # a laptop, or a deliberate choice
        return [
            Warning(
                "EMAIL_HOST is not set: sign-up, password-reset and GM e-mails are written "
                "to the log, not sent.",
                hint="Set EMAIL_HOST (and EMAIL_PORT, EMAIL_USE_TLS, EMAIL_HOST_USER, "
                "EMAIL_HOST_PASSWORD, DEFAULT_FROM_EMAIL): docs/settings.md.",
                id="chargen.W005",
            )
        ]
    problems = smtp_settings_problems() if backend == SMTP_BACKEND else []
    if not settings.DEBUG:
        from_problem = from_address_problem()
        if from_problem:
            problems.append(from_problem)
        if (urlsplit(settings.SITE_URL).hostname or "") in LOCAL_HOSTS:
            problems.append(
                f"SITE_URL is {settings.SITE_URL!r}: the links in every e-mail would point "
                "at the reader's own computer. Set it to the site's public address."
            )
    return [Error(problem, id="chargen.E005") for problem in problems]


@register(Tags.database, deploy=True)
def check_database_reachable(
    app_configs: Sequence[AppConfig] | None = None,
    databases: Sequence[str] | None = None,
    **kwargs: Any,
) -> list[CheckMessage]:
    errors: list[CheckMessage] = []
    for alias in databases or [DEFAULT_DB_ALIAS]:
        try:
            connections[alias].ensure_connection()
        except DatabaseError as error:
            errors.append(
                Error(
                    f"The database in DATABASE_URL cannot be reached: {error}".strip(),
                    hint="Check DATABASE_URL (host, port, user, password, database name) "
                    "and that the database server runs and lets this host in.",
                    id="chargen.E006",
                )
            )
    return errors


def refuse_to_serve_when_misconfigured() -> None:
    """Raise, every problem in words, when the web process must not start (chargen.wsgi)."""
    problems = [
        message
        for message in run_checks(tags=[CONFIGURATION], include_deployment_checks=True)
        if message.is_serious()
    ]
    if problems:
        raise ImproperlyConfigured(
            "\n".join(f"{message.msg} {message.hint or ''}".strip() for message in problems)
        )
