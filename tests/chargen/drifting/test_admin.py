"""The admin shows a Drifting character's token sheet and lifepaths but cannot edit them:
they are snapshots of a replay of the log, and an edit there would be in no log."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from chargen.drifting import services
from chargen.drifting.models import Character, Lifepath


def test_the_admin_shows_the_tokens_without_a_field_to_change_them(
    admin_client: Client, jim: Character
) -> None:
    page = admin_client.get(reverse("admin:drifting_character_change", args=[jim.pk]))
    assert page.status_code == 200
    body = page.content.decode()
    assert "Firearms" in body
    assert 'name="tokens-0-held"' not in body


def test_the_admin_shows_the_lifepaths_chosen_without_a_field_to_change_them(
    admin_client: Client, draft: Character, lifepaths: dict[str, Lifepath]
) -> None:
    services.character_set_concept(
        character=draft, key=draft.next_sequence, name="Ann", concept="", campaign=None
    )
    services.character_add_lifepath(
        character=draft, lifepath=lifepaths["us-marine"], key=draft.next_sequence
    )
    page = admin_client.get(reverse("admin:drifting_character_change", args=[draft.pk]))
    assert page.status_code == 200
    body = page.content.decode()
    assert "United Systems marine" in body
    assert 'name="lifepaths-0-lifepath"' not in body
