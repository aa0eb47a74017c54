"""The party's print page and PDF answer a repeat view with 304
(chargen/infinity_drive/etags.py) while every approved sheet in them is unchanged, and
only then: a note or a roll in one member's log, a character approved or sent back, a
change of the campaign's row each give the pages a new ETag."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.http import Http404
from django.test import Client, RequestFactory
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.infinity_drive import etags
from chargen.infinity_drive.models import Character, CharacterStatus
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    darrian,
    roll_book_characteristics,
)

PAGES = ("party_print", "party_pdf")


def address(name: str, campaign: Campaign) -> str:
    return reverse(f"desk:{name}", kwargs={"campaign_id": campaign.pk})


def etag_of(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    assert "private" in response.headers["Cache-Control"]
    assert "no-cache" in response.headers["Cache-Control"]
    return response.headers["ETag"]


def approved(owner: User, campaign: Campaign, name: str) -> Character:
    character = Character.objects.create(owner=owner, campaign=campaign, name=name)
    roll_book_characteristics(character)
    darrian(character)
    set_status(character, CharacterStatus.APPROVED)
    return character


def set_status(character: Character, status: str) -> None:
    """The status alone, its row's other columns untouched (`updated` included): what is
    left to tell the party's pages apart is each character's log version."""
    Character.objects.filter(pk=character.pk).update(status=status)


@pytest.mark.parametrize("name", PAGES)
def test_a_repeat_view_is_a_304_until_one_member_rolls(
    gm_client: Client, campaign: Campaign, player: User, other_player: User, name: str
) -> None:
    approved(player, campaign, "Treva")
    carols = approved(other_player, campaign, "Rimmer")
    url = address(name, campaign)
    etag = etag_of(gm_client, url)
    assert gm_client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304

    before = Character.objects.get(pk=carols.pk)
    set_status(carols, CharacterStatus.RETURNED)  # an approved character's log is closed
    carols.refresh_from_db()
    citizen_construction(carols)  # Carol's career and its roll, as her own requests write them
    set_status(carols, CharacterStatus.APPROVED)
    after = Character.objects.get(pk=carols.pk)
    assert after.log_version != before.log_version

    again = gm_client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200
    assert again.headers["ETag"] != etag
    assert gm_client.get(url, HTTP_IF_NONE_MATCH=again.headers["ETag"]).status_code == 304


def test_a_character_approved_or_sent_back_changes_the_party(
    gm_client: Client, campaign: Campaign, player: User, other_player: User
) -> None:
    approved(player, campaign, "Treva")
    url = address("party_print", campaign)
    first = etag_of(gm_client, url)
    carols = approved(other_player, campaign, "Rimmer")
    second = gm_client.get(url, HTTP_IF_NONE_MATCH=first)
    assert second.status_code == 200
    carols.refresh_from_db()
    carols.status = CharacterStatus.RETURNED
    carols.save()  # as the desk's decision saves it
    assert gm_client.get(url, HTTP_IF_NONE_MATCH=second.headers["ETag"]).status_code == 200


def test_a_change_of_the_campaigns_row_changes_the_party(
    gm_client: Client, campaign: Campaign, player: User
) -> None:
    approved(player, campaign, "Treva")
    url = address("party_print", campaign)
    etag = etag_of(gm_client, url)
    campaign.name = "The Far Rim"
    campaign.save()
    assert gm_client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_the_pdf_follows_the_viewers_paper(
    gm_client: Client, campaign: Campaign, player: User
) -> None:
    approved(player, campaign, "Treva")
    url = address("party_pdf", campaign)
    etag = etag_of(gm_client, url)
    letter = gm_client.get(url, HTTP_IF_NONE_MATCH=etag, HTTP_ACCEPT_LANGUAGE="en-US")
    assert letter.status_code == 200


def test_a_stranger_is_refused_before_any_etag_is_compared(
    rf: RequestFactory,
    gm_client: Client,
    outsider: User,
    outsider_client: Client,
    campaign: Campaign,
    player: User,
) -> None:
    approved(player, campaign, "Treva")
    for name in PAGES:
        url = address(name, campaign)
        etag = etag_of(gm_client, url)
        assert outsider_client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 404
    request = rf.get("/")
    request.user = outsider
    for etag_function in (etags.party_print_etag, etags.party_pdf_etag):
        with pytest.raises(Http404):
            etag_function(request, campaign.pk)
