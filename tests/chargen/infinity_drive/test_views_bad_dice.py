"""Bad typed dice in the wizard: refused, changing nothing, and explained once, beside the
field, the one reroll's included (its dice kept in its own field)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    darrian,
    next_sequence,
    roll_book_characteristics,
    skill,
)
from tests.chargen.infinity_drive.views_helpers import HTMX, url


def test_bad_typed_dice_get_a_message_at_the_field_and_change_nothing(
    player_client: Client, draft: Character
) -> None:
    player_client.post(url("method", draft), {"sequence": 1, "method": "dice"})
    response = player_client.post(
        url("roll_characteristic", draft), {"sequence": 2, "faces": "7 1"}
    )
    assert response.status_code == 400
    assert "invalid-feedback" in response.content.decode()
    assert "a d6 shows 1 to 6" in response.content.decode()
    assert len(log_entries(draft)) == 1


def _prepare_dice_method(character: Character) -> str:
    from chargen.infinity_drive import services

    services.character_choose_method(character=character, expected_sequence=1, method="dice")
    return "roll_characteristic"


def _prepare_specialisation(character: Character) -> str:
    from chargen.infinity_drive import services

    roll_book_characteristics(character)
    darrian(character)
    services.character_choose_career(
        character=character, expected_sequence=next_sequence(character), career="Citizen"
    )
    return "roll_specialisation"


def _prepare_skill_roll(character: Character) -> str:
    roll_book_characteristics(character)
    darrian(character)
    citizen_construction(character)
    return "roll_skill"


def _prepare_survival(character: Character) -> str:
    _prepare_skill_roll(character)
    for faces in ("1 1", "1 3", "3 3", "2 2"):
        skill(character, faces, "construction-academic")
    return "roll_survival"


@pytest.mark.parametrize(
    "prepare",
    [_prepare_dice_method, _prepare_specialisation, _prepare_skill_roll, _prepare_survival],
    ids=["characteristic", "specialisation", "skill", "survival"],
)
@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_bad_typed_dice_are_explained_once_beside_the_field(
    player_client: Client, draft: Character, prepare: Any, headers: dict[str, Any]
) -> None:
    action = prepare(draft)
    before = len(log_entries(draft))
    response = player_client.post(
        url(action, draft), {"sequence": next_sequence(draft), "faces": "9 9"}, headers=headers
    )
    content = response.content.decode()
    beside_the_field = re.search(r'<div class="invalid-feedback"[^>]*>(.+?)</div>', content)
    assert beside_the_field, "the reason is drawn beside the faces field"
    assert "d6" in beside_the_field.group(1), "the reason names the die"
    assert content.count(beside_the_field.group(1)) == 1, "said once, not again on top"
    assert 'id="step-error"' not in content
    assert len(log_entries(draft)) == before


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_bad_typed_dice_on_the_one_reroll_are_explained_at_its_field(
    player_client: Client, draft: Character, headers: dict[str, str]
) -> None:
    """A newcomer's try: the reason went on top and the typed dice were cleared. Now the
    reroll form comes back with the dice as typed and the reason beside them, once."""
    _prepare_skill_roll(draft)
    # 9 on Construction Academic is Psychic, whose prerequisite Treva lacks: one reroll.
    player_client.post(url("roll_skill", draft), {"sequence": next_sequence(draft), "faces": "4 5"})
    before = len(log_entries(draft))
    response = player_client.post(
        url("reroll_skill", draft),
        {"sequence": next_sequence(draft), "table": "construction-academic", "faces": "9 9"},
        headers=headers,
    )
    assert response.status_code == (200 if headers else 400)
    content = response.content.decode()
    field = re.search(
        r'<input class="[^"]*is-invalid[^"]*"[^>]*id="reroll-faces-construction-academic"'
        r'[^>]*value="9 9"[^>]*>'
        r'<div class="invalid-feedback" id="reroll-faces-error-construction-academic">(.+?)</div>',
        content,
    )
    assert field, "the typed dice are kept, and the reason is beside that reroll's field"
    assert "d6" in field.group(1), "the reason names the die"
    assert content.count(field.group(1)) == 1, "said once, not again on top"
    assert 'id="step-error"' not in content
    assert len(log_entries(draft)) == before
    assert "Reroll once" in content, "the reroll is still offered"


def test_a_reroll_of_a_table_that_offers_none_is_explained_on_top(
    player_client: Client, draft: Character
) -> None:
    """A reroll form no page draws (a forged or very old one) has no field to show the
    reason beside: it goes on top."""
    _prepare_skill_roll(draft)
    player_client.post(url("roll_skill", draft), {"sequence": next_sequence(draft), "faces": "4 5"})
    response = player_client.post(
        url("reroll_skill", draft),
        {"sequence": next_sequence(draft), "table": "no-such-table", "faces": "9 9"},
        headers=HTMX,
    )
    on_top = re.search(r'id="step-error">(.+?)</div>', response.content.decode())
    assert on_top, "the reason is on the page"
    assert "d6" in on_top.group(1)
