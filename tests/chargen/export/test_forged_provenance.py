"""A file cannot make its dice read as rolled by this server.

The forgery: change the faces (or the `entered` flags), recompute the chain's hashes
so it links again, and blank every key id and signature. The chain is intact, so the
import keeps the rows, but no key of this server signed them: they must count as
imported (unverified), on the sheet and on the GM's approval card alike.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.core.imports import ImportRefused, log_rows_from
from chargen.infinity_drive.models import Character
from chargen.rollers import services as rollers
from chargen.rollers.models import UniqueCharacter, UniqueRollEntry
from tests.chargen.export.conftest import exported
from tests.chargen.export.test_bring_and_provenance import rechained
from tests.chargen.export.test_round_trip import delete, upload


def rechained_unsigned(document: dict[str, Any]) -> dict[str, Any]:
    """Every row's hash recomputed over its (edited) fields; no key id, no signature."""
    for row in rechained(document)["characters"][0]["log"]:
        row["key_id"] = ""
        row["signature"] = ""
        row["provenance"] = "server"  # the file's word, which the import must not take
    return document


def test_a_unique_pool_rechained_without_a_key_reads_as_imported(
    rolled_leanne: UniqueCharacter, player_client: Client
) -> None:
    """The faces stay as rolled: changed ones no longer add up to the stored totals, and
    the import's replay refuses them (test_roller_replay.py). What is left to forge is
    the claim that this server rolled them, which the seal no longer proves."""
    document = exported(player_client, "unique_pool.unique", rolled_leanne)
    rolled = [row for row in document["characters"][0]["log"] if row["fields"]["faces"]]
    server_rolled = [row for row in rolled if not row["fields"]["entered"]]
    assert server_rolled, "the fixture has a roll the server made"
    delete("unique_pool.unique", rolled_leanne)
    response = upload(player_client, rechained_unsigned(document))
    assert response.status_code == 302, response.content[:500]
    page = player_client.get(response["Location"]).content.decode()
    count = len(server_rolled)
    assert f"{count} roll{'s' if count > 1 else ''} imported from another server" in page
    assert "0 rolled by this server" in page
    again = exported(player_client, "unique_pool.unique", rolled_leanne)
    assert {
        row["provenance"]
        for row in again["characters"][0]["log"]
        if not row["fields"]["entered"] and row["fields"]["faces"]
    } == {"imported"}


def test_infinity_drive_rows_claiming_no_typed_dice_read_as_imported_for_player_and_gm(
    treva: Character, party: Campaign, player_client: Client, gm_client: Client
) -> None:
    document = exported(player_client, "infinity_drive.character", treva)
    rolled = [row for row in document["characters"][0]["log"] if row["fields"]["faces"]]
    for row in rolled:
        row["fields"]["entered"] = False
    delete("infinity_drive.character", treva)
    response = upload(player_client, rechained_unsigned(document))
    assert response.status_code == 302, response.content[:500]

    sheet = player_client.get(f"/characters/{treva.pk}/sheet/").content.decode()
    assert '<strong class="server-rolls">0</strong> rolled by the server' in sheet
    assert '<strong class="entered-rolls">0</strong> entered by the player' in sheet
    assert f'<strong class="imported-rolls">{len(rolled)}</strong> imported (unverified)' in sheet
    assert Character.objects.get(pk=treva.pk).snapshot["server_rolls"] == 0

    # Brought to the GM, the approval card says the same.
    assert (
        player_client.post(
            f"/characters/{treva.pk}/campaign/", {"campaign": str(party.pk)}
        ).status_code
        == 302
    )
    queue = gm_client.get(f"/desk/{party.pk}/characters/").content.decode()
    card = queue.split(f'id="character-{treva.pk}"')[1]
    dice = re.search(r"<p [^>]*data-provenance[^>]*>(.*?)</p>", card, re.S)
    assert dice is not None
    assert f'data-imported="{len(rolled)}"' in card
    assert "Dice: 0 rolled by this server, 0 typed from physical dice" in dice.group(1)
    assert f"{len(rolled)} imported unverified" in dice.group(1)

    # And the GM's roll log, row by row: not one "App roll".
    log = gm_client.get(reverse("desk:party_character", args=[party.pk, treva.pk])).content.decode()
    sources = re.findall(r'data-label="Source">(.*?)</td>', log, re.S)
    assert sources.count('<strong class="text-danger-emphasis">Imported (unverified)</strong>') == (
        len(rolled)
    )
    assert "App roll" not in log


def test_this_servers_own_signed_rolls_still_restore_as_rolled_here(
    rolled_leanne: UniqueCharacter, player_client: Client
) -> None:
    document = exported(player_client, "unique_pool.unique", rolled_leanne)
    before = [row["provenance"] for row in document["characters"][0]["log"]]
    assert "server" in before
    delete("unique_pool.unique", rolled_leanne)
    response = upload(player_client, document)
    assert response.status_code == 302
    page = player_client.get(response["Location"]).content.decode()
    assert "imported from another server" not in page
    again = exported(player_client, "unique_pool.unique", rolled_leanne)
    assert [row["provenance"] for row in again["characters"][0]["log"]] == before


def test_restoring_an_unsealed_row_is_refused_not_signed_here(
    rolled_leanne: UniqueCharacter, player_client: Client, player: Any
) -> None:
    # check_chain refuses such a file first; this is the net under it in log_rows_from,
    # since saving a row without a hash seals it with this server's key.
    document = exported(player_client, "unique_pool.unique", rolled_leanne)
    item = document["characters"][0]
    item["log"][0]["hash"] = ""
    blank = rollers.unique_character_create(owner=player, name="Blank")
    with pytest.raises(ImportRefused, match="Row #1 is not sealed"):
        log_rows_from(UniqueRollEntry, blank, item)
    assert not UniqueRollEntry.objects.filter(character=blank).exists()
