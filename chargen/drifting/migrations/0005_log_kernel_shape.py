"""Drifting's log is numbered from 1, as every other log is (it started at 0).

Two passes keep the unique (character, sequence) constraint true at every row update:
first far out of range, then back to one past where each row was.
"""

from django.db import migrations
from django.db.models import F

OUT_OF_RANGE = 1_000_000


def shift(apps, schema_editor, by: int) -> None:
    LogEntry = apps.get_model("drifting", "LogEntry")
    LogEntry.objects.update(sequence=F("sequence") + OUT_OF_RANGE)
    LogEntry.objects.update(sequence=F("sequence") - OUT_OF_RANGE + by)


def forwards(apps, schema_editor) -> None:
    shift(apps, schema_editor, 1)


def backwards(apps, schema_editor) -> None:
    shift(apps, schema_editor, -1)


class Migration(migrations.Migration):
    dependencies = [
        ("drifting", "0004_pin_lifepaths"),
    ]

    operations = [
        migrations.RunPython(forwards, backwards),
    ]
