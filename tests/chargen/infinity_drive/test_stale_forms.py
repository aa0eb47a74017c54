"""A form from a second tab (or Back) whose step is already in the log says so."""

from __future__ import annotations

import re

from django.test import Client
from django.urls import reverse

from chargen.infinity_drive import services
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character, CharacterStatus
from tests.chargen.infinity_drive.steps import next_sequence, skill, to_skills

HTMX = {"HX-Request": "true"}
ACADEMIC = "construction-academic"


def url(name: str, character: Character) -> str:
    return reverse(f"characters:{name}", args=[character.id])


def test_take_this_from_a_stale_tab_says_the_step_was_already_taken(
    player_client: Client, draft: Character
) -> None:
    to_skills(draft)
    services.character_roll_skill(
        character=draft, expected_sequence=next_sequence(draft), typed_faces="3 3"
    )
    stale_sequence = next_sequence(draft)  # both tabs show the roll waiting for a table
    services.character_choose_table(
        character=draft, expected_sequence=stale_sequence, table=ACADEMIC
    )  # the first tab takes it
    before = [(entry.sequence, entry.kind, entry.payload) for entry in log_entries(draft)]

    response = player_client.post(
        url("choose_table", draft),
        {"sequence": stale_sequence, "table": "construction-action"},
    )

    assert response.status_code == 400
    assert "already done, or the page changed" in (response.content.decode())
    after = [(entry.sequence, entry.kind, entry.payload) for entry in log_entries(draft)]
    assert after == before


def test_over_htmx_the_stale_choice_is_answered_in_place(
    player_client: Client, draft: Character
) -> None:
    to_skills(draft)
    skill(draft, "3 3", ACADEMIC)
    choice = log_entries(draft)[-1]
    other_table = {"sequence": choice.sequence, "table": "construction-action"}
    response = player_client.post(url("choose_table", draft), other_table, headers=HTMX)
    assert response.status_code == 200
    assert re.match(r'<title>[^<]*</title>\s*<div id="wizard"', response.content.decode().lstrip())
    assert "already done" in response.content.decode()


def test_death_from_a_stale_tab_after_a_setback_changes_nothing_and_says_so(
    player_client: Client, draft: Character
) -> None:
    to_skills(draft)
    for faces in ("1 1", "1 3", "3 3", "2 2"):
        skill(draft, faces, ACADEMIC)
    services.character_roll_survival(
        character=draft, expected_sequence=next_sequence(draft), typed_faces="1 2"
    )
    outcome_sequence = next_sequence(draft)
    services.character_choose_survival_outcome(
        character=draft, expected_sequence=outcome_sequence, outcome="setback"
    )
    response = player_client.post(
        url("survival_outcome", draft),
        {"sequence": outcome_sequence, "outcome": "death", "confirm_death": "yes"},
    )
    assert response.status_code == 400
    assert "already done" in response.content.decode()
    draft.refresh_from_db()
    assert draft.status == CharacterStatus.DRAFT
    assert log_entries(draft)[-1].payload == {"outcome": "setback"}


def test_a_roll_posted_twice_in_a_row_still_shows_the_same_roll_quietly(
    player_client: Client, draft: Character
) -> None:
    to_skills(draft)
    sequence = next_sequence(draft)
    first = player_client.post(url("roll_skill", draft), {"sequence": sequence})
    again = player_client.post(url("roll_skill", draft), {"sequence": sequence})
    assert first.status_code == again.status_code == 303
    assert len([e for e in log_entries(draft) if e.kind == "skill_roll"]) == 1


def test_a_roll_from_a_tab_the_log_has_moved_past_says_so(
    player_client: Client, draft: Character
) -> None:
    to_skills(draft)
    sequence = next_sequence(draft)
    skill(draft, "3 3", ACADEMIC)  # rolled and read in the other tab
    response = player_client.post(url("roll_skill", draft), {"sequence": sequence})
    assert response.status_code == 400
    assert "already done" in response.content.decode()
    assert len([e for e in log_entries(draft) if e.kind == "skill_roll"]) == 1
