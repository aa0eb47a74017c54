"""Every limit steps 7 and 8 enforce, tested on both sides: N is accepted, N + 1 refused
at the field with nothing saved (a limit no test sits on can be removed unnoticed).

The note cap and spending to exactly zero credits are in test_part_two_events.py."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse

from chargen.content.models import EquipmentItem
from chargen.infinity_drive import services_finish as finish
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character
from tests.chargen.infinity_drive.steps import next_sequence
from tests.chargen.infinity_drive_finish.build import buy, equip_standard

NOTE_LIMIT = 4000  # a history note, and the appearance
AGE_TEXT_LIMIT = 40
AGE_YEARS_LIMIT = 10_000
QUANTITY_LIMIT = 99


def url(name: str, character: Character) -> str:
    return reverse(f"characters:{name}", args=[character.id])


def medkit() -> EquipmentItem:
    return EquipmentItem.objects.get(campaign__isnull=True, name="Medkit")


@pytest.mark.parametrize(("length", "saved"), [(NOTE_LIMIT, True), (NOTE_LIMIT + 1, False)])
def test_the_appearance_limit_is_at_the_field(
    player_client: Client, treva: Character, length: int, saved: bool
) -> None:
    equip_standard(treva)
    before = len(log_entries(treva))
    appearance = "a" * length
    response = player_client.post(
        url("history", treva),
        {"age": "34", "appearance": appearance, "sequence": next_sequence(treva)},
    )
    if saved:
        assert response.status_code == 303
        assert finish.finish_load(treva).appearance == appearance
    else:
        assert response.status_code == 400
        assert f"at most {NOTE_LIMIT} characters" in response.content.decode()
        assert finish.finish_load(treva).appearance == ""
        assert len(log_entries(treva)) == before


@pytest.mark.parametrize(
    ("age", "saved"),
    [
        ("x" * AGE_TEXT_LIMIT, True),
        ("x" * (AGE_TEXT_LIMIT + 1), False),
        (str(AGE_YEARS_LIMIT), True),
        (str(AGE_YEARS_LIMIT + 1), False),
    ],
)
def test_the_age_limits_on_both_sides(
    player_client: Client, treva: Character, age: str, saved: bool
) -> None:
    equip_standard(treva)
    response = player_client.post(
        url("history", treva),
        {"age": age, "appearance": "Tall.", "sequence": next_sequence(treva)},
    )
    assert response.status_code == (303 if saved else 400)
    assert finish.finish_load(treva).age == (age if saved else "")


@pytest.mark.parametrize(
    ("quantity", "bought"), [(QUANTITY_LIMIT, True), (QUANTITY_LIMIT + 1, False)]
)
def test_the_most_of_one_item_on_both_sides(
    player_client: Client,
    treva_under: Callable[..., Character],
    quantity: int,
    bought: bool,
) -> None:
    character = treva_under(starting_credits=1_000_000)
    equip_standard(character)
    response = player_client.post(
        url("equipment_buy", character),
        {"item": medkit().pk, "quantity": quantity, "sequence": next_sequence(character)},
    )
    assert response.status_code == (303 if bought else 400)
    owned = [holding.quantity for holding in finish.finish_load(character).purchases]
    assert owned == ([quantity] if bought else [])
    if not bought:
        with pytest.raises(finish.StepRefused, match=f"between 0 and {QUANTITY_LIMIT}"):
            buy(character, medkit().pk, quantity)
