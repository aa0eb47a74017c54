"""The roll-and-keep (mana) sheet's rolls and contests through the test client: the books'
examples, botches, indirect opposition, races, NPC pools and the odds beside the forms."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.test import Client

from chargen.rollers import services
from chargen.rollers.models import ManaCharacter, ManaRollKind
from tests.chargen.form_markup import assert_fields_labelled_and_described
from tests.chargen.rollers.views_helpers import HTMX, attribute_id, contest_data, url


def test_a_lie_rolled_against_a_named_difficulty(
    player_client: Client, mage: ManaCharacter
) -> None:
    deceit = str(mage.specialities.get(name="Deceit").pk)
    odds = player_client.get(
        url("mana_odds", mage),
        {
            "attribute": attribute_id(mage, "Cunning"),
            "specialities": [deceit],
            "difficulty_mode": "named",
            "difficulty": "CHALLENGING",
        },
        **HTMX,
    ).content.decode()
    assert "Roll 4 (ten-sided dice: Cunning 3 + 1 for speciality), keep all of them" in odds
    assert "3 black mana" in odds
    assert 'id="botch-chance"' in odds
    assert "Marginal" in odds

    response = player_client.post(
        url("mana_roll", mage),
        {
            "sequence": 1,
            "attribute": attribute_id(mage, "Cunning"),
            "specialities": [deceit],
            "difficulty_mode": "named",
            "difficulty": "CHALLENGING",
            "physical": "on",
            "faces": "9 6 2 7",
        },
        **HTMX,
    )
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="sheet">')
    assert '<strong class="successes">2</strong>' in body
    assert '<strong class="degree">Moderate</strong>' in body
    assert body.count("die kept border-primary success") == 2


def test_the_three_other_mana_examples_in_the_odds(
    player_client: Client, mage: ManaCharacter
) -> None:
    for attribute, speciality, expected in (
        ("Intelligence", None, "Roll 3 (ten-sided dice: Intelligence 3), keep 2 (2 blue mana)"),
        ("Endurance", "Elemental Damage", "keep 2 (5 total mana ÷ 3 colours without mana"),
        ("Strength", None, "Roll 2 (ten-sided dice: Strength 2), keep 1 (5 total mana"),
    ):
        query: dict[str, Any] = {
            "attribute": attribute_id(mage, attribute),
            "difficulty_mode": "named",
            "difficulty": "STANDARD",
        }
        if speciality:
            query["specialities"] = [str(mage.specialities.get(name=speciality).pk)]
        body = player_client.get(url("mana_odds", mage), query, **HTMX).content.decode()
        assert expected in body


def test_a_botch_is_flagged(player_client: Client, mage: ManaCharacter) -> None:
    player_client.post(
        url("mana_roll", mage),
        {
            "sequence": 1,
            "attribute": attribute_id(mage, "Intelligence"),
            "difficulty_mode": "named",
            "difficulty": "DIFFICULT",
            "physical": "on",
            "faces": "7 1 3",
        },
    )
    body = player_client.get(mage.get_absolute_url()).content.decode()
    assert "botch" in body
    assert '<strong class="degree">Botch</strong>' in body


def test_sneaking_past_a_passive_character(player_client: Client, mage: ManaCharacter) -> None:
    mage.attributes.filter(name="Finesse").update(score=5)
    query: dict[str, Any] = {
        "attribute": attribute_id(mage, "Finesse"),
        "difficulty_mode": "indirect",
        "difficulty": "STANDARD",
        "passive_attribute": 4,
        "passive_specialities": 1,
    }
    body = player_client.get(url("mana_odds", mage), query, **HTMX).content.decode()
    assert "Roll 5 " in body
    assert "difficulty 5 (indirectly opposed: passive attribute 4 + 1 speciality)" in body
    response = player_client.post(
        url("mana_roll", mage),
        {**query, "sequence": 1, "physical": "on", "faces": "5 4 9 1 1"},
    )
    assert response.status_code == 302
    entry = mage.rolls.get()
    assert entry.details["difficulty"] == 5
    # Finesse is linked to green, which the mage lacks: keep 5 total mana ÷ 3 lacking = 1.
    assert entry.details["kept"] == [{"face": 9, "success": True}]
    assert entry.successes == 1


def test_the_race_against_another_of_my_characters(
    player_client: Client, first_racer: ManaCharacter, second_racer: ManaCharacter
) -> None:
    running = str(second_racer.specialities.get().pk)
    data: dict[str, Any] = {
        "attribute": attribute_id(first_racer, "Endurance"),
        "difficulty": "CHALLENGING",
        "opponent_mode": "sheet",
        "opponent_attribute": attribute_id(second_racer, "Endurance"),
        "opponent_specialities": [running],
    }
    odds = player_client.get(
        url("contest_odds", first_racer), contest_data(data), **HTMX
    ).content.decode()
    assert "Second racer: Roll 6" in odds
    assert 'id="contest-win"' in odds

    response = player_client.post(
        url("mana_contest", first_racer),
        contest_data(
            {
                **data,
                "sequence": 1,
                "physical": "on",
                "faces": "8 7 2",
                "opponent_faces": "9 7 10 3 2 1",
            }
        ),
        **HTMX,
    )
    body = response.content.decode()
    assert (
        '<p class="mb-1 fs-5" id="winner">Second racer wins with 1 success remaining.</p>' in body
    )
    entry = first_racer.rolls.get()
    assert entry.kind == ManaRollKind.CONTEST
    assert not second_racer.rolls.exists()


def test_an_npc_pool_typed_in(player_client: Client, mage: ManaCharacter) -> None:
    response = player_client.post(
        url("mana_contest", mage),
        contest_data(
            {
                "sequence": 1,
                "attribute": attribute_id(mage, "Cunning"),
                "difficulty": "STANDARD",
                "opponent_mode": "npc",
                "npc_name": "Merchant",
                "npc_dice": 3,
                "npc_keep": 2,
            }
        ),
    )
    assert response.status_code == 302
    entry = mage.rolls.get()
    assert entry.details["opponent"]["name"] == "Merchant"
    assert len(entry.details["opponent"]["faces"]) == 3


def test_another_owners_sheet_cannot_be_the_opponent(
    player_client: Client, mage: ManaCharacter, other_player: User
) -> None:
    stranger = services.mana_character_create(owner=other_player, name="Stranger")
    response = player_client.post(
        url("mana_contest", mage),
        contest_data(
            {
                "sequence": 1,
                "attribute": attribute_id(mage, "Cunning"),
                "difficulty": "STANDARD",
                "opponent_mode": "sheet",
                "opponent_attribute": attribute_id(stranger, "Cunning"),
            }
        ),
    )
    assert response.context["contest_form"].errors["opponent_attribute"]
    assert not mage.rolls.exists()


def test_mana_odds_without_javascript_fill_the_whole_page(
    player_client: Client, mage: ManaCharacter
) -> None:
    response = player_client.get(
        url("mana_odds", mage),
        {
            "attribute": attribute_id(mage, "Intelligence"),
            "difficulty_mode": "named",
            "difficulty": "EASY",
        },
    )
    body = response.content.decode()
    assert "<html" in body
    assert "keep 2 (2 blue mana)" in body
    assert "Against Easy (3)" in body
    contest = player_client.get(
        url("contest_odds", mage),
        contest_data(
            {
                "attribute": attribute_id(mage, "Cunning"),
                "difficulty": "STANDARD",
                "opponent_mode": "npc",
                "npc_dice": 3,
                "npc_keep": 3,
            }
        ),
    ).content.decode()
    assert "<html" in contest
    assert 'id="contest-win"' in contest


def test_after_a_refused_mana_roll_the_odds_are_those_of_the_choices_posted(
    player_client: Client, mage: ManaCharacter
) -> None:
    response = player_client.post(
        url("mana_roll", mage),
        {
            "sequence": 1,
            "attribute": attribute_id(mage, "Cunning"),
            "specialities": [str(mage.specialities.get(name="Deceit").pk)],
            "difficulty_mode": "named",
            "difficulty": "CHALLENGING",
            "physical": "on",
            "faces": "9 6",
        },
    )
    assert "faces" in response.context["roll_form"].errors
    odds = response.context["odds"]
    assert (odds.pool.rolled, odds.pool.kept) == (4, 4)
    assert not mage.rolls.exists()


def test_the_sheets_fields_are_labelled_and_a_refused_contest_is_told_at_its_fields(
    player_client: Client, mage: ManaCharacter
) -> None:
    sheet = player_client.get(url("mana", mage)).content.decode()
    assert assert_fields_labelled_and_described(sheet) >= 20  # the roll and the contest
    refused = player_client.post(
        url("mana_contest", mage),
        contest_data(
            {
                "sequence": 1,
                "attribute": attribute_id(mage, "Cunning"),
                "difficulty": "STANDARD",
                "opponent_mode": "npc",
            }
        ),
        **HTMX,
    )
    page = refused.content.decode()
    assert 'id="id_contest-npc_dice_error"' in page
    assert_fields_labelled_and_described(page)
    assert not mage.rolls.exists()
