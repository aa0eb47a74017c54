"""A draft is the player's too: its wizard page offers the same Export as a finished sheet."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client

from chargen.drifting import services_creation as drifting
from chargen.infinity_drive import services as infinity_drive


def _export_link(html: str, address: str) -> bool:
    return f'href="{address}" download>Export (JSON)</a>' in html


def test_an_infinity_drive_draft_offers_export(player: User, player_client: Client) -> None:
    draft = infinity_drive.character_start(
        owner=player, name="Mira", concept="a pilot", campaign=None
    )
    address = f"/export/infinity_drive/character/{draft.pk}/"
    page = player_client.get(f"/characters/{draft.pk}/characteristics/")
    assert page.status_code == 200
    assert _export_link(page.content.decode(), address)
    assert player_client.get(address).json()["characters"][0]["character"]["name"] == "Mira"


def test_a_drifting_draft_offers_export(player: User, player_client: Client) -> None:
    draft = drifting.character_start(owner=player, name="Jun", concept="a scout")
    address = f"/export/drifting/character/{draft.pk}/"
    page = player_client.get(f"/drifting/c/{draft.pk}/")
    assert page.status_code == 200
    assert _export_link(page.content.decode(), address)
    assert player_client.get(address).status_code == 200
