"""A Drifting character's lifepaths survive export and import: the file lists them, its
log chose them (an undo included), and the import's snapshot is the log's replay."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.test import Client

from chargen.drifting import services
from chargen.drifting.lifepath_log import snapshot_lifepath_ids
from chargen.drifting.models import Character
from chargen.drifting.snapshots import lifepath_mismatches
from tests.chargen.drifting.conftest import lifepaths
from tests.chargen.export.conftest import exported
from tests.chargen.export.test_round_trip import comparable, delete, upload

__all__ = ["lifepaths"]

KIND = "drifting.character"


def finished_after_an_undo(player: User, chosen: dict[str, Any]) -> Character:
    character = services.character_start(owner=player, name="Sable", concept="Pilot")
    for slug in ("station-brat", "us-marine"):
        services.character_add_lifepath(
            character=character, lifepath=chosen[slug], key=character.next_sequence
        )
    services.character_undo_lifepath(character=character, key=character.next_sequence)
    for slug in ("freighter-pilot", "grifter", "drifter"):
        services.character_add_lifepath(
            character=character, lifepath=chosen[slug], key=character.next_sequence
        )
    services.character_review(character=character, key=character.next_sequence)
    return services.character_finish(character=character, key=character.next_sequence)


def test_the_lifepaths_taken_back_and_kept_round_trip(
    player: User, player_client: Client, lifepaths: dict[str, Any]
) -> None:
    sable = finished_after_an_undo(player, lifepaths)
    before = exported(player_client, KIND, sable)
    listed = [path["slug"] for path in before["characters"][0]["character"]["lifepaths"]]
    assert listed == ["station-brat", "freighter-pilot", "grifter", "drifter"]
    delete(KIND, sable)
    response = upload(player_client, before)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert comparable(exported(player_client, KIND, sable)) == comparable(before)
    assert lifepath_mismatches(sable) == []
    assert snapshot_lifepath_ids(sable) == [
        str(lifepaths[slug].pk)
        for slug in ("station-brat", "freighter-pilot", "grifter", "drifter")
    ]


def test_a_file_whose_lifepaths_are_not_its_logs_choice_is_refused(
    player: User, player_client: Client, lifepaths: dict[str, Any]
) -> None:
    sable = finished_after_an_undo(player, lifepaths)
    document = exported(player_client, KIND, sable)
    delete(KIND, sable)
    described = document["characters"][0]["character"]["lifepaths"]
    described[0] = {"id": str(lifepaths["us-marine"].pk), "slug": "us-marine"}  # taken back
    response = upload(player_client, document)
    assert response.status_code == 400
    assert "not the ones its log chose" in response.content.decode()
    assert not Character.objects.filter(pk=sable.pk).exists()
