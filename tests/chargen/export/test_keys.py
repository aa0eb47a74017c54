"""Signatures verify across a key rotation; keys are published; commands work."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.test import Client, override_settings

from chargen.core import roll_keys
from chargen.core.chain import GENESIS
from chargen.rollers import services as rollers
from chargen.rollers.models import UniqueCharacter, UniqueRollEntry
from tests.chargen.export.conftest import exported
from tests.chargen.export.test_round_trip import upload
from tests.chargen.rollers.services_helpers import plan_for

KIND = "unique_pool.unique"
OLD_KEY = roll_keys.new_private_key_text()
NEW_KEY = roll_keys.new_private_key_text()


def roll(sheet: UniqueCharacter) -> None:
    rollers.unique_roll(
        character=sheet, sequence=rollers.next_sequence(sheet), plan=plan_for(sheet, "Strength")
    )


def test_signatures_made_before_a_rotation_still_verify(
    leanne: UniqueCharacter, player_client: Client, client: Client
) -> None:
    with override_settings(CHARGEN_SIGNING_KEY=OLD_KEY):
        roll(leanne)
    with override_settings(CHARGEN_SIGNING_KEY=NEW_KEY):
        roll(leanne)
        key_ids = list(leanne.rolls.order_by("sequence").values_list("key_id", flat=True))
        assert key_ids[0] != key_ids[1]
        published = client.get("/.well-known/chargen-signing-keys.json").json()["keys"]
        assert {key["key_id"] for key in published} >= set(key_ids)
        assert [key["current"] for key in published if key["key_id"] == key_ids[1]] == [True]
        page = upload(client, exported(player_client, KIND, leanne), url="/verify/")
    text = page.content.decode()
    assert "chain intact" in text
    assert text.count("Rolled by the server; signature good") == 2


def test_a_file_from_another_server_verifies_with_its_key(
    leanne: UniqueCharacter, player_client: Client, client: Client
) -> None:
    with override_settings(CHARGEN_SIGNING_KEY=OLD_KEY):
        roll(leanne)
        document = exported(player_client, KIND, leanne)
    # This server has never seen that key: forget it, as another server would.
    from chargen.core.models import SigningKey

    SigningKey.objects.filter(key_id=roll_keys._key_from_text(OLD_KEY).key_id).delete()
    unknown = upload(client, document, url="/verify/").content.decode()
    assert "which this check does not hold" in unknown
    public = roll_keys._key_from_text(OLD_KEY).public_text
    with_key = client.post(
        "/verify/",
        {
            "file": _file(document),
            "public_key": public,
        },
    ).content.decode()
    assert "Rolled by the server; signature good" in with_key


def _file(document: dict[str, Any]) -> Any:
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("c.json", json.dumps(document).encode())


def test_seal_logs_seals_rows_written_before_signing(leanne: UniqueCharacter) -> None:
    roll(leanne)
    roll(leanne)
    UniqueRollEntry._base_manager.filter(character=leanne).update(
        entry_hash="", signature="", key_id=""
    )
    call_command("seal_logs", verbosity=0)
    rows = list(leanne.rolls.order_by("sequence"))
    assert all(row.entry_hash and row.signature for row in rows)
    assert rows[0].entry_hash != GENESIS


def test_verify_export_command_passes_a_good_file_and_fails_a_bad_one(
    rolled_leanne: UniqueCharacter, player_client: Client, tmp_path: Path
) -> None:
    document = exported(player_client, KIND, rolled_leanne)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(document))
    call_command("verify_export", str(good))
    document["characters"][0]["log"][0]["fields"]["faces"][0] = 99
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document))
    with pytest.raises(CommandError, match="failed verification"):
        call_command("verify_export", str(bad))


@pytest.mark.parametrize("typed", ["abc", "not base64 at all!", roll_keys.b64encode(b"x" * 31)])
def test_a_public_key_that_is_not_one_is_refused_at_its_field(
    rolled_leanne: UniqueCharacter, player_client: Client, client: Client, typed: str
) -> None:
    document = exported(player_client, KIND, rolled_leanne)
    response = client.post("/verify/", {"file": _file(document), "public_key": typed})
    assert response.status_code == 400
    assert "That is not an Ed25519 public key" in response.content.decode()


def test_the_published_keys_answer_head_too(client: Client, db: None) -> None:
    assert client.head("/.well-known/chargen-signing-keys.json").status_code == 200
