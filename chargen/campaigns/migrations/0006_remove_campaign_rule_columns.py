"""The house-rule columns go: their values live in `house_rules` (0005 moved them).

Infinity Drive's characters copied their campaign's columns when they got their own
house rules (characters 0002): on a database that has not run it yet, it must run
while the columns are still there.
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0005_campaign_house_rules_fill"),
        ("characters", "0002_character_house_rules"),
    ]

    operations = [
        migrations.RemoveField(model_name="campaign", name="alien_humanoids_allowed"),
        migrations.RemoveField(model_name="campaign", name="approval_required"),
        migrations.RemoveField(model_name="campaign", name="career_survival"),
        migrations.RemoveField(model_name="campaign", name="characteristic_dice"),
        migrations.RemoveField(model_name="campaign", name="characteristic_methods"),
        migrations.RemoveField(model_name="campaign", name="drifting_lifepath_count"),
        migrations.RemoveField(model_name="campaign", name="drifting_loss_margin_step"),
        migrations.RemoveField(model_name="campaign", name="equipment_options"),
        migrations.RemoveField(model_name="campaign", name="metaphysical_in_play"),
        migrations.RemoveField(model_name="campaign", name="non_humanoid_dice_total"),
        migrations.RemoveField(model_name="campaign", name="non_humanoid_maximum"),
        migrations.RemoveField(model_name="campaign", name="physical_dice_allowed"),
        migrations.RemoveField(model_name="campaign", name="plus_three_grade"),
        migrations.RemoveField(model_name="campaign", name="point_buy_total"),
        migrations.RemoveField(model_name="campaign", name="starting_credits"),
        migrations.RemoveField(model_name="campaign", name="survival_failure"),
    ]
