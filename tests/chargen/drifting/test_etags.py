"""A Drifting token sheet and its PDF answer a repeat view with 304
(chargen/drifting/etags.py) while what they show is unchanged, and only then."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.http import Http404
from django.test import Client, RequestFactory
from django.urls import reverse

from chargen.campaigns.models import Campaign, Membership
from chargen.drifting import etags
from chargen.drifting.campaign_rules import DRIFTING
from chargen.drifting.models import Character
from chargen.drifting.services_bring import bring_ask, bring_decide
from rules import drifting as rules
from tests.chargen.drifting.conftest import deplete_by_rolling, make_played_character


def address(name: str, character: Character) -> str:
    return reverse(f"drifting:{name}", args=[character.id])


def etag_of(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    assert "private" in response.headers["Cache-Control"]
    return response.headers["ETag"]


@pytest.mark.parametrize("name", ["character", "pdf"])
def test_a_repeat_view_is_a_304_until_a_roll_is_made_in_another_request(
    player_client: Client, player: User, jim: Character, name: str
) -> None:
    url = address(name, jim)
    etag = etag_of(player_client, url)
    assert player_client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    version = Character.objects.get(pk=jim.pk).log_version

    deplete_by_rolling(jim, "Dodge")  # a roll, as another tab's request writes it

    assert Character.objects.get(pk=jim.pk).log_version != version
    again = player_client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200
    assert again.headers["ETag"] != etag


def test_a_companions_roll_changes_the_sheet_that_lists_it(
    player_client: Client, jim: Character, linda: Character
) -> None:
    url = address("character", jim)
    etag = etag_of(player_client, url)
    deplete_by_rolling(linda, "Repair")
    assert player_client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_a_character_still_in_the_wizard_has_no_etag(
    player_client: Client, draft: Character
) -> None:
    response = player_client.get(address("character", draft))
    assert response.status_code == 200
    assert "ETag" not in response.headers
    assert response.headers["Cache-Control"] == "no-store"


def test_a_stranger_is_refused_before_any_etag_is_compared(
    rf: RequestFactory,
    player_client: Client,
    outsider: User,
    outsider_client: Client,
    jim: Character,
) -> None:
    for name in ("character", "pdf"):
        url = address(name, jim)
        etag = etag_of(player_client, url)
        assert outsider_client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 404
    request = rf.get("/")
    request.user = outsider
    for etag_function in (etags.sheet_etag, etags.sheet_pdf_etag):
        with pytest.raises(Http404):
            etag_function(request, jim.pk)


def test_a_solo_sheet_follows_its_owners_campaigns_and_bring_requests(
    player_client: Client, player: User, gm: User
) -> None:
    solo = make_played_character(
        player, "Solo", [rules.TokenState("Space", rules.TokenKind.BACKGROUND, held=1)], None
    )
    url = address("character", solo)
    before = etag_of(player_client, url)
    assert player_client.get(url, HTTP_IF_NONE_MATCH=before).status_code == 304

    storm = Campaign.objects.create(gm=gm, name="Lost on Storm", game=DRIFTING)
    Membership.objects.create(campaign=storm, user=player)  # a new campaign to bring it into
    joined = etag_of(player_client, url)
    assert joined != before

    bring_ask(character=solo, campaign=storm)
    asked = etag_of(player_client, url)
    assert asked != joined

    bring_decide(campaign=storm, character_id=solo.pk, accept=False)
    assert etag_of(player_client, url) != asked


def party_pdf(campaign: Campaign) -> str:
    return reverse("drifting:party_pdf", args=[campaign.pk])


def test_the_party_pdf_is_a_304_until_a_member_rolls(
    gm_client: Client, campaign: Campaign, jim: Character, linda: Character
) -> None:
    url = party_pdf(campaign)
    etag = etag_of(gm_client, url)
    assert gm_client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304

    deplete_by_rolling(linda, "Repair")  # Carol rolls, in her own request

    again = gm_client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200
    assert again.headers["ETag"] != etag
    assert gm_client.get(url, HTTP_IF_NONE_MATCH=again.headers["ETag"]).status_code == 304


def test_the_party_pdf_follows_the_campaigns_row_and_its_paper(
    gm_client: Client, campaign: Campaign, jim: Character
) -> None:
    url = party_pdf(campaign)
    etag = etag_of(gm_client, url)
    letter = gm_client.get(url, HTTP_IF_NONE_MATCH=etag, HTTP_ACCEPT_LANGUAGE="en-US")
    assert letter.status_code == 200
    campaign.name = "Lost on Storm, again"
    campaign.save()
    assert gm_client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_a_players_party_pdf_names_only_their_own_sheets(
    player_client: Client, campaign: Campaign, jim: Character, linda: Character
) -> None:
    """Bob's party PDF prints Jim alone: Carol's roll is not in it and keeps his 304."""
    url = party_pdf(campaign)
    etag = etag_of(player_client, url)
    deplete_by_rolling(linda, "Repair")
    assert player_client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    deplete_by_rolling(jim, "Dodge")
    assert player_client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_a_stranger_is_refused_the_party_pdf_before_any_etag_is_compared(
    rf: RequestFactory,
    gm_client: Client,
    outsider: User,
    outsider_client: Client,
    campaign: Campaign,
    jim: Character,
) -> None:
    url = party_pdf(campaign)
    etag = etag_of(gm_client, url)
    assert outsider_client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 404
    request = rf.get("/")
    request.user = outsider
    with pytest.raises(Http404):
        etags.party_pdf_etag(request, campaign.pk)
