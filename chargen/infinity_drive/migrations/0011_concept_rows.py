"""Every Infinity Drive character's name and concept become a log row.

Characters started before the log held them carry their name and concept in columns
only. Each gets one `concept` row appended at its next sequence, restating those
columns (payload "migrated": the GM's roll log does not list it). Nothing already in a
log changes. The new rows are unsealed, as rows written before signing began were:
`manage.py seal_logs` (run by `make run`, and after every upgrade) chains and signs
them after the rows before them.
"""

from django.db import migrations
from django.db.models import Max
from django.utils import timezone


def add_concept_rows(apps, schema_editor):
    Character = apps.get_model("characters", "Character")
    CreationLogEntry = apps.get_model("characters", "CreationLogEntry")
    named = CreationLogEntry.objects.filter(kind="concept").values("character_id")
    unnamed = Character.objects.exclude(pk__in=named).annotate(last=Max("log__sequence"))
    CreationLogEntry.objects.bulk_create(
        [
            CreationLogEntry(
                character_id=character.pk,
                sequence=(character.last or 0) + 1,
                kind="concept",
                payload={"name": character.name, "concept": character.concept, "migrated": True},
                created=timezone.now(),
            )
            for character in unnamed.iterator(chunk_size=500)
        ],
        batch_size=500,
    )


class Migration(migrations.Migration):
    dependencies = [("characters", "0010_log_row_time")]

    operations = [migrations.RunPython(add_concept_rows, migrations.RunPython.noop)]
