"""Real e-mail: sign-up and password-reset mail leave through Django's SMTP backend (the
one EMAIL_HOST turns on) and reach an SMTP server, here aiosmtpd on a free local port,
which keeps what it is given so the test reads it back as a mail server would."""

from __future__ import annotations

import email
import email.policy
import re
import socket
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, AuthResult, Envelope, LoginPassword, Session
from django.contrib.auth.models import AbstractUser
from django.test import Client
from django.test.utils import override_settings
from django.urls import reverse

from chargen.accounts.services import WELCOME_SUBJECT

CaptureCallbacks = Callable[..., AbstractContextManager[list[Callable[[], Any]]]]
SENDER = "Chargen <chargen@example.org>"
SITE_URL = "https://chargen.example.org"
MAIL_USER = "chargen-mailer"
MAIL_PASSWORD = "relay-password-1"  # the test server's, nowhere else


@dataclass
class Mailbox:
    """What the SMTP server received: each envelope, and each log-in it was offered."""

    envelopes: list[Envelope] = field(default_factory=list)
    logins: list[tuple[bytes, bytes]] = field(default_factory=list)

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        self.envelopes.append(envelope)
        return "250 Message accepted for delivery"

    def authenticate(
        self, server: SMTP, session: Session, envelope: Envelope, mechanism: str, data: Any
    ) -> AuthResult:
        assert isinstance(data, LoginPassword)
        self.logins.append((data.login, data.password))
        accepted = (data.login, data.password) == (MAIL_USER.encode(), MAIL_PASSWORD.encode())
        return AuthResult(success=accepted)

    def messages(self) -> list[EmailMessage]:
        parsed = []
        for envelope in self.envelopes:
            assert isinstance(envelope.content, bytes)
            message = email.message_from_bytes(envelope.content, policy=email.policy.default)
            assert isinstance(message, EmailMessage)
            parsed.append(message)
        return parsed


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def smtp_server() -> Iterator[Mailbox]:
    """A local SMTP server that wants a log-in, and Django's SMTP backend pointed at it."""
    mailbox = Mailbox()
    port = free_port()
    controller = Controller(
        mailbox,
        hostname="127.0.0.1",
        port=port,
        authenticator=mailbox.authenticate,
        auth_require_tls=False,  # a test on one machine: no certificate to offer
    )
    controller.start()
    try:
        with override_settings(
            EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend",
            EMAIL_HOST="127.0.0.1",
            EMAIL_PORT=port,
            EMAIL_HOST_USER=MAIL_USER,
            EMAIL_HOST_PASSWORD=MAIL_PASSWORD,
            EMAIL_USE_TLS=False,
            EMAIL_USE_SSL=False,
            EMAIL_TIMEOUT=5,
            DEFAULT_FROM_EMAIL=SENDER,
            SITE_URL=SITE_URL,
        ):
            yield mailbox
    finally:
        controller.stop()


def test_sign_up_mail_reaches_the_smtp_server(
    client: Client,
    db: None,
    smtp_server: Mailbox,
    django_capture_on_commit_callbacks: CaptureCallbacks,
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("accounts:signup"),
            {
                "username": "erin",
                "email": "erin@example.org",
                "password1": "gravel-lantern-orbit-77",
                "password2": "gravel-lantern-orbit-77",
            },
        )
    assert response.status_code == 302
    (envelope,) = smtp_server.envelopes
    assert envelope.rcpt_tos == ["erin@example.org"]
    assert envelope.mail_from == "chargen@example.org"
    assert smtp_server.logins == [(MAIL_USER.encode(), MAIL_PASSWORD.encode())]
    (message,) = smtp_server.messages()
    assert message["To"] == "erin@example.org"
    assert message["From"] == SENDER
    assert message["Subject"] == WELCOME_SUBJECT
    body = message.get_content()
    assert f"{SITE_URL}{reverse('login')}" in body
    assert f"{SITE_URL}{reverse('password_reset')}" in body


def test_password_reset_mail_reaches_the_smtp_server_with_a_working_link(
    client: Client, player: AbstractUser, smtp_server: Mailbox
) -> None:
    response = client.post(reverse("password_reset"), {"email": "bob@example.org"})
    assert response["Location"] == reverse("password_reset_done")
    (envelope,) = smtp_server.envelopes
    assert envelope.rcpt_tos == ["bob@example.org"]
    (message,) = smtp_server.messages()
    assert message["Subject"] == "Reset your Chargen password"
    link = re.search(r"https?://[^/\s]+(/accounts/reset/\S+/)", message.get_content())
    assert link is not None
    form_page = client.get(link.group(1), follow=True)
    assert "Set a new password" in form_page.content.decode()
