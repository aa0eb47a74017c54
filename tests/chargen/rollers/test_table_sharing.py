"""A roller sheet shown at a campaign's live table: only its owner chooses the campaign,
among those they play in or run; the table's players and GM may then read the sheet, and
nothing else; everyone else still gets 404."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign, Membership
from chargen.campaigns.services import campaign_remove_member
from chargen.drifting.campaign_rules import DRIFTING
from chargen.rollers.forms_table import NOT_A_MEMBER
from chargen.rollers.models import ManaCharacter, UniqueCharacter
from tests.chargen.rollers.views_helpers import url

UNIQUE_POSTS = (
    *("unique_roll", "unique_push", "unique_crisis", "unique_edit", "unique_table"),
    *("unique_copy", "unique_delete"),
)
MANA_POSTS = ("mana_roll", "mana_contest", "mana_edit", "mana_table", "mana_copy", "mana_delete")


@pytest.fixture
def storm(gm: User, player: User, other_player: User) -> Campaign:
    """Alice runs it; Bob (who owns the sheets) and Carol play in it."""
    campaign = Campaign.objects.create(gm=gm, name="Lost on Storm", game=DRIFTING)
    Membership.objects.create(campaign=campaign, user=player)
    Membership.objects.create(campaign=campaign, user=other_player)
    return campaign


@pytest.fixture
def elsewhere(outsider: User) -> Campaign:
    """Dave's campaign, which Bob is not in."""
    return Campaign.objects.create(gm=outsider, name="Elsewhere", game=DRIFTING)


def show(
    client: Client, name: str, sheet: UniqueCharacter | ManaCharacter, campaign: object
) -> int:
    data = {"campaign": "" if campaign is None else str(getattr(campaign, "pk", campaign))}
    return client.post(url(name, sheet), data).status_code


def test_the_owner_chooses_among_their_campaigns_and_takes_the_sheet_off_again(
    player_client: Client, brian: UniqueCharacter, mage: ManaCharacter, storm: Campaign
) -> None:
    page = player_client.get(url("unique", brian)).content.decode()
    form = re.search(r'<form method="post" action="([^"]+)" id="table-form".*?</form>', page, re.S)
    assert form is not None
    assert form.group(1) == url("unique_table", brian)
    assert "csrfmiddlewaretoken" in form.group(0)
    assert "Lost on Storm" in form.group(0)

    assert show(player_client, "unique_table", brian, storm) == 302
    assert show(player_client, "mana_table", mage, storm) == 302
    brian.refresh_from_db()
    mage.refresh_from_db()
    assert brian.campaign == storm
    assert mage.campaign == storm

    assert show(player_client, "unique_table", brian, None) == 302
    brian.refresh_from_db()
    assert brian.campaign is None


@pytest.mark.parametrize("campaign", ["elsewhere", "not-a-campaign"])
def test_a_campaign_the_owner_is_not_in_is_refused_at_the_field(
    player_client: Client,
    brian: UniqueCharacter,
    storm: Campaign,
    elsewhere: Campaign,
    campaign: str,
) -> None:
    brian.campaign = storm
    brian.save()
    chosen = elsewhere if campaign == "elsewhere" else campaign
    response = player_client.post(
        url("unique_table", brian), {"campaign": str(getattr(chosen, "pk", chosen))}
    )
    assert response.status_code == 400
    page = response.content.decode()
    field = re.search(r'id="table-form".*?</form>', page, re.S)
    assert field is not None
    assert "invalid-feedback" in field.group(0)
    if campaign == "elsewhere":
        assert NOT_A_MEMBER in field.group(0)
    brian.refresh_from_db()
    assert brian.campaign == storm  # nothing saved is changed


def test_the_table_choice_needs_a_post_with_csrf(
    player: User, player_client: Client, brian: UniqueCharacter, storm: Campaign
) -> None:
    assert (
        player_client.get(url("unique_table", brian), {"campaign": str(storm.pk)}).status_code
        == 405
    )
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(player)
    assert show(strict, "unique_table", brian, storm) == 403
    brian.refresh_from_db()
    assert brian.campaign is None


@pytest.mark.parametrize("reader", ["gm_client", "other_player_client"])
def test_the_tables_gm_and_players_read_the_sheet_and_change_nothing(
    request: pytest.FixtureRequest,
    reader: str,
    brian: UniqueCharacter,
    mage: ManaCharacter,
    storm: Campaign,
) -> None:
    client: Client = request.getfixturevalue(reader)
    for sheet, posts, others in (
        (brian, UNIQUE_POSTS, ("unique_odds", "unique_edit", "unique_pdf", "unique_delete")),
        (mage, MANA_POSTS, ("mana_odds", "contest_odds", "mana_edit", "mana_pdf", "mana_delete")),
    ):
        page_url = url("unique" if sheet is brian else "mana", sheet)
        assert client.get(page_url).status_code == 404  # not shown at a table yet
        sheet.campaign = storm
        sheet.save()
        page = client.get(page_url)
        assert page.status_code == 200
        text = page.content.decode()
        assert sheet.name in text
        assert "read only" in text
        assert "bob" in text
        assert "<form" not in text.split('id="sheet"')[1]  # nothing to roll, edit or choose
        for name in others:
            assert client.get(url(name, sheet)).status_code == 404, name
        for name in posts:
            assert (
                client.post(url(name, sheet), {"sequence": 1, "name": "Stolen"}).status_code == 404
            )
        sheet.refresh_from_db()
        assert sheet.campaign == storm
        assert not sheet.rolls.exists()


def test_an_outsider_and_a_visitor_still_get_nothing(
    client: Client,
    outsider: User,
    brian: UniqueCharacter,
    storm: Campaign,
) -> None:
    brian.campaign = storm
    brian.save()
    strangers = Client()
    strangers.force_login(outsider)
    assert strangers.get(url("unique", brian)).status_code == 404
    assert show(strangers, "unique_table", brian, None) == 404
    response = client.get(url("unique", brian))
    assert response.status_code == 302
    assert reverse("login") in response["Location"]


def test_a_player_removed_from_the_campaign_no_longer_reads_the_sheet(
    other_player: User, other_player_client: Client, brian: UniqueCharacter, storm: Campaign
) -> None:
    brian.campaign = storm
    brian.save()
    assert other_player_client.get(url("unique", brian)).status_code == 200
    Membership.objects.filter(campaign=storm, user=other_player).delete()
    assert other_player_client.get(url("unique", brian)).status_code == 404


def test_the_campaign_page_lists_the_sheets_shown_at_its_table(
    gm_client: Client,
    other_player_client: Client,
    player_client: Client,
    brian: UniqueCharacter,
    mage: ManaCharacter,
    storm: Campaign,
) -> None:
    page = reverse("campaigns:detail", kwargs={"campaign_id": storm.pk})
    assert 'id="table-sheets"' not in gm_client.get(page).content.decode()
    assert show(player_client, "unique_table", brian, storm) == 302
    assert show(player_client, "mana_table", mage, storm) == 302
    for client in (gm_client, other_player_client, player_client):
        listed = re.search(r'id="table-sheets">(.*?)</ul>', client.get(page).content.decode(), re.S)
        assert listed is not None
        rows = listed.group(1).split("<li")[1:]
        assert len(rows) == 2
        assert f'href="{brian.get_absolute_url()}">Brian</a>' in rows[0]
        assert "Unique-dice pool · bob" in rows[0]
        assert f'href="{mage.get_absolute_url()}">The mage</a>' in rows[1]
        assert "Roll and keep · bob" in rows[1]
    assert show(player_client, "mana_table", mage, None) == 302
    assert "The mage" not in gm_client.get(page).content.decode()


def test_an_owner_who_leaves_the_campaign_takes_their_sheets_off_its_table(
    player: User, other_player_client: Client, brian: UniqueCharacter, storm: Campaign
) -> None:
    brian.campaign = storm
    brian.save()
    campaign_remove_member(campaign=storm, by=player, user=player)
    brian.refresh_from_db()
    assert brian.campaign is None
    assert other_player_client.get(url("unique", brian)).status_code == 404


def test_a_sheet_at_a_table_loads_the_tables_strip_on_its_page(
    player_client: Client, other_player_client: Client, mage: ManaCharacter, storm: Campaign
) -> None:
    strip = reverse("table:strip", kwargs={"campaign_id": storm.pk})
    assert strip not in player_client.get(url("mana", mage)).content.decode()
    mage.campaign = storm
    mage.save()
    assert strip in player_client.get(url("mana", mage)).content.decode()
    assert strip in other_player_client.get(url("mana", mage)).content.decode()
    assert player_client.get(strip).status_code == 200
