"""Decisions and notifications name their item by content type and id (any game system's
race or character), beside the old foreign keys until 0003 has copied them."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("desk", "0001_initial"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="decision",
            name="desk_decision_names_one_item",
        ),
        migrations.AddField(
            model_name="decision",
            name="item_id",
            field=models.UUIDField(null=True),
        ),
        migrations.AddField(
            model_name="decision",
            name="item_type",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="contenttypes.contenttype",
            ),
        ),
        migrations.AddField(
            model_name="notification",
            name="item_id",
            field=models.UUIDField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="notification",
            name="item_type",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="contenttypes.contenttype",
            ),
        ),
    ]
