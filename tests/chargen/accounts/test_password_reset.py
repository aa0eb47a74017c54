"""Password reset by e-mail (console backend in development; mail.outbox in tests)."""

from __future__ import annotations

import re

from django.contrib.auth.models import AbstractUser
from django.core import mail
from django.test import Client
from django.urls import reverse

NEW_PASSWORD = "gravel-lantern-orbit-77"


def test_reset_mail_link_sets_a_new_password(client: Client, player: AbstractUser) -> None:
    response = client.post(reverse("password_reset"), {"email": "bob@example.org"})
    assert response["Location"] == reverse("password_reset_done")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["bob@example.org"]
    assert message.subject == "Reset your Chargen password"
    link = re.search(r"https?://[^/\s]+(/accounts/reset/\S+/)", str(message.body))
    assert link is not None

    form_page = client.get(link.group(1), follow=True)
    assert "Set a new password" in form_page.content.decode()
    done = client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert done["Location"] == reverse("password_reset_complete")
    player.refresh_from_db()
    assert player.check_password(NEW_PASSWORD)

    # The link works once.
    again = client.get(link.group(1), follow=True)
    assert "This link no longer works" in again.content.decode()


def test_unknown_address_sends_nothing_but_looks_the_same(client: Client, db: None) -> None:
    response = client.post(reverse("password_reset"), {"email": "nobody@example.org"})
    assert response["Location"] == reverse("password_reset_done")
    assert mail.outbox == []
