"""A character keeps the house rules it was started under: stored as JSON, filled for
characters that existed before, and compared with the campaign's current rules."""

from __future__ import annotations

import importlib
import json

import pytest
from django.contrib.auth.models import User

from chargen.campaigns.models import Campaign
from chargen.campaigns.services import campaign_house_rules_change
from chargen.infinity_drive import services
from chargen.infinity_drive.campaign_rules import (
    INFINITY_DRIVE_RULES,
    house_rules_from_json,
    house_rules_to_json,
)
from chargen.infinity_drive.house_rules import character_house_rules, house_rules_changes
from chargen.infinity_drive.models import Character, Race, RaceKind, RaceStatus
from rules.errors import RulesError
from rules.infinity_drive.house_rules import (
    BOOK_DEFAULTS,
    CharacteristicMethods,
    HouseRules,
    NonHumanoidMaximum,
    SurvivalFailure,
)

HEROIC = HouseRules(
    characteristic_methods=CharacteristicMethods.DICE,
    point_buy_total=60,
    characteristic_dice="2d6+2",
    metaphysical_in_play=False,
    survival_failure=SurvivalFailure.SETBACK,
    starting_credits=30_000,
)

NO_NON_HUMANOID_MAXIMUM = HouseRules(non_humanoid_maximum=NonHumanoidMaximum.NONE)
# Rules added to HouseRules after the migration froze its defaults: characters it filled
# lack their keys, and read them as the book's defaults.
ADDED_SINCE_THE_MIGRATION = frozenset({"non_humanoid_maximum", "live_sharing"})

fill_migration = importlib.import_module(
    "chargen.infinity_drive.migrations.0002_character_house_rules"
)


@pytest.mark.parametrize(
    "rules",
    [BOOK_DEFAULTS, HEROIC, NO_NON_HUMANOID_MAXIMUM],
    ids=["book", "heroic", "no-non-humanoid-maximum"],
)
def test_house_rules_survive_a_trip_through_json(rules: HouseRules) -> None:
    stored = json.loads(json.dumps(house_rules_to_json(rules)))
    assert house_rules_from_json(stored) == rules
    assert stored["characteristic_methods"] == rules.characteristic_methods.value


def test_a_rule_missing_from_the_stored_json_takes_the_books_default() -> None:
    stored = house_rules_to_json(HEROIC)
    del stored["starting_credits"]
    stored["a_rule_since_removed"] = True
    rules = house_rules_from_json(stored)
    assert rules.starting_credits == BOOK_DEFAULTS.starting_credits
    assert rules.characteristic_dice == "2d6+2"


def test_rules_saved_before_the_non_humanoid_maximum_existed_read_as_its_default() -> None:
    stored = json.loads(json.dumps(house_rules_to_json(NO_NON_HUMANOID_MAXIMUM)))
    assert stored["non_humanoid_maximum"] == "none"
    del stored["non_humanoid_maximum"]
    assert house_rules_from_json(stored).non_humanoid_maximum is NonHumanoidMaximum.DICE
    assert house_rules_from_json(stored) == BOOK_DEFAULTS


def test_a_character_stored_without_the_key_keeps_the_dice_maximum_and_shows_the_change(
    campaign: Campaign, player: User
) -> None:
    character = services.character_start(owner=player, campaign=campaign, name="Old", concept="")
    old_json = {
        name: value
        for name, value in character.house_rules.items()
        if name != "non_humanoid_maximum"
    }
    Character.objects.filter(pk=character.pk).update(house_rules=old_json)
    campaign_house_rules_change(campaign=campaign, by=campaign.gm, non_humanoid_maximum="none")
    character = Character.objects.get(pk=character.pk)
    assert "non_humanoid_maximum" not in character.house_rules
    assert character_house_rules(character).non_humanoid_maximum is NonHumanoidMaximum.DICE
    # A humanoid is not touched by a non-humanoid rule: no word of it.
    assert house_rules_changes(character) == []
    character.race = Race.objects.create(
        campaign=campaign,
        kind=RaceKind.NON_HUMANOID,
        name="Krell",
        reason="Armoured burrowers.",
        non_humanoid_dice={"Mus": 3, "Grc": 2, "Res": 3, "Int": 1, "Sty": 2, "Chz": 1, "Mtp": 2},
        status=RaceStatus.APPROVED,
        proposed_by=campaign.gm,
    )
    changes = house_rules_changes(character)
    assert [change.label for change in changes] == [
        "A non-humanoid alien's maximum in a characteristic"
    ]
    assert changes[0].kept == "The most its dice can roll (beyond it only with a history reason)"
    assert changes[0].now == "No maximum: every increase applies"


def test_stored_rules_that_break_the_rules_are_refused() -> None:
    with pytest.raises(RulesError):
        house_rules_from_json({**house_rules_to_json(BOOK_DEFAULTS), "point_buy_total": 3})


def test_a_started_character_keeps_its_campaigns_rules_of_that_moment(
    campaign: Campaign, player: User
) -> None:
    campaign_house_rules_change(
        campaign=campaign, by=campaign.gm, point_buy_total=60, characteristic_dice="2d6+2"
    )
    character = services.character_start(owner=player, campaign=campaign, name="Kept", concept="")
    campaign_house_rules_change(
        campaign=campaign, by=campaign.gm, point_buy_total=50, characteristic_dice="2d6"
    )
    character = Character.objects.get(pk=character.pk)
    assert character_house_rules(character).point_buy_total == 60
    assert character_house_rules(character).characteristic_dice == "2d6+2"
    assert [change.label for change in house_rules_changes(character)] == [
        "Point-buy total",
        "Characteristic dice",
    ]
    assert house_rules_changes(character)[1].kept == "2d6+2 (heroic)"
    assert house_rules_changes(character)[1].now == "2d6 (standard)"


def test_a_character_saved_without_the_service_still_gets_its_campaigns_rules(
    campaign: Campaign, player: User
) -> None:
    """The admin, a script or a test creates the row directly: never an empty rule set."""
    campaign_house_rules_change(campaign=campaign, by=campaign.gm, metaphysical_in_play=False)
    in_campaign = Character.objects.create(owner=player, campaign=campaign, name="Direct")
    outside = Character.objects.create(owner=player, name="Loner")
    assert in_campaign.house_rules["metaphysical_in_play"] is False
    assert house_rules_from_json(outside.house_rules) == BOOK_DEFAULTS
    assert house_rules_changes(outside) == []


def test_the_migrations_frozen_defaults_are_the_books() -> None:
    current = house_rules_to_json(BOOK_DEFAULTS)
    assert {
        name: value for name, value in current.items() if name not in ADDED_SINCE_THE_MIGRATION
    } == fill_migration.BOOK_DEFAULTS
    assert INFINITY_DRIVE_RULES.from_json(fill_migration.BOOK_DEFAULTS) == BOOK_DEFAULTS
