"""A finished character submitted, approved or returned is an entry on its campaign's
table: newest first, linking to its sheet, seen as its rows are (the house rule), on the
page and over the socket, live and after a reconnection, once."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign, Membership
from chargen.campaigns.services import campaign_create
from chargen.core.live import cursor_from_text, passages_key
from chargen.infinity_drive.gm.services import character_approve, character_return
from chargen.infinity_drive.models import Character, CharacterStatus
from chargen.infinity_drive.services_bring import character_bring_into_campaign
from tests.chargen.house_rules import set_house_rules
from tests.chargen.table.conftest import run
from tests.chargen.table.test_consumer import cursor_in, heard, hello, socket, until

SUBMITTED = "Submitted to the GM"
APPROVED = "Approved by the GM"
RETURNED = "Returned to its player for changes"


@pytest.fixture
def desk_campaign(gm: User, player: User, other_player: User) -> Campaign:
    campaign = campaign_create(gm=gm, name="The Long Jump", approval_required=True)
    Membership.objects.create(campaign=campaign, user=player)
    Membership.objects.create(campaign=campaign, user=other_player)
    return campaign


def submitted(owner: User, campaign: Campaign, name: str) -> Character:
    """A finished character brought into the campaign: it waits for the GM."""
    character = Character.objects.create(owner=owner, name=name, status=CharacterStatus.FINISHED)
    return character_bring_into_campaign(character=character, campaign=campaign)


def entries(html: str, label: str) -> int:
    """How many feed entries read `label` (a character's badge may read the same)."""
    return html.count(f'<div class="text-break">{label}</div>')


def page(client: Client, campaign: Campaign) -> str:
    response = client.get(reverse("table:page", kwargs={"campaign_id": campaign.pk}))
    assert response.status_code == 200
    return response.content.decode()


def entry(html: str, text: str) -> str:
    """The feed entry (its <li>) holding `text`."""
    before, _, after = html.partition(text)
    return before.rpartition("<li")[2] + text + after.partition("</li>")[0]


@pytest.mark.django_db
def test_the_page_lists_submitted_approved_and_returned_newest_first(
    desk_campaign: Campaign, gm: User, player: User, gm_client: Client, player_client: Client
) -> None:
    treva = submitted(player, desk_campaign, "Treva")
    character_approve(character=treva, by=gm)
    kel = submitted(player, desk_campaign, "Kel <b>")
    character_return(character=kel, by=gm, note="Make her older.")
    for html in (page(gm_client, desk_campaign), page(player_client, desk_campaign)):
        feed = html.partition('id="table-feed"')[2]
        assert feed.index(RETURNED) < feed.index(SUBMITTED) < feed.index(APPROVED)
        assert entries(feed, SUBMITTED) == 2
        assert treva.get_absolute_url() in entry(feed, APPROVED)
        assert "Kel &lt;b&gt;" in entry(feed, RETURNED)
        assert "Make her older" not in feed  # the GM's note is the player's, on the desk
        value = html.split('id="table-cursor" value="')[1].split('"')[0].replace("&quot;", '"')
        assert cursor_from_text(value)[passages_key(desk_campaign.pk)] == 4


@pytest.mark.django_db
def test_another_player_sees_a_passage_as_the_house_rule_says(
    desk_campaign: Campaign, gm: User, player: User, other_player_client: Client
) -> None:
    treva = submitted(player, desk_campaign, "Treva")
    feed = page(other_player_client, desk_campaign).partition('id="table-feed"')[2]
    assert SUBMITTED in feed
    assert treva.get_absolute_url() not in entry(feed, SUBMITTED)  # not Carol's to open
    set_house_rules(desk_campaign, live_sharing="own")
    feed = page(other_player_client, desk_campaign).partition('id="table-feed"')[2]
    assert entries(feed, SUBMITTED) == 0
    assert "Treva" not in feed


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("redis_layer")
def test_watchers_hear_each_passage_live_and_what_they_missed_once(
    desk_campaign: Campaign, gm: User, player: User, other_player: User
) -> None:
    treva = submitted(player, desk_campaign, "Treva")

    async def test() -> None:
        alice = socket(desk_campaign, gm)
        assert (await alice.connect(timeout=30))[0]
        first = await hello(alice, "")
        assert entries(first, SUBMITTED) == 1
        position = cursor_in(first)
        carol = socket(desk_campaign, other_player)
        assert (await carol.connect(timeout=30))[0]
        await hello(carol, position)

        await database_sync_to_async(character_approve)(character=treva, by=gm)
        live = await until(alice, APPROVED)
        assert treva.get_absolute_url() in entry(live, APPROVED)
        assert "Approved" in live.rpartition('id="subject-infinity_drive-')[2]  # its badge
        rest = await heard(alice)
        assert entries(live + rest, SUBMITTED) == 0
        assert entries(live + rest, APPROVED) == 1
        assert treva.get_absolute_url() not in entry(await until(carol, APPROVED), APPROVED)
        await carol.disconnect(timeout=30)

        # Away while Kel is submitted and returned: both on coming back, once each.
        kel = await database_sync_to_async(submitted)(player, desk_campaign, "Kel")
        await database_sync_to_async(character_return)(character=kel, by=gm, note="Older.")
        again = socket(desk_campaign, other_player)
        assert (await again.connect(timeout=30))[0]
        replay = await hello(again, position) + await heard(again)
        assert entries(replay, APPROVED) == 1
        assert entries(replay, SUBMITTED) == 1
        assert entries(replay, RETURNED) == 1
        assert replay.index(RETURNED) < replay.index(SUBMITTED)  # newest on top
        await again.disconnect(timeout=30)
        await alice.disconnect(timeout=30)

    run(test)
