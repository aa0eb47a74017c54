"""The table's socket on a real Redis channel layer: who may connect, what each watcher
hears, and that a watcher coming back hears what it missed, once."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User
from django.db import transaction

from chargen.campaigns.models import Campaign
from chargen.campaigns.services import campaign_remove_member
from chargen.core.live_events import announce_subject_after_commit
from chargen.drifting.models import Character, CreationStep
from chargen.table import consumers
from chargen.table.routing import socket_path, websocket_application
from tests.chargen.table.conftest import roll, run, session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("redis_layer")]

CURSOR = re.compile(r'id="table-cursor" value="([^"]*)"')
IDLE = 8  # seconds: longer than a Redis client read timeout of 5 s
WAIT = 30  # seconds a message may take to arrive on a busy machine: a bound, not a measure


def socket(
    campaign: Campaign, user: User | None, origin: bytes = b"http://testserver"
) -> WebsocketCommunicator:
    headers = [(b"origin", origin), (b"host", b"testserver")]
    if user is not None:
        headers.append((b"cookie", session_cookie(user)))
    return WebsocketCommunicator(websocket_application(), socket_path(campaign.pk), headers=headers)


async def hello(communicator: WebsocketCommunicator, cursor: str) -> str:
    await communicator.send_to(text_data=json.dumps({"cursor": cursor, "HEADERS": {}}))
    return await until(communicator, "table-cursor")


async def until(communicator: WebsocketCommunicator, needle: str) -> str:
    """Every message up to the first holding `needle`, joined."""
    messages = []
    while True:
        messages.append(await communicator.receive_from(timeout=WAIT))
        if needle in messages[-1]:
            return "".join(messages)


async def heard(communicator: WebsocketCommunicator) -> str:
    """Everything sent until the socket falls quiet."""
    messages = []
    while not await communicator.receive_nothing(timeout=1):
        messages.append(await communicator.receive_from())
    return "".join(messages)


def cursor_in(message: str) -> str:
    match = CURSOR.search(message)
    assert match is not None, message
    return match.group(1).replace("&quot;", '"')


async def saved_roll(character: Character, summary: str, faces: list[int]) -> Any:
    return await database_sync_to_async(roll)(character, summary, faces)


def test_a_member_hears_what_was_missed_then_each_roll_as_it_is_saved(
    table_campaign: Campaign, player: User, jim: Character, linda: Character
) -> None:
    roll(jim, "Athletics before the page", [1, 2])

    async def test() -> None:
        communicator = socket(table_campaign, player)
        connected, code = await communicator.connect(timeout=30)
        assert connected, code
        missed = await hello(communicator, "")
        assert "Athletics before the page" in missed
        await saved_roll(linda, "Linda climbs the mast", [6, 5])
        live = await until(communicator, "Linda climbs the mast")
        assert 'data-sides="6" data-face="6"' in live
        assert "rolled by the server" in live
        rest = await heard(communicator)
        assert "Athletics before the page" not in live + rest
        assert "Linda climbs the mast" not in rest
        await communicator.disconnect(timeout=30)

    run(test)


@pytest.mark.parametrize("who", ["anonymous", "outsider"])
def test_a_visitor_who_is_no_member_is_refused(
    table_campaign: Campaign, outsider: User, who: str
) -> None:
    async def test() -> None:
        communicator = socket(table_campaign, outsider if who == "outsider" else None)
        connected, _ = await communicator.connect(timeout=30)
        assert not connected

    run(test)


def test_a_socket_opened_from_another_site_is_refused(
    table_campaign: Campaign, player: User
) -> None:
    async def test() -> None:
        communicator = socket(table_campaign, player, origin=b"https://evil.example")
        connected, _ = await communicator.connect(timeout=30)
        assert not connected

    run(test)


def test_a_removed_member_is_disconnected(
    table_campaign: Campaign, gm: User, player: User, jim: Character
) -> None:
    async def test() -> None:
        communicator = socket(table_campaign, player)
        assert (await communicator.connect(timeout=30))[0]
        await hello(communicator, "")
        await database_sync_to_async(campaign_remove_member)(
            campaign=table_campaign, by=gm, user=player
        )
        while True:
            output = await communicator.receive_output(timeout=WAIT)
            if output["type"] == "websocket.close":
                break
        assert output["code"] == consumers.REFUSED

    run(test)


def test_with_the_house_rule_off_a_player_hears_only_their_own_rolls(
    table_campaign: Campaign, gm: User, player: User, jim: Character, linda: Character
) -> None:
    table_campaign.house_rules = {"drifting": {"live_sharing": "own"}}
    table_campaign.save()

    async def test() -> None:
        bob = socket(table_campaign, player)
        alice = socket(table_campaign, gm)
        assert (await bob.connect(timeout=30))[0]
        assert (await alice.connect(timeout=30))[0]
        await hello(bob, "")
        await hello(alice, "")
        await saved_roll(linda, "Linda secret roll", [3, 3])
        await saved_roll(jim, "Jim own roll", [4, 4])
        bob_heard = await until(bob, "Jim own roll") + await heard(bob)
        alice_heard = await until(alice, "Jim own roll") + await heard(alice)
        assert "Linda secret roll" not in bob_heard
        assert "Linda secret roll" in alice_heard
        await bob.disconnect(timeout=30)
        await alice.disconnect(timeout=30)

    run(test)


def test_with_the_house_rule_on_players_hear_each_others_rolls(
    table_campaign: Campaign, player: User, linda: Character
) -> None:
    async def test() -> None:
        bob = socket(table_campaign, player)
        assert (await bob.connect(timeout=30))[0]
        await hello(bob, "")
        await saved_roll(linda, "Linda open roll", [2, 6])
        assert "Linda open roll" in await until(bob, "Linda open roll")
        await bob.disconnect(timeout=30)

    run(test)


def test_each_watcher_is_sent_a_new_row_as_it_may_see_it(
    table_campaign: Campaign, gm: User, player: User, other_player: User, jim: Character
) -> None:
    """The GM and the owner are sent the link to the sheet, another player only the
    name: one fragment is shared by each audience, never across them."""

    async def test() -> None:
        watchers = {
            who: socket(table_campaign, user)
            for who, user in (("gm", gm), ("owner", player), ("other", other_player))
        }
        for communicator in watchers.values():
            assert (await communicator.connect(timeout=30))[0]
            await hello(communicator, "")
        await saved_roll(jim, "Jim jumps the gap", [5, 2])
        heard_by = {
            who: await until(communicator, "Jim jumps the gap")
            for who, communicator in watchers.items()
        }
        assert ">Jim</a>" in heard_by["gm"]
        assert ">Jim</a>" in heard_by["owner"]
        assert ">Jim</a>" not in heard_by["other"]
        assert "Jim jumps the gap" in heard_by["other"]
        for communicator in watchers.values():
            await communicator.disconnect(timeout=30)

    run(test)


def test_a_watcher_reconnecting_from_its_position_hears_each_missed_roll_once(
    table_campaign: Campaign, gm: User, jim: Character, linda: Character
) -> None:
    async def test() -> None:
        first = socket(table_campaign, gm)
        assert (await first.connect(timeout=30))[0]
        await hello(first, "")
        await saved_roll(jim, "Seen live", [1, 1])
        position = cursor_in((await until(first, "Seen live")).rpartition("Seen live")[2])
        await first.disconnect(timeout=30)

        await saved_roll(jim, "Missed one", [2, 2])
        await saved_roll(linda, "Missed two", [3, 3])

        again = socket(table_campaign, gm)
        assert (await again.connect(timeout=30))[0]
        replay = await hello(again, position)
        replay += await heard(again)
        assert replay.count("Missed one") == 1
        assert replay.count("Missed two") == 1
        assert "Seen live" not in replay
        await again.disconnect(timeout=30)

    run(test)


@pytest.mark.parametrize(
    "message",
    ["not json", json.dumps({"cursor": {"a": 1}}), json.dumps({"cursor": '{"x:1": 1}'}), "[]"],
)
def test_a_malformed_message_closes_the_socket(
    table_campaign: Campaign, player: User, message: str
) -> None:
    async def test() -> None:
        communicator = socket(table_campaign, player)
        assert (await communicator.connect(timeout=30))[0]
        await communicator.send_to(text_data=message)
        while True:
            output = await communicator.receive_output(timeout=WAIT)
            if output["type"] == "websocket.close":
                break
        assert output["code"] == consumers.MALFORMED

    run(test)


def test_a_client_may_send_only_a_few_messages(table_campaign: Campaign, player: User) -> None:
    async def test() -> None:
        communicator = socket(table_campaign, player)
        assert (await communicator.connect(timeout=30))[0]
        for _ in range(consumers.MAX_MESSAGES + 1):
            await communicator.send_to(text_data=json.dumps({"cursor": ""}))
        while True:
            output = await communicator.receive_output(timeout=WAIT)
            if output["type"] == "websocket.close":
                break
        assert output["code"] == consumers.TOO_MANY

    run(test)


def test_a_character_changed_without_a_row_is_shown_anew(
    table_campaign: Campaign, gm: User, jim: Character
) -> None:
    def finish() -> None:
        with transaction.atomic():
            Character.objects.filter(pk=jim.pk).update(step=CreationStep.FINISHED)
            jim.refresh_from_db()
            announce_subject_after_commit(jim)  # as the desk's decisions do

    async def test() -> None:
        alice = socket(table_campaign, gm)
        assert (await alice.connect(timeout=30))[0]
        await hello(alice, "")
        await database_sync_to_async(finish)()
        line = await until(alice, 'id="subject-drifting-')
        assert "Finished" in line.rpartition('id="subject-drifting-')[2]
        await alice.disconnect(timeout=30)

    run(test)


def test_a_watcher_idle_longer_than_a_redis_read_still_hears_the_next_roll(
    table_campaign: Campaign, player: User, jim: Character
) -> None:
    """The layer's receive blocks in Redis while nothing happens; a client read timeout
    (redis-py 8 has one by default) would end the socket after a few quiet seconds."""

    async def test() -> None:
        communicator = socket(table_campaign, player)
        assert (await communicator.connect(timeout=30))[0]
        await hello(communicator, "")
        await heard(communicator)  # who is at the table
        await asyncio.sleep(IDLE)  # a quiet table
        await saved_roll(jim, "After the quiet", [4, 4])
        assert "After the quiet" in await until(communicator, "After the quiet")
        await communicator.disconnect(timeout=30)

    run(test)
