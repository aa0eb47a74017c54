from typing import Any

from django.db import migrations, models

from chargen.core.log_version import fill_log_versions


def fill(apps: Any, schema_editor: Any) -> None:
    """Each existing subject's version, from its newest log row (the kernel writes it
    from now on, with every row)."""
    fill_log_versions(apps, "characters.Character", "characters.CreationLogEntry")


class Migration(migrations.Migration):

    dependencies = [
        ('characters', '0011_concept_rows'),
    ]

    operations = [
        migrations.AddField(
            model_name='character',
            name='log_version',
            field=models.CharField(blank=True, default='', editable=False, max_length=40),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
