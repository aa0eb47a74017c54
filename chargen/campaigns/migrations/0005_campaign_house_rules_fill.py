"""Move each campaign's house-rule columns into its `house_rules` JSON, and back.

Forward: every campaign keeps every value it had, under the system that reads it:
`{"infinity_drive": {the 14 Infinity Drive rules}, "drifting": {"physical_dice_allowed",
"lifepath_count", "loss_margin_step"}}`. Both games read the one column
`physical_dice_allowed`, so both entries get its value.

Backward: the columns take the JSON's values (the book's defaults where a rule is
missing); `physical_dice_allowed` comes from the entry of the game the campaign plays.

The names and defaults are written out here as they were when this migration was
made, so later changes to the systems cannot change what it does.
"""

from __future__ import annotations

from typing import Any

from django.apps.registry import Apps
from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor

INFINITY_DRIVE = "infinity_drive"
DRIFTING = "drifting"
INFINITY_DRIVE_DEFAULTS: dict[str, Any] = {
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
    "non_humanoid_maximum": "dice",
}
# JSON key → column, with the book's default.
DRIFTING_COLUMNS: dict[str, tuple[str, Any]] = {
    "physical_dice_allowed": ("physical_dice_allowed", True),
    "lifepath_count": ("drifting_lifepath_count", 4),
    "loss_margin_step": ("drifting_loss_margin_step", 5),
}
COLUMNS = sorted(
    {*INFINITY_DRIVE_DEFAULTS, *(column for column, _ in DRIFTING_COLUMNS.values())}
)
BATCH_SIZE = 500


def columns_to_json(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Campaign = apps.get_model("campaigns", "Campaign")
    moved = []
    for campaign in Campaign.objects.iterator(chunk_size=BATCH_SIZE):
        campaign.house_rules = {
            INFINITY_DRIVE: {name: getattr(campaign, name) for name in INFINITY_DRIVE_DEFAULTS},
            DRIFTING: {key: getattr(campaign, column) for key, (column, _) in DRIFTING_COLUMNS.items()},
        }
        moved.append(campaign)
    Campaign.objects.bulk_update(moved, ["house_rules"], batch_size=BATCH_SIZE)


def json_to_columns(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Campaign = apps.get_model("campaigns", "Campaign")
    moved = []
    for campaign in Campaign.objects.iterator(chunk_size=BATCH_SIZE):
        stored = campaign.house_rules if isinstance(campaign.house_rules, dict) else {}
        infinity_drive = stored.get(INFINITY_DRIVE) or {}
        drifting = stored.get(DRIFTING) or {}
        for name, default in INFINITY_DRIVE_DEFAULTS.items():
            setattr(campaign, name, infinity_drive.get(name, default))
        for key, (column, default) in DRIFTING_COLUMNS.items():
            setattr(campaign, column, drifting.get(key, default))
        own = drifting if campaign.game == DRIFTING else infinity_drive
        campaign.physical_dice_allowed = own.get("physical_dice_allowed", True)
        moved.append(campaign)
    Campaign.objects.bulk_update(moved, COLUMNS, batch_size=BATCH_SIZE)


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0004_campaign_house_rules"),
    ]

    operations = [
        migrations.RunPython(columns_to_json, json_to_columns),
    ]
