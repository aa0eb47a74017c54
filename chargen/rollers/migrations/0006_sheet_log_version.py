from typing import Any

from django.db import migrations, models

from chargen.core.log_version import fill_log_versions


def fill(apps: Any, schema_editor: Any) -> None:
    """Each existing subject's version, from its newest log row (the kernel writes it
    from now on, with every row)."""
    fill_log_versions(apps, "rollers.UniqueCharacter", "rollers.UniqueRollEntry")
    fill_log_versions(apps, "rollers.ManaCharacter", "rollers.ManaRollEntry")


class Migration(migrations.Migration):

    dependencies = [
        ('rollers', '0005_sheet_start_key'),
    ]

    operations = [
        migrations.AddField(
            model_name='manacharacter',
            name='log_version',
            field=models.CharField(blank=True, default='', editable=False, max_length=40),
        ),
        migrations.AddField(
            model_name='uniquecharacter',
            name='log_version',
            field=models.CharField(blank=True, default='', editable=False, max_length=40),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
