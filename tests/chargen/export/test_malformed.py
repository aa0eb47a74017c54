"""Malformed files get words, never a 500, on /import/, /verify/ and verify_export.

deeply nested JSON raised RecursionError, the verify page
choked on `{"characters": [1]}`, and the command on a top-level list.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from chargen.core.imports import MAX_DEPTH, too_deep
from chargen.core.verify import verify_document
from chargen.rollers.models import UniqueCharacter, UniqueRollEntry
from tests.chargen.export.conftest import exported
from tests.chargen.export.test_round_trip import KINDS, upload
from tests.chargen.form_markup import assert_fields_labelled_and_described

# Far past Python's recursion limit: json.loads itself gives up on this one.
VERY_DEEP = b"[" * 100_000 + b"]" * 100_000


def nested_description(depth: int) -> bytes:
    """A well-formed export whose character description nests `depth` lists deep:
    parsed fine, but deep enough to exhaust the stack in later checks."""
    document = {
        "format": "chargen-export",
        "version": 1,
        "exported": "2026-11-26T12:00:00Z",
        "server_keys": {},
        "characters": [
            {
                "kind": "unique_pool.unique",
                "id": "00000000-0000-4000-8000-000000000000",
                "character": {"name": "Deep", "notes": "@"},
                "rule_data": [],
                "log": [],
            }
        ],
    }
    text = json.dumps(document).replace('"@"', "[" * depth + "]" * depth)
    return text.encode()


NOT_AN_EXPORT = [
    (VERY_DEEP, "nests more than"),
    (nested_description(500), "nests more than"),
    (b'{"characters": [1]}', "its format is not named"),
    (b"[1, 2, 3]", "its format is not named"),
    (b'{"format": "chargen-export", "version": 2, "characters": []}', "format version 2"),
    (
        b'{"format": "chargen-export", "version": 1, "exported": "", "server_keys": {}, '
        b'"characters": [1]}',
        "malformed at characters/0",
    ),
]
IDS = ["very-deep", "deep-inside", "characters-1", "list", "version-2", "schema"]


def file_errors(response: Any) -> list[str]:
    return list(response.context["form"].errors.get("file", []))


@pytest.mark.parametrize(("raw", "words"), NOT_AN_EXPORT, ids=IDS)
def test_the_import_refuses_at_the_file_field(
    raw: bytes, words: str, player_client: Client
) -> None:
    response = upload(player_client, raw)
    assert response.status_code == 400
    assert any(words in error for error in file_errors(response)), file_errors(response)
    assert 'id="id_file_error"' in response.content.decode()
    assert assert_fields_labelled_and_described(response.content.decode()) == 2  # file, copy
    assert not UniqueCharacter.objects.exists()
    assert not UniqueRollEntry.objects.exists()


@pytest.mark.parametrize(("raw", "words"), NOT_AN_EXPORT, ids=IDS)
def test_the_anonymous_verify_page_refuses_at_the_file_field(
    raw: bytes, words: str, client: Client, db: None
) -> None:
    response = upload(client, raw, url="/verify/")
    assert response.status_code == 400
    assert any(words in error for error in file_errors(response)), file_errors(response)
    assert 'id="id_file_error"' in response.content.decode()
    assert assert_fields_labelled_and_described(response.content.decode()) == 2  # the file, a key
    assert response.context["reports"] is None


@pytest.mark.parametrize(("raw", "words"), NOT_AN_EXPORT, ids=IDS)
def test_verify_export_refuses_with_a_command_error(
    raw: bytes, words: str, tmp_path: Path, db: None
) -> None:
    path = tmp_path / "file.json"
    path.write_bytes(raw)
    with pytest.raises(CommandError, match=words):
        call_command("verify_export", str(path))


@pytest.mark.parametrize("typed", ["abc", "not base64 at all!", "ünïcode", "A" * 41, "x" * 5000])
def test_verify_export_refuses_a_public_key_that_is_not_one(
    typed: str, rolled_leanne: UniqueCharacter, player_client: Client, tmp_path: Path
) -> None:
    path = tmp_path / "good.json"
    path.write_text(json.dumps(exported(player_client, "unique_pool.unique", rolled_leanne)))
    with pytest.raises(CommandError, match="is not an Ed25519 public key"):
        call_command("verify_export", str(path), "--public-key", typed)


def test_verify_document_itself_takes_any_shape_without_raising() -> None:
    # Its callers check the schema first; this is the net under them.
    assert verify_document({"characters": [1]}, {})[0].name == "(unnamed)"
    assert verify_document({"characters": 1}, {}) == []
    report = verify_document({"characters": [{"log": [1, "x"], "character": []}]}, {})[0]
    assert [row.verdict for row in report.rows] == ["broken", "broken"]


def depth(value: Any) -> int:
    children = value.values() if isinstance(value, dict) else value
    if isinstance(value, dict | list):
        return 1 + max((depth(child) for child in children), default=0)
    return 0


def test_the_depth_limit_is_exact() -> None:
    nested: Any = []
    for _ in range(MAX_DEPTH - 1):
        nested = [nested]
    assert depth(nested) == MAX_DEPTH
    assert not too_deep(nested)
    assert too_deep([nested])
    assert too_deep({"a": [nested]})


@pytest.mark.parametrize("kind", KINDS)
def test_real_exports_nest_far_less_than_the_limit(
    kind: str, everyone: dict[str, Any], player_client: Client
) -> None:
    assert depth(exported(player_client, kind, everyone[kind])) <= MAX_DEPTH // 4
