"""A book row an admin deleted stays deleted: load_rules_data adds only rows never removed.

README promises that loading the book's data never overwrites an admin's edits; a
deletion is an edit too. The admin's "Removed book rows" list says what was removed,
and deleting an entry there lets the next run add that row back.
"""

from __future__ import annotations

import json
import shutil
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from chargen.content.models import EquipmentItem
from chargen.drifting.models import Lifepath, LifepathGrant
from chargen.rulebook.models import CareerTable, RemovedBookRow, TableRow
from chargen.rulebook.removed import BOOK_DATA_MODELS
from rules.infinity_drive.rulebook import BOOK_FIXTURE

FIXTURES = Path(settings.BASE_DIR) / "fixtures"


def run_command(fixture_dir: Path) -> str:
    output = StringIO()
    call_command("load_rules_data", fixture_dir=fixture_dir, stdout=output)
    return output.getvalue()


@pytest.fixture
def book_only(tmp_path: Path, empty_book: None) -> Path:
    """A fixtures folder holding just the book, and a database it was never loaded into."""
    shutil.copy(BOOK_FIXTURE, tmp_path / BOOK_FIXTURE.name)
    return tmp_path


@pytest.mark.django_db
def test_a_deleted_row_stays_deleted_and_the_run_says_so(book_only: Path) -> None:
    run_command(book_only)
    TableRow.objects.filter(table__slug="army-action", roll=7).delete()

    output = run_command(book_only)

    assert "nothing to add" in output
    assert "1 row an admin removed stays removed" in output
    assert not TableRow.objects.filter(table__slug="army-action", roll=7).exists()
    assert TableRow.objects.count() == 307


@pytest.mark.django_db
def test_a_deleted_table_keeps_its_rows_out_too(book_only: Path) -> None:
    """The rows went with their table (cascade): re-adding them alone would break the file."""
    run_command(book_only)
    table = CareerTable.objects.get(slug="army-action")
    rows = table.rows.count()
    table.delete()

    run_command(book_only)

    assert not CareerTable.objects.filter(slug="army-action").exists()
    assert TableRow.objects.count() == 308 - rows


@pytest.mark.django_db
def test_deleting_the_record_lets_the_next_run_add_the_row_back(book_only: Path) -> None:
    run_command(book_only)
    TableRow.objects.filter(table__slug="army-action", roll=7).delete()
    RemovedBookRow.objects.filter(model_label="rulebook.tablerow").delete()

    output = run_command(book_only)

    assert "added 1 rulebook.tablerow." in output
    assert TableRow.objects.get(table__slug="army-action", roll=7).book_text == "Weapon"


@pytest.mark.django_db
def test_deleting_in_the_admin_is_remembered(book_only: Path, admin_client: Client) -> None:
    run_command(book_only)
    row = TableRow.objects.get(table__slug="army-action", roll=7)
    response = admin_client.post(
        reverse("admin:rulebook_tablerow_delete", args=[row.pk]), {"post": "yes"}
    )
    assert response.status_code == 302

    run_command(book_only)

    assert not TableRow.objects.filter(pk=row.pk).exists()
    removed = admin_client.get(reverse("admin:rulebook_removedbookrow_changelist"))
    assert "rulebook.tablerow" in removed.content.decode()


@pytest.mark.django_db
def test_the_content_and_drifting_defaults_stay_deleted_too() -> None:
    run_command(FIXTURES)
    EquipmentItem.objects.filter(campaign=None, pk=1).delete()
    lifepath = Lifepath.objects.first()
    assert lifepath is not None
    grants = LifepathGrant.objects.filter(lifepath=lifepath).count()
    lifepath.delete()

    run_command(FIXTURES)

    assert not EquipmentItem.objects.filter(pk=1).exists()
    assert not Lifepath.objects.filter(pk=lifepath.pk).exists()
    assert RemovedBookRow.objects.filter(model_label="drifting.lifepathgrant").count() == grants


def test_every_model_the_fixtures_hold_is_watched() -> None:
    labels = {
        record["model"]
        for path in FIXTURES.glob("*.json")
        for record in json.loads(path.read_text(encoding="utf-8"))
    }
    assert labels <= set(BOOK_DATA_MODELS)
