"""A Drifting campaign's party PDF: each finished character on its own page, seen as the
campaign page sees them (the GM every one, a player their own, anyone else nothing)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign, Membership
from chargen.campaigns.services import campaign_create
from chargen.drifting import services as drifting
from chargen.drifting.campaign_rules import DRIFTING
from rules import drifting as drifting_rules
from tests.chargen.drifting.conftest import make_played_character
from tests.chargen.pdf.pdftext import pdf_pages
from tests.chargen.pdf.test_sheets import get_pdf

FOCUS = drifting_rules.TokenKind.FOCUS
BACKGROUND = drifting_rules.TokenKind.BACKGROUND


@pytest.fixture
def drift(gm: User, player: User, other_player: User) -> Campaign:
    campaign = campaign_create(gm=gm, name="Salt Roads", game=DRIFTING)
    for member in (player, other_player):
        Membership.objects.create(campaign=campaign, user=member)
    make_played_character(
        player,
        "Ada Quill",
        [
            drifting_rules.TokenState("Nomad", BACKGROUND, held=1),
            drifting_rules.TokenState("Knots", FOCUS, held=2),
        ],
        campaign,
    )
    make_played_character(
        other_player,
        "Bram Oke",
        [drifting_rules.TokenState("Smuggler", BACKGROUND, held=1)],
        campaign,
    )
    drifting.character_start(owner=player, campaign=campaign, name="Still Choosing")
    return campaign


def test_the_gm_gets_every_finished_character_each_on_its_own_page(
    gm_client: Client, drift: Campaign
) -> None:
    address = reverse("drifting:party_pdf", args=[drift.id])
    assert address in gm_client.get(reverse("drifting:campaign", args=[drift.id])).text
    pages = pdf_pages(get_pdf(gm_client, address))
    assert len(pages) == 2
    assert pages[0].startswith("Ada Quill")
    assert "Nomad" in pages[0]
    assert "Knots" in pages[0]
    assert pages[1].startswith("Bram Oke")
    assert "Smuggler" in pages[1]
    assert not any("Still Choosing" in page for page in pages)


def test_a_player_gets_their_own_and_anyone_else_nothing(
    player_client: Client, outsider_client: Client, client: Client, drift: Campaign
) -> None:
    address = reverse("drifting:party_pdf", args=[drift.id])
    pages = pdf_pages(get_pdf(player_client, address))
    assert len(pages) == 1
    assert pages[0].startswith("Ada Quill")
    assert outsider_client.get(address).status_code == 404
    assert client.get(address).status_code == 302
    assert player_client.post(address).status_code == 405
