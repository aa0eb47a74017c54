"""Deleting an Infinity Drive draft frees its place under the cap on drafts."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.infinity_drive.models import Character, CharacterStatus
from tests.chargen.infinity_drive.delete_helpers import CONFIRMED, delete_url


def test_a_deleted_draft_frees_its_place_under_the_cap(player: User, player_client: Client) -> None:
    Character.objects.bulk_create(
        Character(owner=player, name=f"Draft {number}")
        for number in range(settings.MAX_INFINITY_DRIVE_DRAFTS)
    )
    refused = player_client.post(reverse("characters:new"), {"name": "One more", "concept": ""})
    assert refused.status_code == 400
    unwanted = Character.objects.filter(owner=player).first()
    assert unwanted is not None
    player_client.post(delete_url(unwanted), CONFIRMED)
    started = player_client.post(reverse("characters:new"), {"name": "One more", "concept": ""})
    assert started.status_code == 303
    assert Character.objects.filter(owner=player, status=CharacterStatus.DRAFT).count() == 50
    assert Character.objects.filter(name="One more").exists()
