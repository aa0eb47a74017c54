"""The old foreign keys go: every decision names its item by (item_type, item_id)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("desk", "0003_decision_item_fill"),
    ]

    operations = [
        migrations.RemoveField(model_name="decision", name="character"),
        migrations.RemoveField(model_name="decision", name="race"),
        migrations.RemoveField(model_name="notification", name="character"),
        migrations.RemoveField(model_name="notification", name="race"),
        migrations.AlterField(
            model_name="decision",
            name="item_id",
            field=models.UUIDField(),
        ),
        migrations.AlterField(
            model_name="decision",
            name="item_type",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="contenttypes.contenttype",
            ),
        ),
        migrations.AddIndex(
            model_name="decision",
            index=models.Index(fields=["item_type", "item_id"], name="desk_decision_item"),
        ),
        migrations.AddIndex(
            model_name="notification",
            index=models.Index(fields=["item_type", "item_id"], name="desk_notification_item"),
        ),
    ]
