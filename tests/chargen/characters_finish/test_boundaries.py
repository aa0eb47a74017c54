"""Every limit steps 7 and 8 enforce, tested on both sides: N is accepted, N + 1 refused
at the field with nothing saved (a limit no test sits on can be removed unnoticed)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from chargen.characters import services_finish as finish
from chargen.characters.log import log_entries
from chargen.characters.models import Character
from chargen.content.models import EquipmentItem
from tests.chargen.characters_finish.build import equip_standard

NOTE_LIMIT = 4000  # a history note, and the appearance
AGE_TEXT_LIMIT = 40
AGE_YEARS_LIMIT = 10_000
QUANTITY_LIMIT = 99


def url(name: str, character: Character) -> str:
    return reverse(f"characters:{name}", args=[character.id])


def medkit() -> EquipmentItem:
    return EquipmentItem.objects.get(campaign__isnull=True, name="Medkit")


def _note_sequence(character: Character) -> int:
    return finish.finish_load(character).history[2].entry.sequence


def _saved_note(character: Character, sequence: int) -> str:
    return next(e for e in log_entries(character) if e.sequence == sequence).history_note


# --- History notes and appearance ----------------------------------------------------------


def test_a_note_of_exactly_the_limit_is_saved_whole(
    player_client: Client, treva: Character
) -> None:
    equip_standard(treva)
    sequence = _note_sequence(treva)
    note = "n" * NOTE_LIMIT
    response = player_client.post(
        url("history", treva), {"age": "34", "appearance": "Tall.", f"note_{sequence}": note}
    )
    assert response.status_code == 303
    assert _saved_note(treva, sequence) == note


def test_a_note_one_over_the_limit_is_refused_at_its_field(
    player_client: Client, treva: Character
) -> None:
    equip_standard(treva)
    sequence = _note_sequence(treva)
    response = player_client.post(
        url("history", treva),
        {"age": "34", "appearance": "Tall.", f"note_{sequence}": "n" * (NOTE_LIMIT + 1)},
    )
    assert response.status_code == 400
    assert f"at most {NOTE_LIMIT} characters (it has {NOTE_LIMIT + 1})" in (
        response.content.decode()
    )
    assert _saved_note(treva, sequence) == ""
    treva.refresh_from_db()
    assert treva.age == ""


def test_the_service_never_stores_more_than_the_limit(treva: Character) -> None:
    equip_standard(treva)
    sequence = _note_sequence(treva)
    finish.history_save(
        character=treva,
        notes={sequence: "n" * (NOTE_LIMIT + 1)},
        age="34",
        appearance="a" * (NOTE_LIMIT + 1),
    )
    assert len(_saved_note(treva, sequence)) == NOTE_LIMIT
    treva.refresh_from_db()
    assert len(treva.appearance) == NOTE_LIMIT


@pytest.mark.parametrize(("length", "saved"), [(NOTE_LIMIT, True), (NOTE_LIMIT + 1, False)])
def test_the_appearance_limit_is_at_the_field(
    player_client: Client, treva: Character, length: int, saved: bool
) -> None:
    equip_standard(treva)
    appearance = "a" * length
    response = player_client.post(url("history", treva), {"age": "34", "appearance": appearance})
    treva.refresh_from_db()
    if saved:
        assert response.status_code == 303
        assert treva.appearance == appearance
    else:
        assert response.status_code == 400
        assert f"at most {NOTE_LIMIT} characters" in response.content.decode()
        assert treva.appearance == ""


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
    response = player_client.post(url("history", treva), {"age": age, "appearance": "Tall."})
    assert response.status_code == (303 if saved else 400)
    treva.refresh_from_db()
    assert treva.age == (age if saved else "")


# --- Credits and quantities ----------------------------------------------------------------


def _with_credits(character: Character, credits: int) -> None:
    equip_standard(character)
    Character.objects.filter(pk=character.pk).update(credits=credits)
    character.refresh_from_db()


def test_spending_every_last_credit_is_allowed(treva: Character) -> None:
    _with_credits(treva, 3 * medkit().price)
    finish.equipment_set_quantity(character=treva, item_id=medkit().pk, quantity=3)
    treva.refresh_from_db()
    assert treva.credits == 0
    assert treva.equipment.get().quantity == 3


def test_one_credit_short_is_refused_and_nothing_bought(
    player_client: Client, treva: Character
) -> None:
    _with_credits(treva, 3 * medkit().price - 1)
    response = player_client.post(url("equipment_buy", treva), {"item": medkit().pk, "quantity": 3})
    assert response.status_code == 400
    assert f"costs {3 * medkit().price:,} credits" in response.content.decode()
    treva.refresh_from_db()
    assert treva.credits == 3 * medkit().price - 1
    assert not treva.equipment.exists()


@pytest.mark.parametrize(
    ("quantity", "bought"), [(QUANTITY_LIMIT, True), (QUANTITY_LIMIT + 1, False)]
)
def test_the_most_of_one_item_on_both_sides(
    player_client: Client, treva: Character, quantity: int, bought: bool
) -> None:
    _with_credits(treva, 1_000_000)
    response = player_client.post(
        url("equipment_buy", treva), {"item": medkit().pk, "quantity": quantity}
    )
    assert response.status_code == (303 if bought else 400)
    assert treva.equipment.filter(quantity=quantity).exists() is bought
    if not bought:
        with pytest.raises(finish.StepRefused, match=f"between 0 and {QUANTITY_LIMIT}"):
            finish.equipment_set_quantity(character=treva, item_id=medkit().pk, quantity=quantity)
