"""House rules become one JSON value per game system; the game's choices come from the
registry of game systems (chargen/core/systems.py: campaign_game_choices and
default_campaign_game must stay importable there for this migration)."""

import chargen.core.systems
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0003_campaign_non_humanoid_maximum"),
    ]

    operations = [
        migrations.AddField(
            model_name="campaign",
            name="house_rules",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AlterField(
            model_name="campaign",
            name="game",
            field=models.CharField(
                choices=chargen.core.systems.campaign_game_choices,
                default=chargen.core.systems.default_campaign_game,
                max_length=20,
            ),
        ),
    ]
