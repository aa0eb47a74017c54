"""Each character keeps the house rules it is built under.

Existing characters take their campaign's rules as they stand now (the rules their
logs have been replayed under until today), or the book's defaults outside any
campaign. The field names and defaults are written out here, as they were when this
migration was made, so later changes to HouseRules cannot change what it does.
"""

from __future__ import annotations

from typing import Any

from django.apps.registry import Apps
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor

BOOK_DEFAULTS: dict[str, Any] = {
    "characteristic_methods": "both",
    "point_buy_total": 50,
    "characteristic_dice": "2d6",
    "metaphysical_in_play": True,
    "alien_humanoids_allowed": True,
    "career_survival": True,
    "survival_failure": "player_choice",
    "physical_dice_allowed": True,
    "equipment_options": "both",
    "starting_credits": 20_000,
    "approval_required": False,
    "non_humanoid_dice_total": 14,
    "plus_three_grade": "good_success",
}

BATCH_SIZE = 500


def fill_house_rules(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    """Give every character without rules its campaign's current ones (or the book's)."""
    Character = apps.get_model("characters", "Character")
    filled = []
    for character in Character.objects.select_related("campaign").iterator(chunk_size=BATCH_SIZE):
        if character.house_rules:
            continue
        campaign = character.campaign
        character.house_rules = (
            dict(BOOK_DEFAULTS)
            if campaign is None
            else {name: getattr(campaign, name) for name in BOOK_DEFAULTS}
        )
        filled.append(character)
    Character.objects.bulk_update(filled, ["house_rules"], batch_size=BATCH_SIZE)


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0001_initial"),
        ("characters", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="character",
            name="house_rules",
            field=models.JSONField(default=dict, editable=False),
        ),
        migrations.RunPython(fill_house_rules, migrations.RunPython.noop),
    ]
