"""The admin shows a Drifting character's token sheet but cannot edit it: it is a
snapshot of a replay of the log, and an edit there would be in no log."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from chargen.drifting.models import Character


def test_the_admin_shows_the_tokens_without_a_field_to_change_them(
    admin_client: Client, jim: Character
) -> None:
    page = admin_client.get(reverse("admin:drifting_character_change", args=[jim.pk]))
    assert page.status_code == 200
    body = page.content.decode()
    assert "Firearms" in body
    assert 'name="tokens-0-held"' not in body
