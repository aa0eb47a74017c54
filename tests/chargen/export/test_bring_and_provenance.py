"""An imported character shows where its dice came from, and may join a campaign via the GM."""

from __future__ import annotations

from typing import Any

import pytest
from django.db.models import QuerySet
from django.test import Client, override_settings

from chargen.campaigns.models import Campaign
from chargen.core import roll_keys
from chargen.core.models import SigningKey
from chargen.drifting import services as drifting
from chargen.drifting.models import Character as Drifter
from chargen.infinity_drive import services
from chargen.infinity_drive import services_finish as finish
from chargen.infinity_drive.models import Character, CharacterStatus, CreationLogEntry
from chargen.rollers.models import UniqueCharacter
from tests.chargen.export.conftest import exported
from tests.chargen.export.test_keys import roll
from tests.chargen.export.test_round_trip import delete, upload
from tests.chargen.infinity_drive.steps import next_sequence
from tests.chargen.infinity_drive_finish.build import choose_option, treva_through_skills

FOREIGN = roll_keys.new_private_key_text()


def test_rolls_from_another_server_are_shown_as_imported(
    leanne: UniqueCharacter, player_client: Client
) -> None:
    with override_settings(CHARGEN_SIGNING_KEY=FOREIGN):
        roll(leanne)
        roll(leanne)
        document = exported(player_client, "unique_pool.unique", leanne)
    delete("unique_pool.unique", leanne)
    SigningKey.objects.filter(key_id=roll_keys._key_from_text(FOREIGN).key_id).delete()
    response = upload(player_client, document)
    assert response.status_code == 302
    page = player_client.get(response["Location"]).content.decode()
    assert "2 rolls imported from another server" in page
    again = exported(player_client, "unique_pool.unique", leanne)
    assert {row["provenance"] for row in again["characters"][0]["log"]} == {"imported"}


def test_our_own_rolls_are_not_called_imported(
    rolled_leanne: UniqueCharacter, player_client: Client
) -> None:
    page = player_client.get(f"/rollers/unique/{rolled_leanne.pk}/").content.decode()
    assert "imported from another server" not in page


def _imported_treva(treva: Character, client: Client) -> Character:
    document = exported(client, "infinity_drive.character", treva)
    delete("infinity_drive.character", treva)
    assert upload(client, document).status_code == 302
    return Character.objects.get(pk=treva.pk)


def test_an_imported_character_is_brought_into_a_campaign_through_the_gm(
    treva: Character, party: Campaign, player_client: Client, gm_client: Client
) -> None:
    imported = _imported_treva(treva, player_client)
    assert imported.campaign is None
    assert imported.status == CharacterStatus.FINISHED
    sheet = player_client.get(f"/characters/{imported.pk}/sheet/").content.decode()
    assert "Bring Treva Donalson into a campaign" in sheet
    assert party.name in sheet
    url = f"/characters/{imported.pk}/campaign/"
    assert player_client.get(url).status_code == 405
    response = player_client.post(url, {"campaign": str(party.pk)})
    assert response.status_code == 302
    imported.refresh_from_db()
    assert imported.campaign_id == party.pk
    assert imported.status == CharacterStatus.SUBMITTED
    queue = gm_client.get(f"/desk/{party.pk}/characters/").content.decode()
    assert "Treva Donalson" in queue


def test_bringing_is_refused_outside_ones_campaigns_and_for_others(
    treva: Character,
    party: Campaign,
    player_client: Client,
    other_player_client: Client,
    outsider_client: Client,
    gm: Any,
) -> None:
    imported = _imported_treva(treva, player_client)
    url = f"/characters/{imported.pk}/campaign/"
    assert other_player_client.post(url, {"campaign": str(party.pk)}).status_code == 404
    from chargen.campaigns.services import campaign_create

    elsewhere = campaign_create(gm=gm, name="Not yours", approval_required=True)
    response = player_client.post(url, {"campaign": str(elsewhere.pk)})
    assert response.status_code == 400
    assert "Choose one of your Infinity Drive campaigns." in response.content.decode()
    imported.refresh_from_db()
    assert imported.campaign is None
    assert imported.status == CharacterStatus.FINISHED
    _ = outsider_client


@pytest.mark.parametrize(
    "sent",
    [{}, {"campaign": ""}, {"campaign": "not-a-uuid"}, {"campaign": "x" * 5000}],
    ids=["missing", "empty", "malformed", "oversized"],
)
def test_a_missing_or_malformed_campaign_is_answered_at_the_field(
    treva: Character, party: Campaign, player_client: Client, sent: dict[str, str]
) -> None:
    imported = _imported_treva(treva, player_client)
    response = player_client.post(f"/characters/{imported.pk}/campaign/", sent)
    assert response.status_code == 400
    page = response.content.decode()
    field = page[page.index('name="campaign"') - 400 : page.index('name="campaign"') + 1200]
    assert "Choose one of your Infinity Drive campaigns." in field
    assert 'aria-invalid="true"' in field
    imported.refresh_from_db()
    assert imported.campaign is None
    assert imported.status == CharacterStatus.FINISHED


def signed_elsewhere(document: dict[str, Any]) -> dict[str, Any]:
    """The same log as another server (holding FOREIGN) would have signed it."""
    foreign = roll_keys._key_from_text(FOREIGN)
    for row in document["characters"][0]["log"]:
        row["signature"] = roll_keys.b64encode(foreign.private.sign(row["hash"].encode()))
        row["key_id"] = foreign.key_id
    return document


def _server_rolled(owner: Any, campaign: Campaign | None) -> Character:
    """A draft whose first characteristic roll the server made."""
    character = Character.objects.create(owner=owner, campaign=campaign, name="Rolled here")
    services.character_choose_method(
        character=character, expected_sequence=next_sequence(character), method="dice"
    )
    services.character_roll_characteristic(
        character=character, expected_sequence=next_sequence(character)
    )
    return character


def test_an_imported_server_roll_is_named_on_the_sheet(player: Any, player_client: Client) -> None:
    character = _server_rolled(player, None)
    document = signed_elsewhere(exported(player_client, "infinity_drive.character", character))
    delete("infinity_drive.character", character)
    assert upload(player_client, document).status_code == 302
    sheet = player_client.get(f"/characters/{character.pk}/sheet/").content.decode()
    assert "1 roll imported from another server" in sheet


def test_the_gm_reads_which_rolls_were_imported(
    player: Any, party: Campaign, gm_client: Client
) -> None:
    character = _server_rolled(player, party)
    rolled = character.log.exclude(faces=[]).get()
    url = f"/desk/{party.pk}/party/{character.pk}/"
    assert "Imported (unverified)" not in gm_client.get(url).content.decode()
    # As an import leaves it: signed by a key this server does not hold.
    QuerySet.update(CreationLogEntry.objects.filter(pk=rolled.pk), key_id="0123456789abcdef")
    # Changed behind the kernel's back, which never changes a row (an import writes new
    # rows instead): the page reads the log as the database has it.
    assert "Imported (unverified)" in gm_client.get(url).content.decode()


def test_the_sheet_counts_imported_rolls_apart_from_the_servers(
    player: Any, player_client: Client
) -> None:
    # The book's Treva typed every die in; her background roll is the server's.
    treva = Character.objects.create(owner=player, name="Treva Donalson")
    treva_through_skills(treva)
    choose_option(treva, "variable")
    finish.equipment_roll_background(
        character=treva, expected_sequence=finish.finish_load(treva).next_sequence
    )
    url = f"/characters/{treva.pk}/sheet/"
    here = player_client.get(url).content.decode()
    assert '<strong class="server-rolls">1</strong> rolled by the server' in here
    assert "imported (unverified)" not in here
    typed = here.split('<strong class="entered-rolls">')[1].split("<")[0]

    document = signed_elsewhere(exported(player_client, "infinity_drive.character", treva))
    delete("infinity_drive.character", treva)
    assert upload(player_client, document).status_code == 302
    there = player_client.get(url).content.decode()
    assert '<strong class="server-rolls">0</strong> rolled by the server' in there
    assert f'<strong class="entered-rolls">{typed}</strong> entered by the player' in there
    assert '<strong class="imported-rolls">1</strong> imported (unverified)' in there
    # The list snapshot counts no roll of another server's as this one's.
    assert Character.objects.get(pk=treva.pk).snapshot["server_rolls"] == 0


def rechained(document: dict[str, Any]) -> dict[str, Any]:
    """Every row's hash recomputed over its (edited) fields, so the chain links again."""
    from chargen.core.chain import chain_hash, chain_message

    item = document["characters"][0]
    previous = ""
    for row in item["log"]:
        row["hash"] = chain_hash(
            chain_message(
                subject=item["id"],
                sequence=row["sequence"],
                fields=row["fields"],
                previous=previous,
            )
        )
        previous = row["hash"]
    return document


def rechained_elsewhere(document: dict[str, Any]) -> dict[str, Any]:
    """Every row's hash recomputed and signed by another server (holding FOREIGN)."""
    return signed_elsewhere(rechained(document))


def test_a_log_that_does_not_replay_is_refused_naming_the_row(
    treva: Character, player_client: Client
) -> None:
    document = exported(player_client, "infinity_drive.character", treva)
    method = next(
        row for row in document["characters"][0]["log"] if row["fields"]["kind"] == "method"
    )
    method["fields"]["payload"] = {"method": "tarot cards"}
    delete("infinity_drive.character", treva)
    response = upload(player_client, rechained_elsewhere(document))
    page = response.content.decode()
    assert response.status_code == 400
    assert "does not replay under the rule data it carries" in page
    assert f"row #{method['sequence']} (" in page
    assert not Character.objects.filter(pk=treva.pk).exists()


def test_a_drifting_sheet_counts_imported_rolls_from_the_log_it_lists(
    jim: Drifter, player_client: Client
) -> None:
    """The token sheet counts where its dice came from over the log rows it loads for its
    own log, not a second read of the log: the same counts, one query fewer."""
    choices = drifting.RollChoices(applicable=("Firearms",))
    with override_settings(CHARGEN_SIGNING_KEY=FOREIGN):
        for _ in range(2):
            jim.refresh_from_db()
            drifting.character_roll(character=jim, key=jim.next_sequence, choices=choices)
        document = exported(player_client, "drifting.character", jim)
    delete("drifting.character", jim)
    SigningKey.objects.filter(key_id=roll_keys._key_from_text(FOREIGN).key_id).delete()
    response = upload(player_client, document)
    assert response.status_code == 302
    page = player_client.get(response["Location"]).content.decode()
    assert "2 rolls imported from another server" in page
    assert "0 rolled by this server, 0 typed from physical dice." in page


def test_a_roller_sheets_cached_counts_follow_a_new_roll(
    leanne: UniqueCharacter, player_client: Client
) -> None:
    """The roller sheets keep the counts in the cache under the newest row's sequence and
    hash (chargen.core.provenance.cached_dice_provenance): a roll made after the page was
    shown is counted on the next page."""
    with override_settings(CHARGEN_SIGNING_KEY=FOREIGN):
        roll(leanne)
        roll(leanne)
        document = exported(player_client, "unique_pool.unique", leanne)
    delete("unique_pool.unique", leanne)
    SigningKey.objects.filter(key_id=roll_keys._key_from_text(FOREIGN).key_id).delete()
    location = upload(player_client, document)["Location"]
    for _ in range(2):  # drawn, then from the cache
        page = player_client.get(location).content.decode()
        assert "2 rolls imported from another server" in page
        assert "0 rolled by this server, 0 typed from physical dice." in page
    roll(UniqueCharacter.objects.get(pk=leanne.pk))
    page = player_client.get(location).content.decode()
    assert "2 rolls imported from another server" in page
    assert "1 rolled by this server, 0 typed from physical dice." in page
