"""rulebook_load(): the current rule data as the engine's Rulebook, recomputed after an edit."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from pytest_django import DjangoAssertNumQueries

from chargen.rulebook.models import Skill, TableRow
from chargen.rulebook.services import RuleDataMissing, rulebook_cache_clear, rulebook_load
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


def test_the_current_rulebook_reads_the_tables_once_then_one_row(
    book_data: None, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    first = rulebook_load()  # reads the ten tables and records the current version
    rulebook_cache_clear()
    with CaptureQueriesContext(connection) as queries:
        second = rulebook_load()
    # Only the row naming the current version: its data comes from Django's cache.
    assert len(queries) == 1
    assert "rulebook_" not in queries[0]["sql"]
    assert second == first


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
def test_an_empty_database_says_how_to_load_the_data(empty_book: None) -> None:
    with pytest.raises(RuleDataMissing, match="load_rules_data"):
        rulebook_load()
