"""Importing a character as a new one: a friend's, or one's own a second time.

The copy has a new id and the importer for its owner; its dice read as imported (typed
faces stay typed); the original is untouched and exports the same file as before.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from chargen.core import roll_keys
from chargen.core.imports import as_copy
from chargen.core.log import SUBJECT_FIELD
from chargen.core.provenance import dice_provenance
from chargen.core.systems import registry
from chargen.core.verify import verify_rows
from tests.chargen.export.conftest import exported
from tests.chargen.export.test_round_trip import KINDS, comparable, upload


def upload_copy(client: Client, document: dict[str, Any]) -> Any:
    raw = json.dumps(document).encode()
    return client.post("/import/", {"file": SimpleUploadedFile("c.json", raw), "copy": "on"})


def model_of(kind: str) -> Any:
    system, _, key = kind.partition(".")
    exporter = registry.get(system).character_kind(key).exporter
    assert exporter is not None
    return exporter.log_model._meta.get_field(SUBJECT_FIELD).related_model


def the_copy(kind: str, original: Any) -> Any:
    return model_of(kind).objects.exclude(pk=original.pk).get()


@pytest.mark.parametrize("kind", KINDS)
def test_a_friend_imports_a_players_character_as_a_copy(
    kind: str,
    everyone: dict[str, Any],
    player_client: Client,
    other_player: User,
    other_player_client: Client,
) -> None:
    original = everyone[kind]
    document = exported(player_client, kind, original)
    counted = dice_provenance(original)

    refused = upload(other_player_client, document)
    assert refused.status_code == 400
    page = refused.content.decode()
    assert "already on this server" in page
    assert "To keep both, tick “Import as a new character”" in page  # it offers the copy

    response = upload_copy(other_player_client, document)
    assert response.status_code == 302, response.content.decode()[:2000]
    copy = the_copy(kind, original)
    assert copy.owner == other_player
    assert str(copy.pk) != document["characters"][0]["id"]
    assert other_player_client.get(response["Location"], follow=True).status_code == 200

    # The original is untouched: the same file as before, still its owner's.
    assert comparable(exported(player_client, kind, original)) == comparable(document)
    original.refresh_from_db()
    assert original.owner != other_player

    # The copy's dice read as imported; typed faces stay typed; the rows are the file's.
    copied = exported(other_player_client, kind, copy)["characters"][0]
    rows = document["characters"][0]["log"]
    assert [row["fields"] for row in copied["log"][: len(rows)]] == [r["fields"] for r in rows]
    assert [row["created"] for row in copied["log"][: len(rows)]] == [r["created"] for r in rows]
    expected = {
        row["sequence"]: "imported" if row["provenance"] == "server" else row["provenance"]
        for row in rows
    }
    assert {row["sequence"]: row["provenance"] for row in copied["log"][: len(rows)]} == expected
    assert dice_provenance(copy).server == 0
    assert dice_provenance(copy).imported == sum(
        1 for value in expected.values() if value == "imported"
    )
    assert dice_provenance(original) == counted
    # Chained again under the copy's id: the copy's own file imports elsewhere too.
    verdicts = verify_rows(copied["id"], copied["log"], roll_keys.known_public_keys())
    assert not [verdict for verdict in verdicts if verdict.verdict in {"broken", "unsealed"}]


def test_a_player_imports_their_own_file_again_as_a_copy(
    rolled_leanne: Any, player: User, player_client: Client
) -> None:
    document = exported(player_client, "unique_pool.unique", rolled_leanne)
    response = upload_copy(player_client, document)
    assert response.status_code == 302
    copy = the_copy("unique_pool.unique", rolled_leanne)
    assert (copy.owner, copy.name) == (player, rolled_leanne.name)
    page = player_client.get(response["Location"]).content.decode()
    assert "imported from another server" in page
    # A second copy of the same file is a third sheet, not a refusal.
    assert upload_copy(player_client, document).status_code == 302
    assert model_of("unique_pool.unique").objects.filter(owner=player).count() == 3
    page = player_client.get(f"/rollers/unique/{rolled_leanne.pk}/").content.decode()
    assert "imported from another server" not in page


def test_a_copy_never_carries_this_servers_signature(
    rolled_leanne: Any, player_client: Client
) -> None:
    item = exported(player_client, "unique_pool.unique", rolled_leanne)["characters"][0]
    copied = as_copy(item)
    assert copied["id"] != item["id"]
    assert {(row["signature"], row["key_id"]) for row in copied["log"]} == {("", "")}
    assert [row["hash"] for row in copied["log"]] != [row["hash"] for row in item["log"]]


def test_a_broken_file_is_refused_as_a_copy_too(rolled_leanne: Any, player_client: Client) -> None:
    document = exported(player_client, "unique_pool.unique", rolled_leanne)
    document["characters"][0]["log"][0]["fields"]["faces"] = [6, 6, 6]
    response = upload_copy(player_client, document)
    assert response.status_code == 400
    assert model_of("unique_pool.unique").objects.count() == 1
