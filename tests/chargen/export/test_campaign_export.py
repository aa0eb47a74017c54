"""The GM's campaign export: the published schema, every character, the house rules.

What importing such a file does is in docs/export-format.md:
every character is created for whoever imports it, outside any campaign.
"""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from django.contrib.auth.models import User
from django.test import Client

from chargen.campaigns.models import Campaign
from chargen.campaigns.services import campaign_create
from chargen.core.imports import export_schema
from chargen.infinity_drive.models import Character
from chargen.rollers.models import UniqueCharacter
from tests.chargen.export.conftest import exported
from tests.chargen.export.test_bring_and_provenance import _server_rolled
from tests.chargen.export.test_round_trip import delete, upload

KIND = "infinity_drive.character"


@pytest.fixture
def rim(gm: User, player: User, other_player: User) -> Campaign:
    campaign = campaign_create(gm=gm, name="The Rim", starting_credits=30_000, point_buy_total=60)
    for member in (player, other_player):
        campaign.memberships.create(user=member)
    return campaign


@pytest.fixture
def cast(
    rim: Campaign, treva: Character, player: User, other_player: User, leanne: UniqueCharacter
) -> dict[str, Any]:
    """Treva and another player's draft in the Rim; a draft and Leanne outside it."""
    Character.objects.filter(pk=treva.pk).update(campaign=rim)
    return {
        "in": [Character.objects.get(pk=treva.pk), _server_rolled(other_player, rim)],
        "out": [_server_rolled(player, None), leanne],
    }


def campaign_file(client: Client, campaign: Campaign) -> dict[str, Any]:
    response = client.get(f"/campaigns/{campaign.pk}/export/")
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="the-rim.chargen.json"'
    return dict(response.json())


def test_the_campaign_export_follows_the_schema_and_holds_every_character(
    rim: Campaign,
    cast: dict[str, Any],
    gm_client: Client,
    player_client: Client,
    other_player_client: Client,
) -> None:
    document = campaign_file(gm_client, rim)
    jsonschema.validate(document, export_schema())
    assert document["campaign"] == {
        "id": str(rim.pk),
        "name": "The Rim",
        "game": rim.game,
        "house_rules": rim.house_rules,
    }
    assert "30000" in str(document["campaign"]["house_rules"])
    items = {item["id"]: item for item in document["characters"]}
    assert set(items) == {str(character.pk) for character in cast["in"]}
    # Each is what its owner's own export holds, log and seals included.
    for character, client in zip(cast["in"], (player_client, other_player_client), strict=True):
        (own,) = exported(client, KIND, character)["characters"]
        assert items[str(character.pk)] == own
        assert items[str(character.pk)]["log"], "every character has a log"
        assert (
            items[str(character.pk)]["character"]["house_rules"] == own["character"]["house_rules"]
        )
    named = {row["key_id"] for item in items.values() for row in item["log"]}
    assert set(document["server_keys"]) == named


def test_an_empty_campaign_exports_no_characters(rim: Campaign, gm_client: Client) -> None:
    document = campaign_file(gm_client, rim)
    jsonschema.validate(document, export_schema())
    assert document["characters"] == []


def test_an_anonymous_visitor_is_sent_to_log_in(rim: Campaign, client: Client) -> None:
    url = f"/campaigns/{rim.pk}/export/"
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    assert "next=" in response["Location"]


def test_importing_a_campaign_file_gives_the_importer_every_character_outside_any_campaign(
    rim: Campaign, cast: dict[str, Any], gm: User, gm_client: Client
) -> None:
    document = campaign_file(gm_client, rim)
    # Gone from this server (a finished character leaves its campaign before deletion).
    Character.objects.filter(campaign=rim).update(campaign=None)
    for character in cast["in"]:
        delete(KIND, Character.objects.get(pk=character.pk))
    response = upload(gm_client, document)
    assert response.status_code == 302
    for character in cast["in"]:
        restored = Character.objects.get(pk=character.pk)
        assert restored.owner == gm
        assert restored.campaign is None
    assert not rim.characters.exists()
