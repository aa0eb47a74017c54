"""Copy each decision's and notification's race or character into (item_type, item_id),
and back. The app and model names are written out as they were when this migration
was made (Infinity Drive's races and characters live in the `characters` app)."""

from __future__ import annotations

from django.apps.registry import Apps
from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor

ITEM_MODELS = ("race", "character")
BATCH_SIZE = 500


def _content_types(apps: Apps) -> dict[str, object]:
    ContentType = apps.get_model("contenttypes", "ContentType")
    return {
        model: ContentType.objects.get_or_create(app_label="characters", model=model)[0]
        for model in ITEM_MODELS
    }


def foreign_keys_to_items(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    for name in ("Decision", "Notification"):
        model = apps.get_model("desk", name)
        rows = model.objects.exclude(race=None, character=None)
        if not rows.exists():
            continue
        types = _content_types(apps)
        changed = []
        for row in rows.iterator(chunk_size=BATCH_SIZE):
            kind = "race" if row.race_id else "character"
            row.item_type = types[kind]
            row.item_id = row.race_id or row.character_id
            changed.append(row)
        model.objects.bulk_update(changed, ["item_type", "item_id"], batch_size=BATCH_SIZE)


def items_to_foreign_keys(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    for name in ("Decision", "Notification"):
        model = apps.get_model("desk", name)
        changed = []
        rows = model.objects.filter(item_type__app_label="characters").select_related("item_type")
        for row in rows.iterator(chunk_size=BATCH_SIZE):
            if row.item_type.model == "race":
                row.race_id = row.item_id
            elif row.item_type.model == "character":
                row.character_id = row.item_id
            changed.append(row)
        model.objects.bulk_update(changed, ["race", "character"], batch_size=BATCH_SIZE)


class Migration(migrations.Migration):
    dependencies = [
        ("characters", "0001_initial"),
        ("desk", "0002_decision_item"),
    ]

    operations = [
        migrations.RunPython(foreign_keys_to_items, items_to_foreign_keys),
    ]
