"""manage.py load_rules_data: every fixture, sorted, and never over an existing row."""

from __future__ import annotations

import json
import shutil
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import IntegrityError

from chargen.rulebook.models import Career, CareerTable, Skill, Specialisation, TableRow
from rules.infinity_drive.rulebook import BOOK_FIXTURE

# Each test starts on a new site's database: no book loaded yet.
pytestmark = pytest.mark.usefixtures("empty_book")


def run_command(fixture_dir: Path) -> str:
    output = StringIO()
    call_command("load_rules_data", fixture_dir=fixture_dir, stdout=output)
    return output.getvalue()


@pytest.fixture
def book_only(tmp_path: Path) -> Path:
    """A fixtures folder holding just the Infinity Drive book."""
    shutil.copy(BOOK_FIXTURE, tmp_path / BOOK_FIXTURE.name)
    return tmp_path


@pytest.mark.django_db
def test_first_run_loads_the_whole_book_and_says_so(book_only: Path) -> None:
    output = run_command(book_only)

    assert CareerTable.objects.count() == 28
    assert TableRow.objects.count() == 308
    assert Skill.objects.count() == 37
    assert "infinity_drive.json: added" in output
    assert "308 rulebook.tablerow" in output
    assert "37 rulebook.skill" in output


@pytest.mark.django_db
def test_running_twice_adds_nothing_the_second_time(book_only: Path) -> None:
    run_command(book_only)
    output = run_command(book_only)

    assert output.strip() == "infinity_drive.json: nothing to add."
    assert TableRow.objects.count() == 308
    assert Skill.objects.count() == 37


@pytest.mark.django_db
def test_an_admin_edit_survives_a_second_run(book_only: Path) -> None:
    run_command(book_only)
    row = TableRow.objects.get(table__slug="medical-academic", roll=5)
    row.book_text = "Surgery"
    row.skill = Skill.objects.get(name="Surgery")
    row.save()
    Skill.objects.filter(name="Gambling").update(description="Cards, dice and space golf.")

    run_command(book_only)

    row.refresh_from_db()
    assert (row.book_text, row.skill.name) == ("Surgery", "Surgery")
    assert Skill.objects.get(name="Gambling").description == "Cards, dice and space golf."


def _write(path: Path, records: list[dict]) -> None:
    path.write_text(json.dumps(records), encoding="utf-8")


@pytest.mark.django_db
def test_files_load_in_name_order_each_in_its_own_transaction(tmp_path: Path) -> None:
    # b_ needs the career from a_: it only loads if a_ was committed first.
    _write(
        tmp_path / "a_career.json",
        [{"model": "rulebook.career", "pk": 90, "fields": {"name": "Scout"}}],
    )
    _write(
        tmp_path / "b_specialisation.json",
        [
            {
                "model": "rulebook.specialisation",
                "pk": 90,
                "fields": {"career": 90, "name": "Courier", "die_roll": 1},
            }
        ],
    )

    output = run_command(tmp_path)

    assert output.splitlines() == [
        "a_career.json: added 1 rulebook.career.",
        "b_specialisation.json: added 1 rulebook.specialisation.",
    ]
    assert Specialisation.objects.get(pk=90).career.name == "Scout"


@pytest.mark.django_db(transaction=True)
def test_a_broken_file_adds_nothing_from_that_file(tmp_path: Path) -> None:
    _write(
        tmp_path / "broken.json",
        [
            {"model": "rulebook.career", "pk": 91, "fields": {"name": "Pirate"}},
            # Same name as the row above: the unique constraint fails the whole file.
            {"model": "rulebook.career", "pk": 92, "fields": {"name": "Pirate"}},
        ],
    )

    with pytest.raises(IntegrityError):
        run_command(tmp_path)

    assert not Career.objects.filter(name="Pirate").exists()


@pytest.mark.django_db
def test_the_real_fixture_folder_loads_the_book() -> None:
    output = run_command(BOOK_FIXTURE.parent)

    assert "infinity_drive.json: added" in output
    assert TableRow.objects.count() == 308
