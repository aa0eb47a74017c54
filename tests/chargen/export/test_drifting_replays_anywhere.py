"""A Drifting file carries the lifepath records it was built under (its pinned version,
in `rule_data`, by hash), so it replays anywhere: after its lifepaths were deleted here,
or on a server that never had its campaign's own lifepaths. The recreated rows are
offered to no one. A refusal names the log row where it can."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.drifting import services
from chargen.drifting.models import Character, Lifepath
from chargen.drifting.pinned import lifepath_data
from chargen.drifting.selectors import lifepaths_available
from rules import drifting as rules
from tests.chargen.drifting.conftest import campaign, lifepaths
from tests.chargen.export.conftest import exported
from tests.chargen.export.test_bring_and_provenance import rechained_elsewhere
from tests.chargen.export.test_drifting_lifepaths import finished_after_an_undo
from tests.chargen.export.test_round_trip import comparable, delete, upload
from tests.chargen.migration.legacy import page_text

__all__ = ["campaign", "lifepaths"]

KIND = "drifting.character"


def _sheet(client: Client, character: Character) -> str:
    response = client.get(reverse("drifting:character", args=[character.pk]))
    assert response.status_code == 200
    return page_text(response.content.decode())


def _imported(client: Client, document: dict[str, Any]) -> None:
    """Upload the file, and read the page it leads to (its "Imported" note shown once)."""
    response = upload(client, document)
    assert response.status_code == 302, response.content.decode()[-2000:]
    assert client.get(response["Location"]).status_code == 200


def _chosen_ids(document: dict[str, Any]) -> list[str]:
    return [path["id"] for path in document["characters"][0]["character"]["lifepaths"]]


def _round_trip_without_the_lifepaths(
    client: Client, character: Character
) -> tuple[dict[str, Any], str]:
    """Export, read the sheet, delete the character and then every lifepath it chose."""
    document = exported(client, KIND, character)
    sheet = _sheet(client, character)
    delete(KIND, character)
    Lifepath.objects.filter(pk__in=_chosen_ids(document)).delete()
    return document, sheet


def test_a_finished_character_replays_after_its_lifepaths_were_deleted(
    player: User, player_client: Client, lifepaths: dict[str, Any]
) -> None:
    sable = finished_after_an_undo(player, lifepaths)
    document, sheet = _round_trip_without_the_lifepaths(player_client, sable)
    assert document["characters"][0]["rule_data"][0]["ruleset"] == "drifting"

    _imported(player_client, document)

    assert _sheet(player_client, sable) == sheet
    assert comparable(exported(player_client, KIND, sable)) == comparable(document)
    recreated = Lifepath.objects.filter(pk__in=_chosen_ids(document))
    assert recreated.count() == 4
    assert all(row.restored_for_import for row in recreated)
    # Offered to no one: not to a new character's pinned set, not on a GM's page.
    offered = {record["pk"] for record in lifepath_data(None)["lifepaths"]}
    assert offered.isdisjoint(_chosen_ids(document))
    assert not lifepaths_available(None).filter(pk__in=_chosen_ids(document)).exists()


def test_a_character_in_creation_replays_and_cannot_take_a_withdrawn_lifepath(
    player: User, player_client: Client, lifepaths: dict[str, Any]
) -> None:
    kay = services.character_start(owner=player, name="Kay", concept="Medic")
    services.character_add_lifepath(
        character=kay, lifepath=lifepaths["station-brat"], key=kay.next_sequence
    )
    # The wizard says when the lifepaths changed since it was started: change them now,
    # so that the page read before the export says it too (deleting Kay's own lifepath
    # below is such a change).
    lifepaths["born-on-storm"].delete()
    document, sheet = _round_trip_without_the_lifepaths(player_client, kay)

    _imported(player_client, document)

    kay = Character.objects.get(pk=kay.pk)
    assert _sheet(player_client, kay) == sheet
    # The lifepath recreated for the import is still withdrawn for a new choice.
    undone = services.character_undo_lifepath(character=kay, key=kay.next_sequence)
    assert undone is not None
    kay = Character.objects.get(pk=kay.pk)
    with pytest.raises(rules.DriftingError, match="withdrawn"):
        services.character_add_lifepath(
            character=kay, lifepath=lifepaths["station-brat"], key=kay.next_sequence
        )


def test_a_campaigns_own_lifepath_travels_to_a_server_without_the_campaign(
    gm: User, player: User, player_client: Client, campaign: Campaign, lifepaths: dict[str, Any]
) -> None:
    own = services.campaign_lifepath_add(
        campaign=campaign,
        by=gm,
        name="Storm chaser",
        description="",
        region="Storm",
        grants=[rules.TokenGrant(kind=rules.TokenKind.FOCUS, name="Weather", count=2)],
    )
    ren = services.character_start(owner=player, name="Ren", concept="Pilot", campaign=campaign)
    services.character_add_lifepath(character=ren, lifepath=own, key=ren.next_sequence)
    document = exported(player_client, KIND, ren)
    delete(KIND, ren)
    campaign.delete()  # the campaign and its own lifepaths: another server never had them
    assert not Lifepath.objects.filter(pk=own.pk).exists()

    response = upload(player_client, document)

    assert response.status_code == 302, response.content.decode()[-2000:]
    assert "Storm chaser" in _sheet(player_client, Character.objects.get(pk=ren.pk))


def test_a_lifepath_neither_here_nor_in_the_file_is_refused_naming_it(
    player: User, player_client: Client, lifepaths: dict[str, Any]
) -> None:
    sable = finished_after_an_undo(player, lifepaths)
    document, _ = _round_trip_without_the_lifepaths(player_client, sable)
    document["characters"][0]["rule_data"] = []  # the version is stored nowhere then
    document["characters"][0]["character"]["rule_version"] = None

    response = upload(player_client, document)

    assert response.status_code == 400
    assert "Lifepath 1 (“station-brat”) is not on this server" in response.content.decode()
    assert not Character.objects.filter(pk=sable.pk).exists()


def test_a_lifepath_list_not_the_logs_names_the_row_that_chose(
    player: User, player_client: Client, lifepaths: dict[str, Any]
) -> None:
    sable = finished_after_an_undo(player, lifepaths)
    document = exported(player_client, KIND, sable)
    delete(KIND, sable)
    described = document["characters"][0]["character"]["lifepaths"]
    described[1], described[2] = described[2], described[1]

    page = upload(player_client, document).content.decode()

    assert "not the ones its log chose: row #" in page
    assert "chose lifepath 2" in page


def test_a_token_row_that_does_not_replay_is_refused_naming_it(
    rolled_jim: Character, player_client: Client
) -> None:
    document = exported(player_client, KIND, rolled_jim)
    delete(KIND, rolled_jim)
    roll = next(row for row in document["characters"][0]["log"] if row["fields"]["kind"] == "roll")
    roll["fields"]["details"]["depleted"] = {"A token nobody holds": 1}

    response = upload(player_client, rechained_elsewhere(document))

    assert response.status_code == 400
    assert f"does not replay to a token sheet at row #{roll['sequence']}" in (
        response.content.decode()
    )
    assert not Character.objects.filter(pk=rolled_jim.pk).exists()


def _first_roll(document: dict[str, Any]) -> dict[str, Any]:
    return next(row for row in document["characters"][0]["log"] if row["fields"]["kind"] == "roll")


def test_a_token_roll_whose_total_its_dice_do_not_give_is_refused_naming_it(
    rolled_jim: Character, player_client: Client
) -> None:
    document = exported(player_client, KIND, rolled_jim)
    delete(KIND, rolled_jim)
    roll = _first_roll(document)
    right = roll["fields"]["total"]
    roll["fields"]["total"] = 99
    roll["fields"]["summary"] = roll["fields"]["summary"].replace(f"total {right}.", "total 99.")

    page = upload(player_client, rechained_elsewhere(document)).content.decode()

    assert f"Row #{roll['sequence']}: the file says 99, the dice give {right}." in page
    assert not Character.objects.filter(pk=rolled_jim.pk).exists()


def test_a_token_roll_past_the_rules_limits_is_refused_naming_it(
    rolled_jim: Character, player_client: Client
) -> None:
    document = exported(player_client, KIND, rolled_jim)
    delete(KIND, rolled_jim)
    roll = _first_roll(document)
    roll["fields"]["details"]["modifier"] = 9

    page = upload(player_client, rechained_elsewhere(document)).content.decode()

    assert f"Row #{roll['sequence']}: the roll does not follow the rules" in page
    assert "a modifier of 9 is not +0 to +3." in page
    assert not Character.objects.filter(pk=rolled_jim.pk).exists()
