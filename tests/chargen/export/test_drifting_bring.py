"""Drifting: a finished character outside any campaign (here an
import whose rows no key of this server signed) joins a Drifting campaign only when
its GM accepts, having seen its tokens and where its dice came from."""

from __future__ import annotations

import re
import uuid

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign, Membership
from chargen.drifting import services as drifting
from chargen.drifting.campaign_rules import DRIFTING
from chargen.drifting.models import BringRequest
from chargen.drifting.models import Character as Drifter
from tests.chargen.export.conftest import exported
from tests.chargen.export.test_forged_provenance import rechained_unsigned
from tests.chargen.export.test_round_trip import delete, upload
from tests.chargen.security.conftest import database_fingerprint

KIND = "drifting.character"


@pytest.fixture
def storm(gm: User, player: User, other_player: User) -> Campaign:
    campaign = Campaign.objects.create(gm=gm, name="Lost on Storm", game=DRIFTING)
    for member in (player, other_player):
        Membership.objects.create(campaign=campaign, user=member)
    return campaign


@pytest.fixture
def imported(rolled_jim: Drifter, player_client: Client) -> tuple[Drifter, int]:
    """Jim, exported, deleted and imported again from a file no key of this server
    signed: (Jim, how many of his rows have dice, all of them imported unverified)."""
    document = exported(player_client, KIND, rolled_jim)
    rolled = [row for row in document["characters"][0]["log"] if row["fields"]["faces"]]
    assert rolled, "the fixture has rolled"
    delete(KIND, rolled_jim)
    response = upload(player_client, rechained_unsigned(document))
    assert response.status_code == 302, response.content[:500]
    jim = Drifter.objects.get(pk=rolled_jim.pk)
    assert jim.campaign is None
    assert jim.is_finished
    return jim, len(rolled)


def _ask(client: Client, character: Drifter, campaign: Campaign) -> object:
    url = reverse("drifting:bring", kwargs={"character_id": character.id})
    return client.post(url, {"campaign": str(campaign.id)})


def _decide(client: Client, campaign: Campaign, character: Drifter, how: str) -> object:
    kwargs = {"campaign_id": campaign.id, "character_id": character.id}
    return client.post(reverse(f"drifting:bring_{how}", kwargs=kwargs))


def _request_card(page: str, character: Drifter) -> str:
    found = re.search(rf'<li [^>]*data-bring-request="{character.id}".*?</li>', page, re.S)
    assert found is not None, "the GM sees the request"
    return found.group(0)


def test_the_gm_sees_an_imported_characters_provenance_then_accepts(
    imported: tuple[Drifter, int],
    storm: Campaign,
    player_client: Client,
    gm_client: Client,
    other_player_client: Client,
) -> None:
    jim, rolled = imported
    sheet = player_client.get(jim.get_absolute_url()).content.decode()
    assert f'value="{storm.id}"' in sheet  # the form lists the owner's Drifting campaign

    assert _ask(player_client, jim, storm).status_code == 302  # type: ignore[attr-defined]
    jim.refresh_from_db()
    assert jim.campaign is None, "nothing joins before the GM accepts"
    sheet = player_client.get(jim.get_absolute_url()).content.decode()
    assert "Waiting for the GM of Lost on Storm" in sheet
    assert f'value="{storm.id}"' not in sheet  # no second ask while one waits

    page = gm_client.get(reverse("drifting:campaign", kwargs={"campaign_id": storm.id}))
    card = _request_card(page.content.decode(), jim)
    assert "Jim" in card
    assert "(bob)" in card
    assert "Firearms 2" in card  # its tokens
    assert f'data-imported="{rolled}"' in card
    assert "Dice: 0 rolled by this server, 0 typed from physical dice" in card
    assert f"{rolled} imported unverified" in card
    party = page.content.decode().split('id="campaign-characters"')[1].split("</ul>")[0]
    assert str(jim.id) not in party
    # Only the GM decides, so only the GM sees who asks (the owner included).
    for member in (other_player_client, player_client):
        seen = member.get(reverse("drifting:campaign", kwargs={"campaign_id": storm.id}))
        assert "data-bring-request" not in seen.content.decode()

    assert _decide(gm_client, storm, jim, "accept").status_code == 302  # type: ignore[attr-defined]
    jim.refresh_from_db()
    assert jim.campaign == storm
    page = gm_client.get(reverse("drifting:campaign", kwargs={"campaign_id": storm.id}))
    party = page.content.decode().split('id="campaign-characters"')[1].split("</ul>")[0]
    assert f'data-character="{jim.id}"' in party
    assert "data-bring-request" not in page.content.decode()
    sheet = player_client.get(jim.get_absolute_url()).content.decode()
    assert "The GM of Lost on Storm accepted Jim" in sheet


def test_a_declined_character_stays_outside_and_may_ask_again(
    imported: tuple[Drifter, int], storm: Campaign, player_client: Client, gm_client: Client
) -> None:
    jim, _ = imported
    _ask(player_client, jim, storm)
    assert _decide(gm_client, storm, jim, "decline").status_code == 302  # type: ignore[attr-defined]
    jim.refresh_from_db()
    assert jim.campaign is None
    sheet = player_client.get(jim.get_absolute_url()).content.decode()
    assert "The GM of Lost on Storm declined" in sheet
    assert f'value="{storm.id}"' in sheet
    # A decided request cannot be decided again.
    assert _decide(gm_client, storm, jim, "accept").status_code == 404  # type: ignore[attr-defined]
    jim.refresh_from_db()
    assert jim.campaign is None


def test_every_new_url_is_closed_to_everyone_else(
    rolled_jim: Drifter,
    storm: Campaign,
    player_client: Client,
    other_player_client: Client,
    outsider_client: Client,
    client: Client,
) -> None:
    jim = rolled_jim
    _ask(player_client, jim, storm)
    kwargs = {"campaign_id": storm.id, "character_id": jim.id}
    urls = [
        reverse("drifting:bring", kwargs={"character_id": jim.id}),
        reverse("drifting:bring_accept", kwargs=kwargs),
        reverse("drifting:bring_decline", kwargs=kwargs),
    ]
    before = database_fingerprint()
    for url in urls:
        for someone in (other_player_client, outsider_client):
            assert someone.post(url, {"campaign": str(storm.id)}).status_code == 404, url
        answer = client.post(url, {"campaign": str(storm.id)})
        assert answer.status_code == 302, url
        assert reverse("login") in answer["Location"], url
        assert player_client.get(url).status_code == 405, url
    # The owner is no GM: deciding their own request is not theirs to do.
    for url in urls[1:]:
        assert player_client.post(url).status_code == 404, url
    # A made-up request id hears the same as a stranger.
    made_up = {"campaign_id": storm.id, "character_id": uuid.uuid4()}
    assert player_client.post(reverse("drifting:bring_accept", kwargs=made_up)).status_code == 404
    assert database_fingerprint() == before
    jim.refresh_from_db()
    assert jim.campaign is None


def test_csrf_is_enforced(rolled_jim: Drifter, storm: Campaign, player: User, gm: User) -> None:
    owner, gm_client = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    owner.force_login(player)
    gm_client.force_login(gm)
    assert _ask(owner, rolled_jim, storm).status_code == 403  # type: ignore[attr-defined]
    assert not BringRequest.objects.exists()
    BringRequest.objects.create(character=rolled_jim, campaign=storm)
    for how in ("accept", "decline"):
        assert _decide(gm_client, storm, rolled_jim, how).status_code == 403  # type: ignore[attr-defined]
    rolled_jim.refresh_from_db()
    assert rolled_jim.campaign is None
    assert BringRequest.objects.get().is_open


def _field_error(response: object) -> str:
    assert response.status_code == 400  # type: ignore[attr-defined]
    page = response.content.decode()  # type: ignore[attr-defined]
    # The error under the campaign field, where the form draws it.
    found = re.search(
        r'<div id="id_campaign_error" class="invalid-feedback">(.*?)</div>', page, re.S
    )
    assert found is not None, page[:2000]
    return found.group(1)


def test_a_draft_a_character_in_a_campaign_and_a_stranger_campaign_are_refused_at_the_field(
    rolled_jim: Drifter,
    storm: Campaign,
    player: User,
    outsider: User,
    player_client: Client,
) -> None:
    draft = drifting.character_start(owner=player)
    assert "is a draft" in _field_error(_ask(player_client, draft, storm))

    in_storm = drifting.character_start(owner=player, campaign=storm)
    Drifter.objects.filter(pk=in_storm.pk).update(step=rolled_jim.step)
    assert "already in a campaign" in _field_error(_ask(player_client, in_storm, storm))

    daves = Campaign.objects.create(gm=outsider, name="Dave's table", game=DRIFTING)
    assert "Choose one of your Drifting campaigns" in _field_error(
        _ask(player_client, rolled_jim, daves)
    )

    _ask(player_client, rolled_jim, storm)
    assert "already waiting for the GM of Lost on Storm" in _field_error(
        _ask(player_client, rolled_jim, storm)
    )
    assert BringRequest.objects.count() == 1
    assert not Drifter.objects.filter(campaign=storm, pk=rolled_jim.pk).exists()
