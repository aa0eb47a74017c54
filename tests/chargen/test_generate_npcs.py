"""The generate_npcs management command, run through call_command."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = StringIO()
    call_command("generate_npcs", *args, stdout=out)
    return out.getvalue()


def test_json_output_has_complete_characters() -> None:
    payload = json.loads(run("--count", "3", "--seed", "41", "--format", "json"))
    assert payload["seed"] == 41
    assert [npc["seed"] for npc in payload["npcs"]] == [41, 42, 43]
    for npc in payload["npcs"]:
        assert len(npc["profile"]) == 7
        assert npc["career"] in {"Military", "Citizen"}
        assert npc["skills"].startswith("Athletics")
        skill_notes = [entry for entry in npc["history"] if entry["kind"] == "skill"]
        assert len(skill_notes) == npc["rolls_used"]
        assert npc["rolls_used"] + len(npc["setbacks"]) >= npc["rolls"]
        assert all(entry["note"] for entry in skill_notes)


def test_same_seed_same_characters() -> None:
    assert run("--count", "2", "--seed", "7", "--format", "json") == run(
        "--count", "2", "--seed", "7", "--format", "json"
    )
    assert run("--seed", "7") != run("--seed", "8")


def test_career_is_respected_and_text_is_readable() -> None:
    text = run("--count", "2", "--seed", "3", "--career", "Military")
    assert text.count("NPC (seed") == 2
    assert "Military," in text
    assert "Citizen," not in text
    assert "Skills: Athletics" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [(("--career", "Pirate"), "not a career path"), (("--count", "0"), "at least 1")],
)
def test_bad_arguments_give_a_clear_error(args: tuple[str, ...], message: str) -> None:
    with pytest.raises(CommandError, match=message):
        run(*args)


def test_alien_humanoids_are_offered_on_request_only() -> None:
    plain = json.loads(run("--count", "30", "--seed", "3", "--format", "json"))
    aliens = json.loads(
        run("--count", "30", "--seed", "3", "--format", "json", "--alien-humanoids")
    )
    assert {npc["race"] for npc in plain["npcs"]} == {"Humanoid"}
    assert {npc["race"] for npc in aliens["npcs"]} - {"Humanoid"}


def test_without_the_book_in_the_database_the_books_own_data_serves(empty_book: None) -> None:
    """A GM may run the command before loading the rule data: the book's fixture serves."""
    payload = json.loads(run("--count", "2", "--seed", "41", "--format", "json"))
    assert [npc["seed"] for npc in payload["npcs"]] == [41, 42]
    assert all(npc["career"] in {"Military", "Citizen"} for npc in payload["npcs"])
    assert all(len(npc["profile"]) == 7 for npc in payload["npcs"])
