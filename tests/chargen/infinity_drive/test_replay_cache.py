"""A character's replayed state comes from Django's cache (chargen/core/replay_cache.py)
under a key naming its log's content, so it is right after every write, in this process
and in any other, and nothing is ever invalidated.

"Another worker" is a second local-memory cache: each test switches the `default` alias
between two locations, as two gunicorn workers without Redis each have their own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.core.cache import caches
from django.db import transaction
from django.test import Client
from django.urls import reverse

from chargen.core.replay_cache import CACHE_ALIAS, replay_key, source_version
from chargen.infinity_drive import services
from chargen.infinity_drive.models import Character
from tests.chargen.infinity_drive.replay_helpers import checked, key_of, worker
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    darrian,
    next_sequence,
    roll_book_characteristics,
    skill,
)


@pytest.fixture
def at_skills(draft: Character, settings: Any) -> Character:
    worker(settings, "a")
    caches[CACHE_ALIAS].clear()
    roll_book_characteristics(draft)
    darrian(draft)
    citizen_construction(draft)
    return draft


def test_each_write_makes_a_new_key_and_the_state_follows(at_skills: Character) -> None:
    keys = [key_of(at_skills)]
    states = [checked(at_skills).state]
    services.character_roll_skill(
        character=at_skills, expected_sequence=next_sequence(at_skills), typed_faces="1 1"
    )
    keys.append(key_of(at_skills))
    states.append(checked(at_skills).state)
    services.character_choose_table(
        character=at_skills,
        expected_sequence=next_sequence(at_skills),
        table="construction-academic",
        specialty="",
    )
    keys.append(key_of(at_skills))
    states.append(checked(at_skills).state)
    assert states[-1].rolls_used == states[0].rolls_used + 1
    services.character_undo(character=at_skills, expected_sequence=next_sequence(at_skills) - 1)
    keys.append(key_of(at_skills))
    states.append(checked(at_skills).state)
    assert states[-1] == states[1] != states[2]  # the table choice is taken back
    assert len(set(keys)) == len(keys)


def test_a_roll_shows_on_the_next_page(at_skills: Character, player_client: Client) -> None:
    page = reverse("characters:skills", args=[at_skills.id])
    assert "Skill roll 1" not in player_client.get(page).content.decode()
    skill(at_skills, "1 1", "construction-academic")
    assert "Skill roll 1" in player_client.get(page).content.decode()
    checked(at_skills)


def test_another_worker_sees_a_write_made_elsewhere(at_skills: Character, settings: Any) -> None:
    old_key = key_of(at_skills)
    old_state = checked(at_skills).state  # worker a has it cached
    worker(settings, "b")
    skill(at_skills, "1 1", "construction-academic")  # worker b writes
    new_state = checked(at_skills).state
    worker(settings, "a")
    # Worker a still holds the old state, under the old key, and never reads it again.
    assert caches[CACHE_ALIAS].get(old_key) == old_state
    assert checked(at_skills).state == new_state != old_state


def test_a_rolled_back_write_leaves_nothing_stale(at_skills: Character) -> None:
    sequence = next_sequence(at_skills)

    def roll_then_roll_back() -> None:
        with transaction.atomic():
            services.character_roll_skill(
                character=at_skills, expected_sequence=sequence, typed_faces="1 1"
            )
            checked(at_skills)  # the roll's state is cached, then the roll is rolled back
            raise RuntimeError

    with pytest.raises(RuntimeError):
        roll_then_roll_back()
    services.character_roll_skill(
        character=at_skills, expected_sequence=sequence, typed_faces="6 6"
    )
    checked(at_skills)  # the same sequence with other faces: another key


def test_a_log_with_an_unsealed_row_is_not_cached() -> None:
    arguments: dict[str, Any] = {"system": "infinity_drive", "subject_id": "x", "inputs": []}
    assert replay_key(entry_hashes=["a" * 64, ""], **arguments) is None
    assert replay_key(entry_hashes=["a" * 64], **arguments) != replay_key(
        entry_hashes=["b" * 64], **arguments
    )
    assert replay_key(entry_hashes=["a" * 64], **arguments) != replay_key(
        entry_hashes=["a" * 64], **{**arguments, "inputs": [{"dice": "3d6"}]}
    )


def test_the_key_names_the_code_between_the_log_and_the_rules(tmp_path: Path) -> None:
    """A deploy that changes chargen's translation (the step table, say) is a new key."""
    for name in (
        "rules/creation.py",
        "chargen/infinity_drive/wizard/entry_kinds.py",
        "chargen/m/migrations/0001.py",
    ):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("# one\n")
    first = source_version(tmp_path)
    (tmp_path / "chargen/m/migrations/0001.py").write_text("# a migration runs no replay\n")
    assert source_version(tmp_path) == first
    (tmp_path / "chargen/infinity_drive/wizard/entry_kinds.py").write_text("# two\n")
    assert source_version(tmp_path) != first
