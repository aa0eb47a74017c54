"""Roller sheets shown at a campaign's table: their rolls reach the table and the strips
as every character's do, under the same house rule, and a watcher coming back hears the
ones it missed once. A sheet at no table, or taken off it, is heard by no one."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.rollers import services
from chargen.rollers.models import (
    ManaCharacter,
    ManaRollEntry,
    ManaRollKind,
    UniqueCharacter,
    UniqueRollEntry,
    UniqueRollKind,
)
from chargen.rollers.services_table import sheet_show_at
from tests.chargen.table.conftest import run
from tests.chargen.table.test_consumer import cursor_in, heard, hello, socket, until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("redis_layer")]


def unique_roll(sheet: UniqueCharacter, what: str, faces: list[int]) -> UniqueRollEntry:
    """A pool roll saved through the log kernel, as the sheet's roll saves one."""
    return UniqueRollEntry.objects.create(
        character=sheet,
        sequence=services.next_sequence(sheet),
        kind=UniqueRollKind.ROLL,
        what=what,
        summary=f"Roll Total {sum(faces)}",
        faces=faces,
        total=sum(faces),
    )


def mana_roll(sheet: ManaCharacter, what: str, faces: list[int]) -> ManaRollEntry:
    return ManaRollEntry.objects.create(
        character=sheet,
        sequence=services.next_sequence(sheet),
        kind=ManaRollKind.ROLL,
        what=what,
        summary="2 successes",
        faces=faces,
        successes=2,
    )


@pytest.fixture
def brannock(player: User, table_campaign: Campaign) -> UniqueCharacter:
    sheet = services.unique_character_create(owner=player, name="Brannock")
    sheet_show_at(character=sheet, campaign=table_campaign)
    return sheet


@pytest.fixture
def weaver(other_player: User, table_campaign: Campaign) -> ManaCharacter:
    sheet = services.mana_character_create(owner=other_player, name="Weaver")
    sheet_show_at(character=sheet, campaign=table_campaign)
    return sheet


def test_the_table_page_lists_roller_rolls_with_dice_result_and_what_they_did(
    table_campaign: Campaign, gm_client: Client, brannock: UniqueCharacter, weaver: ManaCharacter
) -> None:
    unique_roll(brannock, "Strength 3 dice <climb>", [1, 4, 6])
    mana_roll(weaver, "Cunning kept 2", [7, 9])
    html = gm_client.get(reverse("table:page", kwargs={"campaign_id": table_campaign.pk}))
    text = html.content.decode()
    assert "Pool roll: Strength 3 dice &lt;climb&gt; → Roll Total 11" in text
    assert "Roll: Cunning kept 2 → 2 successes" in text
    assert 'data-sides="6" data-face="6"' in text
    # A roll-and-keep die is a d10, drawn with its number: as a d6, a 9 showed no pips.
    assert 'data-sides="10" data-face="9"' in text
    assert 'data-sides="6" data-face="9"' not in text
    assert brannock.get_absolute_url() in text  # the GM opens the sheet (read only)
    assert text.index("Cunning kept 2") < text.index("Strength 3 dice")  # newest first


def test_a_sheet_at_no_table_is_on_no_table(
    table_campaign: Campaign, gm_client: Client, player: User
) -> None:
    sheet = services.unique_character_create(owner=player, name="Hermit")
    unique_roll(sheet, "Alone in the woods", [2])
    text = gm_client.get(reverse("table:page", kwargs={"campaign_id": table_campaign.pk}))
    assert "Alone in the woods" not in text.content.decode()


def test_members_hear_each_roller_roll_live_and_a_reconnect_hears_the_missed_once(
    table_campaign: Campaign,
    gm: User,
    other_player: User,
    brannock: UniqueCharacter,
    weaver: ManaCharacter,
) -> None:
    async def test() -> None:
        carol = socket(table_campaign, other_player)
        assert (await carol.connect(timeout=30))[0]
        await hello(carol, "")
        await database_sync_to_async(unique_roll)(brannock, "Brannock pushes the door", [5, 2])
        live = await until(carol, "Brannock pushes the door")
        assert 'data-face="5"' in live
        # Members read a roller sheet shown at their table: the entry links to it.
        assert f'href="{brannock.get_absolute_url()}"' in live
        position = cursor_in(live.rpartition("Brannock pushes the door")[2])
        await carol.disconnect(timeout=30)

        await database_sync_to_async(unique_roll)(brannock, "Missed pool", [3])
        await database_sync_to_async(mana_roll)(weaver, "Missed keep", [8, 8])
        again = socket(table_campaign, other_player)
        assert (await again.connect(timeout=30))[0]
        replay = await hello(again, position) + await heard(again)
        assert replay.count("Missed pool") == 1
        assert replay.count("Missed keep") == 1
        assert 'data-sides="10" data-face="8"' in replay  # over the socket as on the page
        assert "Brannock pushes the door" not in replay
        await again.disconnect(timeout=30)

    run(test)


def test_with_the_house_rule_off_a_player_hears_only_their_own_roller_rolls(
    table_campaign: Campaign,
    gm: User,
    player: User,
    brannock: UniqueCharacter,
    weaver: ManaCharacter,
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
        await database_sync_to_async(mana_roll)(weaver, "Weaver secret keep", [9])
        await database_sync_to_async(unique_roll)(brannock, "Brannock own pool", [4])
        bob_heard = await until(bob, "Brannock own pool") + await heard(bob)
        alice_heard = await until(alice, "Brannock own pool") + await heard(alice)
        assert "Weaver secret keep" not in bob_heard
        assert "Weaver secret keep" in alice_heard
        await bob.disconnect(timeout=30)
        await alice.disconnect(timeout=30)

    run(test)
