"""An Infinity Drive sheet, its print page and its PDF answer a repeat view with 304
(chargen/infinity_drive/etags.py) while what they show is unchanged, and only then."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.http import Http404
from django.test import Client, RequestFactory
from django.urls import reverse

from chargen.campaigns.models import Campaign, Membership
from chargen.infinity_drive import etags
from chargen.infinity_drive.models import Character, CharacterStatus
from tests.chargen.infinity_drive_finish.test_history_notes import a_roll, post_note
from tests.e2e.test_print import finished_treva

PAGES = ("sheet", "print", "pdf")


def address(name: str, character: Character) -> str:
    return reverse(f"characters:{name}", args=[character.id])


def etag_of(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    assert "no-cache" in response.headers["Cache-Control"]
    assert "private" in response.headers["Cache-Control"]
    return response.headers["ETag"]


@pytest.mark.parametrize("name", PAGES)
def test_a_repeat_view_is_a_304_until_a_note_is_written_in_another_request(
    player_client: Client, player: User, treva: Character, name: str
) -> None:
    url = address(name, treva)
    etag = etag_of(player_client, url)
    assert player_client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304

    other_tab = Client()
    other_tab.force_login(player)
    roll = a_roll(treva).sequence
    assert post_note(other_tab, treva, roll, "Her father's wrench").status_code == 200

    again = player_client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200
    assert again.headers["ETag"] != etag


def test_the_gm_and_the_player_get_different_etags(
    player_client: Client, gm_client: Client, campaign_treva: Character
) -> None:
    url = address("sheet", campaign_treva)
    players = etag_of(player_client, url)
    gms = etag_of(gm_client, url)
    assert players != gms
    assert gm_client.get(url, HTTP_IF_NONE_MATCH=players).status_code == 200


def test_a_gm_decision_outside_the_log_changes_the_etag(
    player_client: Client, campaign_treva: Character
) -> None:
    url = address("sheet", campaign_treva)
    etag = etag_of(player_client, url)
    campaign_treva.status = CharacterStatus.RETURNED
    campaign_treva.save()  # as the desk's decision changes it: the row, not the log
    assert player_client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_a_change_of_the_campaigns_row_changes_the_etag(
    player_client: Client, campaign_treva: Character
) -> None:
    url = address("sheet", campaign_treva)
    etag = etag_of(player_client, url)
    campaign = campaign_treva.campaign
    assert campaign is not None
    campaign.name = "The Far Rim"
    campaign.save()
    assert player_client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_a_stranger_is_refused_before_any_etag_is_compared(
    rf: RequestFactory,
    player_client: Client,
    outsider: User,
    outsider_client: Client,
    campaign_treva: Character,
) -> None:
    for name in PAGES:
        url = address(name, campaign_treva)
        etag = etag_of(player_client, url)
        assert outsider_client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 404
    request = rf.get("/")
    request.user = outsider
    for etag_function in (etags.sheet_etag, etags.sheet_pdf_etag):
        with pytest.raises(Http404):
            etag_function(request, campaign_treva.pk)


def test_a_solo_finished_sheet_follows_the_campaigns_it_may_join(
    player_client: Client, player: User, gm: User
) -> None:
    solo = finished_treva(player)
    url = address("sheet", solo)
    before = etag_of(player_client, url)
    assert player_client.get(url, HTTP_IF_NONE_MATCH=before).status_code == 304

    rim = Campaign.objects.create(name="The Rim", gm=gm)
    Membership.objects.create(campaign=rim, user=player)  # the sheet offers to bring it in

    assert player_client.get(url, HTTP_IF_NONE_MATCH=before).status_code == 200
