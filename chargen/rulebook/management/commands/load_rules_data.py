"""Load every fixtures/*.json file without overwriting what is already there.

Django's loaddata overwrites rows by primary key, which would undo a GM's or admin's
edits each time `make run` starts. This command only inserts the objects whose primary
key is missing and that were never deleted here (chargen.rulebook.removed records each
deletion), so it is safe to run on every start and after every new fixture: an edited
row keeps its edit, and a deleted row stays deleted.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core import serializers
from django.core.management.base import BaseCommand, CommandParser
from django.core.management.color import no_style
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.models import Model

from chargen.rulebook.removed import removed_book_rows

DEFAULT_FIXTURE_DIR = Path(settings.BASE_DIR) / "fixtures"
# In fixture_load_missing's count: rows left out because they were deleted here.
KEPT_REMOVED = "kept removed"


def fixture_load_missing(*, path: Path, using: str = DEFAULT_DB_ALIAS) -> Counter[str]:
    """Insert the objects of one JSON fixture whose primary key is not in the database
    and that were not deleted here before.

    Returns how many objects were added, by model label, and under KEPT_REMOVED how many
    were left out because they had been deleted. One transaction per file: a broken file
    adds nothing.
    """
    added: Counter[str] = Counter()
    removed = removed_book_rows(using=using)
    inserted_models: set[type[Model]] = set()
    existing_keys: dict[type[Model], set[Any]] = {}
    with transaction.atomic(using=using), path.open(encoding="utf-8") as handle:
        for deserialized in serializers.deserialize("json", handle, using=using):
            instance = deserialized.object
            model = type(instance)
            if model not in existing_keys:
                existing_keys[model] = set(
                    model._default_manager.using(using).values_list("pk", flat=True)
                )
            if instance.pk in existing_keys[model]:
                continue
            if (model._meta.label_lower, str(instance.pk)) in removed:
                added[KEPT_REMOVED] += 1
                continue
            deserialized.save(using=using)
            existing_keys[model].add(instance.pk)
            inserted_models.add(model)
            added[model._meta.label_lower] += 1
        _reset_sequences(inserted_models, using=using)
    return added


def _reset_sequences(models: set[type[Model]], *, using: str) -> None:
    """Move PostgreSQL sequences past the inserted keys, as loaddata does."""
    if not models:
        return
    connection = connections[using]
    statements = connection.ops.sequence_reset_sql(no_style(), list(models))
    if statements:
        with connection.cursor() as cursor:
            for statement in statements:
                cursor.execute(statement)


class Command(BaseCommand):
    help = (
        "Load every fixtures/*.json file (sorted by name), adding only the objects whose "
        "primary key is missing; rows already in the database, edited or not, are left alone, "
        "and rows deleted here (see the admin's Removed book rows) are not added back."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--fixture-dir",
            type=Path,
            default=DEFAULT_FIXTURE_DIR,
            help="Folder of JSON fixtures (default: the project's fixtures/).",
        )
        parser.add_argument("--database", default=DEFAULT_DB_ALIAS)

    def handle(self, *args: Any, **options: Any) -> None:
        fixture_dir: Path = options["fixture_dir"]
        paths = sorted(fixture_dir.glob("*.json"))
        if not paths:
            self.stdout.write(f"No fixtures found in {fixture_dir}.")
            return
        for path in paths:
            added = fixture_load_missing(path=path, using=options["database"])
            kept_removed = added.pop(KEPT_REMOVED, 0)
            if added:
                summary = ", ".join(f"{count} {label}" for label, count in sorted(added.items()))
                self.stdout.write(self.style.SUCCESS(f"{path.name}: added {summary}."))
            else:
                self.stdout.write(f"{path.name}: nothing to add.")
            if kept_removed:
                rows = (
                    "row an admin removed stays"
                    if kept_removed == 1
                    else ("rows an admin removed stay")
                )
                self.stdout.write(
                    f"{path.name}: {kept_removed} {rows} removed "
                    "(listed in the admin under Removed book rows)."
                )
