"""The verify report names each row by what it is, from the file's own fields, escaped."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from chargen.core.row_labels import kind_words, row_label
from chargen.infinity_drive.models import Character
from chargen.rollers.models import UniqueCharacter
from tests.chargen.export.conftest import exported
from tests.chargen.export.test_round_trip import upload

HOSTILE = '<script>alert("x")</script>\x1b[2J'


def test_a_row_is_named_by_its_kind_what_it_names_and_its_dice() -> None:
    fields = {
        "kind": "skill_roll",
        "payload": {"skill": "Firearms"},
        "dice": "2d6",
        "faces": [4, 5],
    }
    assert row_label(fields, kind_words("infinity_drive.character")) == (
        "Skill roll: Firearms 2d6 → 4 5"
    )
    # A kind from a system this server does not know still reads as words.
    assert row_label({"kind": "odd_thing"}, kind_words("elsewhere.thing")) == "Odd thing"
    assert row_label({}, kind_words("")) == "Row"
    assert len(row_label({"kind": "x", "summary": "y" * 5000}, kind_words(""))) <= 160


def test_the_page_names_each_row(
    rolled_leanne: UniqueCharacter, player_client: Client, client: Client
) -> None:
    document = exported(player_client, "unique_pool.unique", rolled_leanne)
    fields = document["characters"][0]["log"][0]["fields"]
    page = upload(client, document, url="/verify/").content.decode()
    faces = " ".join(str(face) for face in fields["faces"])
    assert f"<td>#1 · {fields['kind'].capitalize()}: {fields['what']} → {faces}</td>" in page


def test_an_infinity_drive_row_reads_as_the_gm_reads_it(
    treva: Character, player_client: Client, client: Client
) -> None:
    document = exported(player_client, "infinity_drive.character", treva)
    page = upload(client, document, url="/verify/").content.decode()
    assert "<td>#1 · Name and concept" in page
    assert "<td>#2 · Characteristic method" in page
    assert "Skill roll: " in page


def test_text_from_the_file_is_escaped_on_the_page_and_in_the_command(
    rolled_leanne: UniqueCharacter, player_client: Client, client: Client, tmp_path: Path
) -> None:
    document = exported(player_client, "unique_pool.unique", rolled_leanne)
    document["characters"][0]["log"][0]["fields"]["what"] = HOSTILE
    document["characters"][0]["character"]["name"] = HOSTILE
    page = upload(client, document, url="/verify/").content.decode()
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in page
    assert "<script>alert" not in page
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(document))
    out = StringIO()
    with pytest.raises(CommandError, match="failed verification"):
        call_command("verify_export", str(changed), stdout=out)
    printed = out.getvalue()
    # Plain text for a terminal: no control character (an escape sequence) gets through.
    assert '\n  #1 · Roll: <script>alert("x")</script> [2J → ' in printed
    assert "\x1b" not in printed
