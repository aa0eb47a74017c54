"""rulebook_load(): the live tables as the engine's Rulebook, cached until an edit."""

from __future__ import annotations

import pytest
from pytest_django import DjangoAssertNumQueries

from chargen.rulebook.models import Skill, TableRow
from chargen.rulebook.services import RuleDataMissing, rulebook_load
from rules.infinity_drive.rulebook import LearnerType, load_book


def test_the_database_gives_the_same_rulebook_as_the_json_file(book_data: None) -> None:
    assert rulebook_load() == load_book()


def test_the_rulebook_reads_the_book_through(book_data: None) -> None:
    book = rulebook_load()

    assert book.careers == ("Military", "Citizen")
    assert book.specialisations["Citizen"][5] == "Construction"
    assert book.survival_target("Citizen", LearnerType.ACADEMIC) == 3
    construction = book.specialisation_tables("Citizen", "Construction")
    assert [table.slug for table in construction] == [
        "construction-academic",
        "construction-action",
    ]
    assert construction[0].entry(10).skill == "Knowledge"
    assert book.table("army-academic").entry(3).specialty == "Planet"
    assert book.skill("Diplomacy").free_at_rank_zero


def test_building_takes_one_query_per_model_and_the_cache_none(
    book_data: None, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    with django_assert_num_queries(10):
        first = rulebook_load()
    with django_assert_num_queries(0):
        second = rulebook_load()
    assert second is first


def test_an_admin_save_is_seen_on_the_next_load(book_data: None) -> None:
    before = rulebook_load()
    row = TableRow.objects.get(table__slug="medical-academic", roll=5)
    row.skill = Skill.objects.get(name="Surgery")
    row.book_text = "Surgery"
    row.save()

    after = rulebook_load()

    assert before.table("medical-academic").entry(5).skill == "Diplomacy"
    assert after.table("medical-academic").entry(5).skill == "Surgery"


def test_a_delete_is_seen_on_the_next_load(book_data: None) -> None:
    assert "Gambling" in rulebook_load().skills
    TableRow.objects.filter(skill__name="Gambling").delete()
    Skill.objects.get(name="Gambling").delete()

    assert "Gambling" not in rulebook_load().skills


@pytest.mark.django_db
def test_an_empty_database_says_how_to_load_the_data() -> None:
    with pytest.raises(RuleDataMissing, match="load_rules_data"):
        rulebook_load()
