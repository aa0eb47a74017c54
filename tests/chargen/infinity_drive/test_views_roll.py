"""The wizard's one roll action: each roll of dice alone in the step table, by its kind."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character
from chargen.infinity_drive.views_roll import ROLL_VIEWS
from chargen.infinity_drive.wizard.entry_kinds import STEP_TABLE, Kind
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    darrian,
    roll_book_characteristics,
)


def _roll_url(character: Character, kind: str) -> str:
    return reverse("characters:roll", args=[character.id, kind])


def test_the_roll_action_takes_exactly_the_tables_rolls_of_dice_alone() -> None:
    assert set(ROLL_VIEWS) == {Kind.SPECIALISATION_ROLL, Kind.SKILL_ROLL, Kind.SURVIVAL_ROLL}
    assert all(STEP_TABLE[kind].dice and STEP_TABLE[kind].page for kind in ROLL_VIEWS)


def test_a_skill_roll_by_its_kind_lands_on_the_skills_step(
    player_client: Client, draft: Character
) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    citizen_construction(draft)
    sequence = log_entries(draft)[-1].sequence + 1
    response = player_client.post(
        _roll_url(draft, Kind.SKILL_ROLL), {"sequence": sequence, "faces": "3 4"}
    )
    assert response.status_code == 303
    assert response["Location"] == reverse("characters:skills", args=[draft.id])
    newest = log_entries(draft)[-1]
    assert (newest.kind, newest.faces, newest.entered) == (Kind.SKILL_ROLL, [3, 4], True)


def test_a_roll_out_of_turn_is_refused_with_the_reason_and_nothing_saved(
    player_client: Client, draft: Character
) -> None:
    roll_book_characteristics(draft)
    before = len(log_entries(draft))
    response = player_client.post(
        _roll_url(draft, Kind.SURVIVAL_ROLL), {"sequence": before + 1, "faces": "3 4"}
    )
    assert response.status_code == 400
    assert len(log_entries(draft)) == before


def test_anything_but_a_roll_of_dice_alone_is_not_there(
    player_client: Client, draft: Character
) -> None:
    for kind in (Kind.CAREER, Kind.SKILL_REROLL, "no_such_roll"):
        response = player_client.post(_roll_url(draft, kind), {"sequence": 1})
        assert response.status_code == 404, kind
    assert player_client.get(_roll_url(draft, Kind.SKILL_ROLL)).status_code == 405


def test_someone_elses_character_cannot_be_rolled_for(gm_client: Client, draft: Character) -> None:
    response = gm_client.post(_roll_url(draft, Kind.SKILL_ROLL), {"sequence": 1})
    assert response.status_code == 404
    assert log_entries(draft) == []
