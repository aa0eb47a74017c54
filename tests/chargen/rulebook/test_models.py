"""Model validation and the loaded rule data's integrity."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from chargen.rulebook.models import (
    Career,
    CareerTable,
    GradeOfSuccess,
    ModifierBand,
    Skill,
    SkillCheckDifficulty,
    SurvivalTarget,
    TableRow,
)


def test_the_fixture_loads_with_the_counts_the_book_has(book_data: None) -> None:
    assert CareerTable.objects.count() == 28
    assert TableRow.objects.count() == 308
    assert CareerTable.objects.filter(specialisation__isnull=True).count() == 4
    assert all(table.rows.count() == 11 for table in CareerTable.objects.all())
    assert SurvivalTarget.objects.count() == 6
    assert ModifierBand.objects.count() == 6
    assert GradeOfSuccess.objects.count() == 6


def test_every_row_with_a_skill_resolves_to_a_real_skill(book_data: None) -> None:
    skill_rows = TableRow.objects.exclude(skill=None).select_related("skill")
    assert skill_rows.count() == 28 * 9
    assert all(
        row.skill_id is not None and Skill.objects.filter(pk=row.skill_id).exists()
        for row in skill_rows
    )
    assert set(TableRow.objects.filter(skill=None).values_list("roll", flat=True)) == {2, 12}


def test_every_loaded_row_passes_its_own_validation(book_data: None) -> None:
    for row in TableRow.objects.select_related("skill"):
        row.full_clean()
    for table in CareerTable.objects.select_related("specialisation"):
        table.full_clean()
    for band in ModifierBand.objects.all():
        band.full_clean()


def test_a_row_must_give_a_skill_or_a_characteristic(book_data: None) -> None:
    table = CareerTable.objects.get(slug="army-action")
    row = TableRow(table=table, roll=7, book_text="Weapon")
    with pytest.raises(ValidationError, match="either a skill or a characteristic"):
        row.clean()
    row.skill = Skill.objects.get(name="Weapon")
    row.characteristic = "Mus"
    row.amount = 1
    with pytest.raises(ValidationError, match="either a skill or a characteristic"):
        row.clean()


@pytest.mark.parametrize("amount", [0, 4])
def test_a_characteristic_row_adds_one_to_three(book_data: None, amount: int) -> None:
    row = TableRow(
        table=CareerTable.objects.get(slug="army-action"),
        roll=2,
        book_text=f"+{amount} Mus",
        characteristic="Mus",
        amount=amount,
    )
    with pytest.raises(ValidationError) as raised:
        row.clean()
    assert "amount" in raised.value.message_dict


def test_a_skill_row_adds_no_characteristic_points(book_data: None) -> None:
    row = TableRow(
        table=CareerTable.objects.get(slug="army-action"),
        roll=3,
        book_text="Drive",
        skill=Skill.objects.get(name="Drive"),
        amount=1,
    )
    with pytest.raises(ValidationError) as raised:
        row.clean()
    assert "amount" in raised.value.message_dict


def test_a_table_cannot_take_another_careers_specialisation(book_data: None) -> None:
    table = CareerTable.objects.get(slug="army-action")
    table.career = Career.objects.get(name="Citizen")
    with pytest.raises(ValidationError) as raised:
        table.clean()
    assert "specialisation" in raised.value.message_dict


def test_difficulty_dice_must_be_a_dice_expression(book_data: None) -> None:
    difficulty = SkillCheckDifficulty.objects.get(name="Difficult")
    difficulty.dice = "two d4"
    with pytest.raises(ValidationError) as raised:
        difficulty.full_clean()
    assert "dice" in raised.value.message_dict


def test_names_read_well(book_data: None) -> None:
    assert str(Skill.objects.get(name="Zero-G Movement")) == "Zero-G Movement"
    assert str(TableRow.objects.get(table__slug="army-academic", roll=3)) == (
        "Army Academic Table 3: Navigation (Planetary)"
    )
    assert str(SurvivalTarget.objects.get(career__name="Citizen", learner_type="balanced")) == (
        "Citizen Neither Academic or Action: beat 4"
    )
    assert str(ModifierBand.objects.get(low=14)) == "14–17: +3"


def test_every_loaded_skill_passes_validation_including_its_prerequisites(
    book_data: None,
) -> None:
    for skill in Skill.objects.all():
        skill.full_clean()


@pytest.mark.parametrize("text", ["Int 7", "Sty: <", "Chutzpah: 7", ""])
def test_a_prerequisite_the_parser_cannot_read_is_refused(book_data: None, text: str) -> None:
    skill = Skill.objects.get(name="Computer")
    skill.prerequisite_text = text
    with pytest.raises(ValidationError) as raised:
        skill.full_clean()
    assert "prerequisite_text" in raised.value.message_dict


def test_a_closed_specialty_list_cannot_be_empty(book_data: None) -> None:
    skill = Skill.objects.get(name="Psychic")
    skill.specialties = []
    with pytest.raises(ValidationError) as raised:
        skill.full_clean()
    assert "specialties_closed" in raised.value.message_dict


def test_specialties_must_be_a_list_of_names(book_data: None) -> None:
    skill = Skill.objects.get(name="Knowledge")
    skill.specialties = "Military"
    with pytest.raises(ValidationError) as raised:
        skill.full_clean()
    assert "specialties" in raised.value.message_dict
