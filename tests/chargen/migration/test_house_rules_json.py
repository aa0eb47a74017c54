"""A campaign's house-rule columns become one JSON value per game system, and back.

The test database is migrated back to the last state with columns, rows are made with
the models of that state, and the database is migrated forward (then the other way).
The migrations are found by what they do, not by their numbers, so renumbering them
does not break the test.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.apps.registry import Apps
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.operations import AddField

from chargen.campaigns.models import Campaign
from chargen.campaigns.services import campaign_create
from chargen.drifting.campaign_rules import drifting_rules_for
from chargen.infinity_drive.campaign_rules import house_rules_for
from chargen.infinity_drive.models import Character
from rules.infinity_drive.house_rules import NonHumanoidMaximum, SurvivalFailure

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

Node = tuple[str, str]

HEROIC_COLUMNS: dict[str, Any] = {
    "characteristic_methods": "dice",
    "point_buy_total": 60,
    "characteristic_dice": "2d6+2",
    "metaphysical_in_play": False,
    "alien_humanoids_allowed": False,
    "career_survival": False,
    "survival_failure": "death",
    "physical_dice_allowed": False,
    "equipment_options": "standard",
    "starting_credits": 35_000,
    "approval_required": True,
    "non_humanoid_dice_total": 12,
    "plus_three_grade": "success",
    "non_humanoid_maximum": "none",
}


def _before_house_rules_json(executor: MigrationExecutor) -> Node:
    """The campaigns migration just before the one that adds `house_rules`."""
    for (app, _name), migration in executor.loader.graph.nodes.items():
        adds_json = any(
            isinstance(operation, AddField) and operation.name == "house_rules"
            for operation in migration.operations
        )
        if app == "campaigns" and adds_json:
            (parent,) = [node for node in migration.dependencies if node[0] == "campaigns"]
            return parent
    raise AssertionError("No campaigns migration adds house_rules.")


def _migrate(targets: list[Node]) -> Apps:
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


def _migrate_to_latest() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.fixture
def columns_state(transactional_db: None) -> Iterator[tuple[Apps, Node]]:
    """The database at the last campaigns migration with columns (characters before they
    kept their own rules); today's schema comes back whatever the test does."""
    before = _before_house_rules_json(MigrationExecutor(connection))
    try:
        yield _migrate([before, ("characters", "0001_initial")]), before
    finally:
        _migrate_to_latest()


def _gm(old_apps: Apps) -> Any:
    return old_apps.get_model("auth", "User").objects.create(username="alice")


def test_columns_move_into_one_json_value_per_system(
    columns_state: tuple[Apps, Node],
) -> None:
    old_apps, _ = columns_state
    # The models as they were: typed loosely, they are not today's classes.
    OldCampaign: Any = old_apps.get_model("campaigns", "Campaign")
    OldCharacter: Any = old_apps.get_model("characters", "Character")
    gm = _gm(old_apps)
    rim = OldCampaign.objects.create(
        gm=gm, name="The Rim", game="infinity_drive", drifting_lifepath_count=6, **HEROIC_COLUMNS
    )
    storm = OldCampaign.objects.create(
        gm=gm,
        name="Storm",
        game="drifting",
        physical_dice_allowed=False,
        drifting_lifepath_count=3,
        drifting_loss_margin_step=3,
    )
    plain = OldCampaign.objects.create(gm=gm, name="By the book")
    started = OldCharacter.objects.create(owner=gm, campaign=rim, name="Started before")

    _migrate_to_latest()

    rim_now, storm_now, plain_now = (
        Campaign.objects.get(pk=campaign.pk) for campaign in (rim, storm, plain)
    )
    assert rim_now.house_rules == {
        "infinity_drive": HEROIC_COLUMNS,
        "drifting": {"physical_dice_allowed": False, "lifepath_count": 6, "loss_margin_step": 5},
    }
    heroic = house_rules_for(rim_now)
    assert (heroic.point_buy_total, heroic.characteristic_dice) == (60, "2d6+2")
    assert heroic.survival_failure is SurvivalFailure.DEATH
    assert heroic.non_humanoid_maximum is NonHumanoidMaximum.NONE
    assert storm_now.house_rules["drifting"] == {
        "physical_dice_allowed": False,
        "lifepath_count": 3,
        "loss_margin_step": 3,
    }
    assert drifting_rules_for(storm_now).lifepath_count == 3
    assert plain_now.rules == house_rules_for(None)
    for campaign in (rim_now, storm_now, plain_now):
        campaign.full_clean()
    # The character copied its campaign's columns before they went (characters 0002).
    assert Character.objects.get(pk=started.pk).house_rules["point_buy_total"] == 60


def test_the_json_moves_back_into_the_columns(transactional_db: None) -> None:
    gm = get_user_model().objects.create(username="alice")
    rim = campaign_create(gm=gm, name="The Rim", physical_dice_allowed=False, point_buy_total=60)
    storm = campaign_create(gm=gm, name="Storm", game="drifting", lifepath_count=3)
    # A Drifting campaign reads its own entry for typed-in dice, not Infinity Drive's.
    storm.house_rules["infinity_drive"] = {"physical_dice_allowed": False}
    storm.save()
    before = _before_house_rules_json(MigrationExecutor(connection))
    try:
        old_apps = _migrate([before])
        OldCampaign: Any = old_apps.get_model("campaigns", "Campaign")
        rim_then = OldCampaign.objects.get(pk=rim.pk)
        storm_then = OldCampaign.objects.get(pk=storm.pk)
        assert (rim_then.point_buy_total, rim_then.physical_dice_allowed) == (60, False)
        assert (rim_then.drifting_lifepath_count, rim_then.drifting_loss_margin_step) == (4, 5)
        assert rim_then.characteristic_dice == "2d6"
        assert (storm_then.drifting_lifepath_count, storm_then.physical_dice_allowed) == (3, True)
        assert storm_then.point_buy_total == 50
    finally:
        _migrate_to_latest()
    assert Campaign.objects.get(pk=rim.pk).rules == rim.rules
    assert Campaign.objects.get(pk=storm.pk).rules == storm.rules
