"""Export → import reproduces every system's character; the file follows the schema."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from chargen.core.imports import export_schema
from chargen.core.systems import registry
from chargen.infinity_drive.models import CreationLogEntry
from tests.chargen.export.conftest import exported

KINDS = (
    "infinity_drive.character",
    "drifting.character",
    "unique_pool.unique",
    "roll_and_keep.mana",
)


def upload(client: Client, document: dict[str, Any] | bytes, url: str = "/import/") -> Any:
    raw = document if isinstance(document, bytes) else json.dumps(document).encode()
    return client.post(url, {"file": SimpleUploadedFile("c.chargen.json", raw)})


def comparable(document: dict[str, Any]) -> list[dict[str, Any]]:
    """The characters, every field of every row included (its time of writing too)."""
    return list(json.loads(json.dumps(document["characters"])))


def delete(kind: str, subject: Any) -> None:
    system, _, key = kind.partition(".")
    registry.get(system).character_kind(key).delete(subject)


@pytest.mark.parametrize("kind", KINDS)
def test_an_export_follows_the_schema_and_seals_every_row(
    kind: str, everyone: dict[str, Any], player_client: Client
) -> None:
    document = exported(player_client, kind, everyone[kind])
    jsonschema.validate(document, export_schema())
    rows = document["characters"][0]["log"]
    assert rows, "every fixture has rolled"
    assert all(row["hash"] and row["signature"] and row["key_id"] for row in rows)
    assert set(document["server_keys"]) == {row["key_id"] for row in rows}
    assert {"server", "typed"} & {row["provenance"] for row in rows}


@pytest.mark.parametrize("kind", KINDS)
def test_export_then_import_restores_the_same_character(
    kind: str, everyone: dict[str, Any], player_client: Client
) -> None:
    before = exported(player_client, kind, everyone[kind])
    delete(kind, everyone[kind])
    response = upload(player_client, before)
    assert response.status_code == 302, response.content.decode()[:2000]
    after = exported(player_client, kind, everyone[kind])
    assert comparable(after) == comparable(before)
    page = player_client.get(response["Location"], follow=True)
    assert page.status_code == 200


def test_an_import_keeps_each_row_s_time_of_writing(treva: Any, player_client: Client) -> None:
    written = {row.sequence: row.created for row in treva.log.all()}
    document = exported(player_client, "infinity_drive.character", treva)
    delete("infinity_drive.character", treva)
    assert upload(player_client, document).status_code == 302
    restored = {row.sequence: row.created for row in CreationLogEntry.objects.all()}
    assert restored == written


def test_importing_a_character_still_here_is_refused(treva: Any, player_client: Client) -> None:
    document = exported(player_client, "infinity_drive.character", treva)
    response = upload(player_client, document)
    assert response.status_code == 400
    assert "already on this server" in response.content.decode()


def test_the_treva_sheet_is_the_same_after_a_round_trip(treva: Any, player_client: Client) -> None:
    sheet_url = f"/characters/{treva.pk}/sheet/"
    before = player_client.get(sheet_url).content.decode()
    document = exported(player_client, "infinity_drive.character", treva)
    delete("infinity_drive.character", treva)
    assert upload(player_client, document).status_code == 302
    after = player_client.get(sheet_url).content.decode()
    assert "Treva" in after
    for skill in ("Diplomacy", "Computers"):
        assert (skill in before) == (skill in after)


def test_a_drifting_file_whose_tokens_are_not_its_logs_replay_is_refused(
    rolled_jim: Any, player_client: Client
) -> None:
    document = exported(player_client, "drifting.character", rolled_jim)
    delete("drifting.character", rolled_jim)
    tokens = document["characters"][0]["character"]["tokens"]
    tokens[0]["held"] += 1  # a token the log never granted
    response = upload(player_client, document)
    assert response.status_code == 400
    assert "not the one its log replays to" in response.content.decode()
    tokens[0]["held"] -= 1
    assert upload(player_client, document).status_code == 302


def test_a_file_whose_name_is_not_its_logs_is_refused(treva: Any, player_client: Client) -> None:
    document = exported(player_client, "infinity_drive.character", treva)
    delete("infinity_drive.character", treva)
    document["characters"][0]["character"]["name"] = "Someone Else"
    response = upload(player_client, document)
    assert response.status_code == 400
    assert "are not those its log gives" in response.content.decode()
    assert not CreationLogEntry.objects.exists()


def test_a_file_from_before_names_were_logged_gets_its_name_row(
    player: Any, player_client: Client
) -> None:
    from chargen.infinity_drive.models import Character
    from tests.chargen.infinity_drive.steps import roll_book_characteristics

    older = Character.objects.create(owner=player, name="Vel", concept="Smuggler")
    roll_book_characteristics(older)  # a log as the old code wrote it: no name row
    document = exported(player_client, "infinity_drive.character", older)
    delete("infinity_drive.character", older)
    assert upload(player_client, document).status_code == 302
    rows = list(CreationLogEntry.objects.order_by("sequence"))
    assert [row.kind for row in rows[:-1]] == [
        r["fields"]["kind"] for r in document["characters"][0]["log"]
    ]
    assert (rows[-1].kind, rows[-1].payload) == (
        "concept",
        {"name": "Vel", "concept": "Smuggler", "migrated": True},
    )
    assert rows[-1].entry_hash  # sealed into the chain here, like any row this server writes
