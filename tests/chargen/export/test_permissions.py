"""Only a character's owner exports it; only the GM exports a campaign."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from chargen.campaigns.models import Campaign
from tests.chargen.export.conftest import export_url
from tests.chargen.export.test_round_trip import KINDS


@pytest.mark.parametrize("kind", KINDS)
def test_only_the_owner_exports(
    kind: str, everyone: dict[str, Any], other_player_client: Client, client: Client
) -> None:
    url = export_url(kind, everyone[kind])
    assert other_player_client.get(url).status_code == 404
    anonymous = client.get(url)
    assert anonymous.status_code == 302
    assert "/login" in anonymous["Location"] or "/accounts/" in anonymous["Location"]
    assert other_player_client.post(url).status_code in {403, 405}


def test_only_the_gm_exports_the_campaign(
    party: Campaign, gm_client: Client, player_client: Client, outsider_client: Client
) -> None:
    url = f"/campaigns/{party.pk}/export/"
    response = gm_client.get(url)
    assert response.status_code == 200
    assert response.json()["campaign"]["name"] == party.name
    assert player_client.get(url).status_code == 404
    assert outsider_client.get(url).status_code == 404


def test_import_needs_an_account(client: Client) -> None:
    assert client.get("/import/").status_code == 302
