"""A roll with nothing left to decide is placed with it: a skill roll only one table can
take, and the last characteristic roll. The placing is an ordinary row, shown on the
page and undone like any other; a repeated roll places nothing twice."""

from __future__ import annotations

import pytest
from django.test import Client

from chargen.infinity_drive import services
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character
from chargen.infinity_drive.wizard.log_walk import Kind
from tests.chargen.infinity_drive.steps import (
    BOOK_CHARACTERISTIC_ROLLS,
    citizen_by_point_buy,
    next_sequence,
)
from tests.chargen.infinity_drive.views_helpers import HTMX, url

ACADEMIC = "construction-academic"
ACTION = "construction-action"


def _academic_with_one_spare_roll(character: Character) -> None:
    """Int 2 + Sty 3 against Int 2 + Chz 2: an academic learner with 5 rolls, 4 of them
    owed to academic tables; the one spare is spent on an action table at once."""
    citizen_by_point_buy(
        character, {"Mus": 10, "Grc": 12, "Res": 12, "Int": 2, "Sty": 3, "Chz": 2, "Mtp": 9}
    )
    services.character_roll_skill(
        character=character, expected_sequence=next_sequence(character), typed_faces="2 2"
    )
    services.character_choose_table(
        character=character, expected_sequence=next_sequence(character), table=ACTION
    )


def _roll(client: Client, character: Character, faces: str, **headers: str) -> str:
    response = client.post(
        url("roll_skill", character),
        {"sequence": next_sequence(character), "faces": faces},
        headers={**HTMX, **headers},
    )
    assert response.status_code == 200
    return response.content.decode()


def test_a_roll_only_one_table_can_take_is_placed_with_it_and_undone_as_a_row(
    draft: Character, player_client: Client
) -> None:
    _academic_with_one_spare_roll(draft)
    before = len(log_entries(draft))
    page = _roll(player_client, draft, "1 1")  # 2: +1 Mus academic; the action table owes

    rows = log_entries(draft)[before:]
    assert [row.kind for row in rows] == [Kind.SKILL_ROLL, Kind.TABLE_CHOICE]
    assert rows[1].payload["table"] == ACADEMIC
    assert rows[1].payload[services.PLACED_WITH_ROLL] is True
    assert 'id="placed-with-roll"' in page
    assert "Construction Academic" in page
    assert "Undo: " in page

    # Undo is a row of its own, and the tables are offered again for the same roll.
    undone = player_client.post(
        url("undo", draft),
        {"sequence": rows[1].sequence, "step": "skills"},
        headers=HTMX,
    )
    assert undone.status_code == 200
    assert log_entries(draft)[-1].kind == "undo"
    again = undone.content.decode()
    assert 'id="placed-with-roll"' not in again
    assert "/skills/choose/" in again


def test_a_repeated_roll_places_nothing_twice(draft: Character, player_client: Client) -> None:
    _academic_with_one_spare_roll(draft)
    sequence = next_sequence(draft)
    for _ in range(2):  # a double-click: the same form twice
        player_client.post(
            url("roll_skill", draft), {"sequence": sequence, "faces": "1 1"}, headers=HTMX
        )
    kinds = [row.kind for row in log_entries(draft) if row.sequence >= sequence]
    assert kinds == [Kind.SKILL_ROLL, Kind.TABLE_CHOICE]


def test_a_roll_with_a_choice_waits_for_the_player(draft: Character, player_client: Client) -> None:
    citizen_by_point_buy(
        draft, {"Mus": 7, "Grc": 7, "Res": 7, "Int": 8, "Sty": 7, "Chz": 7, "Mtp": 7}
    )
    page = _roll(player_client, draft, "2 2")  # 4: both tables can take it
    assert log_entries(draft)[-1].kind == Kind.SKILL_ROLL
    assert 'id="placed-with-roll"' not in page


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_the_last_characteristic_roll_goes_into_the_last_free_one(
    draft: Character, player_client: Client, headers: dict[str, str]
) -> None:
    services.character_choose_method(
        character=draft, expected_sequence=next_sequence(draft), method="dice"
    )
    for faces, code in BOOK_CHARACTERISTIC_ROLLS[:-1]:
        services.character_roll_characteristic(
            character=draft, expected_sequence=next_sequence(draft), typed_faces=faces
        )
        services.character_place_characteristic(
            character=draft, expected_sequence=next_sequence(draft), characteristic=code
        )
    faces, last_code = BOOK_CHARACTERISTIC_ROLLS[-1]
    sequence = next_sequence(draft)
    for _ in range(2):  # and a double-click places it once
        player_client.post(
            url("roll_characteristic", draft),
            {"sequence": sequence, "faces": faces},
            headers=headers,
        )
    rows = [row for row in log_entries(draft) if row.sequence >= sequence]
    assert [row.kind for row in rows] == [Kind.CHARACTERISTIC_ROLL, Kind.CHARACTERISTIC_PLACE]
    assert rows[1].payload["characteristic"] == last_code
    page = player_client.get(url("characteristics", draft)).content.decode()
    assert f"Undo: the roll placed in {last_code}" in page
