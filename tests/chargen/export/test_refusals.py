"""Tampered, malformed and oversized files are refused or flagged; nothing is saved."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from django.db import connection
from django.test import Client

from chargen.rollers.models import UniqueCharacter, UniqueRollEntry
from tests.chargen.export.conftest import exported
from tests.chargen.export.test_round_trip import delete, upload

KIND = "unique_pool.unique"


@pytest.fixture
def leanne_file(rolled_leanne: UniqueCharacter, player_client: Client) -> dict[str, Any]:
    document = exported(player_client, KIND, rolled_leanne)
    delete(KIND, rolled_leanne)
    return document


def first_server_row(document: dict[str, Any]) -> dict[str, Any]:
    return next(r for r in document["characters"][0]["log"] if r["provenance"] == "server")


def tampered_face(document: dict[str, Any]) -> dict[str, Any]:
    changed = copy.deepcopy(document)
    row = first_server_row(changed)
    row["fields"]["faces"][0] = row["fields"]["faces"][0] % 6 + 1
    return changed


def removed_row(document: dict[str, Any]) -> dict[str, Any]:
    changed = copy.deepcopy(document)
    del changed["characters"][0]["log"][0]
    return changed


def reordered(document: dict[str, Any]) -> dict[str, Any]:
    changed = copy.deepcopy(document)
    changed["characters"][0]["log"].reverse()
    return changed


def wrong_version(document: dict[str, Any]) -> dict[str, Any]:
    return {**document, "version": 99}


def resigned_hash(document: dict[str, Any]) -> dict[str, Any]:
    """A face changed and the row's hash recomputed: only the signature can tell."""
    from chargen.core.chain import chain_hash, chain_message

    changed = tampered_face(document)
    item = changed["characters"][0]
    row = first_server_row(changed)
    previous = "" if row["sequence"] == 1 else item["log"][row["sequence"] - 2]["hash"]
    row["hash"] = chain_hash(
        chain_message(
            subject=item["id"], sequence=row["sequence"], fields=row["fields"], previous=previous
        )
    )
    return changed


def timeless(document: dict[str, Any]) -> dict[str, Any]:
    changed = copy.deepcopy(document)
    changed["characters"][0]["log"][0]["created"] = "yesterday"
    return changed


def no_time_zone(document: dict[str, Any]) -> dict[str, Any]:
    changed = copy.deepcopy(document)
    changed["characters"][0]["log"][0]["created"] = "2026-11-26T10:00:00"
    return changed


CASES = [
    (tampered_face, "was changed after it was signed"),
    (removed_row, "rows are missing or out of order"),
    (reordered, "rows are missing or out of order"),
    (wrong_version, "format version 99"),
    (resigned_hash, "signature does not verify"),
    (timeless, "Row #1: its time of writing (“yesterday”) is not a date and time"),
    (no_time_zone, "is not a date and time with a time zone"),
]


@pytest.mark.parametrize(("change", "words"), CASES, ids=[case[0].__name__ for case in CASES])
def test_a_changed_file_is_refused_and_nothing_is_saved(
    change: Any, words: str, leanne_file: dict[str, Any], player_client: Client
) -> None:
    response = upload(player_client, change(leanne_file))
    assert response.status_code == 400
    assert words in response.content.decode()
    assert not UniqueCharacter.objects.exists()
    assert not UniqueRollEntry.objects.exists()


@pytest.mark.parametrize(
    ("change", "words"), CASES[:3] + CASES[4:5], ids=["face", "removed", "reordered", "resigned"]
)
def test_the_verify_page_flags_a_changed_file(
    change: Any, words: str, leanne_file: dict[str, Any], client: Client
) -> None:
    response = upload(client, change(leanne_file), url="/verify/")
    page = response.content.decode()
    assert response.status_code == 200
    assert "chain broken" in page
    assert words in page


def test_the_verify_page_passes_an_untouched_file(
    leanne_file: dict[str, Any], client: Client
) -> None:
    page = upload(client, leanne_file, url="/verify/").content.decode()
    assert "chain intact" in page
    assert "Rolled by the server; signature good" in page
    assert "Faces typed in from physical dice" in page


def test_a_face_changed_in_the_database_is_detected(
    rolled_leanne: UniqueCharacter, player_client: Client
) -> None:
    row = rolled_leanne.rolls.filter(entered=False).first()
    assert row is not None
    faces = [face % 6 + 1 for face in row.faces]
    table = UniqueRollEntry._meta.db_table
    with connection.cursor() as cursor:  # what an edit behind the app's back would do
        cursor.execute(
            f"UPDATE {table} SET faces = %s WHERE id = %s",  # noqa: S608
            [json.dumps(faces), row.pk.hex if connection.vendor == "sqlite" else row.pk],
        )
    document = exported(player_client, KIND, rolled_leanne)
    page = upload(player_client, document, url="/verify/").content.decode()
    assert "chain broken" in page
    assert f"Row #{row.sequence} was changed after it was signed" in page


def test_a_file_over_the_limit_is_refused(player_client: Client) -> None:
    response = upload(player_client, b" " * (50 * 1024 * 1024))
    assert response.status_code == 400
    assert "50.0 MB" in response.content.decode()
    assert not UniqueCharacter.objects.exists()


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        (b"not json", "it is not JSON"),
        (b'{"format": "something else"}', "its format is not named"),
        (b'{"format": "chargen-export", "version": 1, "characters": []}', "malformed"),
    ],
)
def test_a_malformed_file_is_refused_with_words(
    raw: bytes, words: str, player_client: Client
) -> None:
    response = upload(player_client, raw)
    assert response.status_code == 400
    assert words in response.content.decode()


def test_rule_data_changed_in_the_file_is_refused(treva: Any, player_client: Client) -> None:
    document = exported(player_client, "infinity_drive.character", treva)
    delete("infinity_drive.character", treva)
    version = document["characters"][0]["rule_data"][0]
    version["data"] = [version["data"], "edited"]
    response = upload(player_client, document)
    assert response.status_code == 400
    assert "does not match its hash" in response.content.decode()
