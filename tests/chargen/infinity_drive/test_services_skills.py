"""Skill rolls in the wizard's services: the tables each group may use, the academic quota,
rising beyond the maximum (with or without a history reason), and simultaneous posts."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.infinity_drive import services
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character
from rules.errors import RulesError
from tests.chargen.infinity_drive.services_helpers import progress, to_first_survival
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    darrian,
    next_sequence,
    roll_book_characteristics,
    skill,
    survive,
)


def test_the_first_group_uses_only_the_specialisation_tables(draft: Character) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    citizen_construction(draft)
    services.character_roll_skill(
        character=draft, expected_sequence=next_sequence(draft), typed_faces="3 3"
    )
    with pytest.raises(RulesError, match="first group of four"):
        services.character_choose_table(
            character=draft,
            expected_sequence=next_sequence(draft),
            table="citizen-planetside-academic",
        )


def test_the_quota_refuses_an_action_table_while_academic_rolls_are_owed(
    draft: Character,
) -> None:
    to_first_survival(draft)
    survive(draft, "3 3")
    second_group = (
        ("4 4", "construction-academic"),
        ("2 3", "citizen-planetside-academic"),
        ("3 3", "construction-academic"),
        ("4 5", "citizen-planetside-academic"),
    )
    for faces, table in second_group:
        skill(draft, faces, table)
    survive(draft, "4 5")
    services.character_roll_skill(
        character=draft, expected_sequence=next_sequence(draft), typed_faces="3 3"
    )
    # 8 rolls used, 5 left, 2 academic still owed: an action roll is still allowed...
    services.character_choose_table(
        character=draft, expected_sequence=next_sequence(draft), table="construction-action"
    )
    for _ in range(2):
        services.character_roll_skill(
            character=draft, expected_sequence=next_sequence(draft), typed_faces="3 3"
        )
        services.character_choose_table(
            character=draft, expected_sequence=next_sequence(draft), table="construction-action"
        )
    services.character_roll_skill(
        character=draft, expected_sequence=next_sequence(draft), typed_faces="3 3"
    )
    # ...but with 2 left and 2 owed, the action tables are closed.
    with pytest.raises(RulesError, match="owe 2 academic"):
        services.character_choose_table(
            character=draft, expected_sequence=next_sequence(draft), table="construction-action"
        )


def strong_citizen(character: Character) -> None:
    """Point buy with Muscle at C (12), an academic learner, Citizen Construction."""
    services.character_choose_method(character=character, expected_sequence=1, method="point_buy")
    services.character_assign_points(
        character=character,
        expected_sequence=2,
        values={"Mus": 12, "Grc": 6, "Res": 6, "Int": 8, "Sty": 8, "Chz": 6, "Mtp": 4},
    )
    services.character_choose_race(character=character, expected_sequence=3, race_id=None)
    citizen_construction(character)


def test_rising_beyond_the_maximum_asks_for_the_history_reason(
    draft: Character, player_client: Client
) -> None:
    strong_citizen(draft)
    services.character_roll_skill(
        character=draft, expected_sequence=next_sequence(draft), typed_faces="1 1"
    )
    page = player_client.get(reverse("characters:skills", args=[draft.id])).content.decode()
    assert "+1 Mus" in page
    assert "the roll is lost unless you give a history reason" in page
    assert 'name="history_reason"' in page
    services.character_choose_table(
        character=draft,
        expected_sequence=next_sequence(draft),
        table="construction-academic",
        history_reason="Years hauling Infinity Drive parts by hand.",
    )
    state = progress(draft).state
    assert state.characteristics["Mus"] == 13
    assert log_entries(draft)[-1].history_note == "Years hauling Infinity Drive parts by hand."


@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_skill_roll_posts_make_one_roll(player: User) -> None:
    import threading

    from django.db import connection

    character = Character.objects.create(owner=player, name="Twin")
    strong_citizen(character)
    sequence = next_sequence(character)
    start_together = threading.Barrier(2)
    shown: list[tuple[int, list[int]]] = []
    errors: list[BaseException] = []

    def post() -> None:
        try:
            start_together.wait(timeout=10)
            written = services.character_roll_skill(
                character=Character.objects.get(pk=character.pk), expected_sequence=sequence
            )
            shown.append((written.entry.pk, written.entry.faces))
        except BaseException as error:  # reported to the test thread below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=post) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not errors
    assert len(shown) == 2
    assert shown[0] == shown[1]
    rolls = [entry for entry in log_entries(character) if entry.kind == "skill_roll"]
    assert len(rolls) == 1


def test_without_a_history_reason_the_roll_beyond_the_maximum_is_lost(draft: Character) -> None:
    strong_citizen(draft)
    skill(draft, "1 1", "construction-academic")
    state = progress(draft).state
    assert state.characteristics["Mus"] == 12
    assert len(state.lost_rolls) == 1
    assert "lost" in state.lost_rolls[0].reason
