"""House-rule defaults follow the book; the form explains each rule and rejects bad ones.

A campaign keeps its rules as one JSON value per game system, each part checked by
that system's codec; the form a GM edits is the one of the game the campaign plays.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest
from django import forms
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from chargen.campaigns.forms import house_rules_form
from chargen.campaigns.models import Campaign
from chargen.campaigns.services import campaign_create, campaign_house_rules_set
from chargen.drifting.campaign_rules import DRIFTING, DriftingHouseRules
from chargen.infinity_drive.campaign_rules import (
    BOOK_TEXT,
    INFINITY_DRIVE,
    INFINITY_DRIVE_RULES,
    house_rules_for,
)
from rules.errors import RulesError
from rules.infinity_drive.house_rules import (
    BOOK_DEFAULTS,
    NON_HUMANOID_DICE_TOTAL_RANGE_MESSAGE,
    POINT_BUY_TOTAL_RANGE_MESSAGE,
    STARTING_CREDITS_RANGE_MESSAGE,
    CharacteristicMethods,
    HouseRules,
    NonHumanoidMaximum,
    SurvivalFailure,
)

LIFEPATHS_MESSAGE = "Lifepaths per character must be between 1 and 10."


@pytest.fixture
def drifting_campaign(gm: User) -> Campaign:
    return campaign_create(gm=gm, name="Lost on Storm", game=DRIFTING)


def _form_data(campaign: Campaign, **changes: object) -> dict[str, object]:
    codec = campaign.system.house_rules
    assert codec is not None
    data: dict[str, Any] = {**codec.to_json(campaign.rules), **changes}
    # Unticked checkboxes are simply absent from a real POST.
    return {name: value for name, value in data.items() if value is not False}


def _save(campaign: Campaign, **changes: object) -> Any:
    """Post the campaign's form with `changes`; save it if valid; return the form."""
    form = house_rules_form(campaign, _form_data(campaign, **changes))
    if form.is_valid():
        campaign_house_rules_set(campaign=campaign, by=campaign.gm, rules=form.rules)
    return form


def test_a_new_campaign_has_the_books_house_rules(gm: User) -> None:
    campaign = campaign_create(gm=gm, name="By the book")
    campaign.refresh_from_db()
    assert campaign.game == INFINITY_DRIVE
    assert campaign.rules == BOOK_DEFAULTS
    assert campaign.rules_for(DRIFTING) == DriftingHouseRules()
    assert campaign.rules_for(DRIFTING).lifepath_count == 4
    assert campaign.rules_for(DRIFTING).loss_margin_step == 5
    drifting = campaign_create(gm=gm, name="Storm", game=DRIFTING)
    assert drifting.rules == DriftingHouseRules()


def test_the_codec_and_the_form_match_the_house_rules_dataclass_exactly() -> None:
    assert tuple(field.name for field in fields(HouseRules)) == INFINITY_DRIVE_RULES.names
    form = INFINITY_DRIVE_RULES.form()
    assert set(form.fields) == set(INFINITY_DRIVE_RULES.names)
    assert form.initial == INFINITY_DRIVE_RULES.to_json(BOOK_DEFAULTS)


def test_heroic_campaign_builds_heroic_rules(gm: User) -> None:
    campaign = campaign_create(
        gm=gm,
        name="Heroes",
        point_buy_total=60,
        characteristic_dice="2d6+2",
        characteristic_methods="dice",
        survival_failure="death",
    )
    campaign.refresh_from_db()
    rules = campaign.rules
    assert rules.point_buy_total == 60
    assert rules.dice_spec.bonus == 2
    assert rules.characteristic_methods is CharacteristicMethods.DICE
    assert rules.survival_failure is SurvivalFailure.DEATH
    assert not rules.allows_point_buy
    assert campaign.house_rules[INFINITY_DRIVE]["characteristic_methods"] == "dice"


def test_create_rejects_rules_the_engine_refuses(gm: User) -> None:
    with pytest.raises(RulesError, match="point-buy total"):
        campaign_create(gm=gm, name="Broken", point_buy_total=10)
    assert not Campaign.objects.filter(name="Broken").exists()


def test_create_rejects_unknown_house_rules(gm: User) -> None:
    with pytest.raises(TypeError, match="point_buy"):
        campaign_create(gm=gm, name="Typo", point_buy=60)
    with pytest.raises(TypeError, match="point_buy_total"):
        campaign_create(gm=gm, name="Wrong game", game=DRIFTING, point_buy_total=60)


def test_every_house_rule_quotes_or_explains_the_book() -> None:
    form = INFINITY_DRIVE_RULES.form()
    for name in form.fields:
        assert form.fields[name].help_text == BOOK_TEXT[name]
    assert "Unless the GM says otherwise" in BOOK_TEXT["characteristic_methods"]
    assert "20,000 credits" in BOOK_TEXT["starting_credits"]


def test_the_form_is_the_one_of_the_campaigns_game(
    campaign: Campaign, drifting_campaign: Campaign
) -> None:
    assert "point_buy_total" in house_rules_form(campaign).fields
    assert "lifepath_count" not in house_rules_form(campaign).fields
    assert list(house_rules_form(drifting_campaign).fields) == [
        "physical_dice_allowed",
        "lifepath_count",
        "loss_margin_step",
        "live_sharing",
    ]


def test_the_non_humanoid_maximum_is_offered_and_explained(campaign: Campaign) -> None:
    assert campaign.house_rules[INFINITY_DRIVE]["non_humanoid_maximum"] == "dice"
    assert campaign.rules.non_humanoid_maximum is NonHumanoidMaximum.DICE
    form = house_rules_form(campaign)
    field = form.fields["non_humanoid_maximum"]
    assert isinstance(field, forms.ChoiceField)
    assert [value for value, _label in list(field.choices)] == ["dice", "none"]  # type: ignore[arg-type]
    assert "can break any of the limit rules" in field.help_text
    assert "(Max C)" in field.help_text
    rendered = str(form["non_humanoid_maximum"])
    assert 'type="radio"' in rendered
    assert "The most its dice can roll" in rendered
    assert "No maximum: every increase applies" in rendered

    changed = _save(campaign, non_humanoid_maximum="none")
    assert changed.is_valid(), changed.errors
    campaign.refresh_from_db()
    assert campaign.rules.non_humanoid_maximum is NonHumanoidMaximum.NONE
    refused = _save(campaign, non_humanoid_maximum="c")
    assert not refused.is_valid()
    assert "non_humanoid_maximum" in refused.errors


def test_form_accepts_a_heroic_change(campaign: Campaign) -> None:
    form = _save(campaign, point_buy_total=60, characteristic_dice="2d6+2")
    assert form.is_valid(), form.errors
    campaign.refresh_from_db()
    assert campaign.rules.point_buy_total == 60


def test_saving_one_games_rules_keeps_the_others(campaign: Campaign) -> None:
    campaign.house_rules[DRIFTING] = {"lifepath_count": 6}
    campaign.save()
    assert _save(campaign, point_buy_total=60).is_valid()
    campaign.refresh_from_db()
    assert campaign.house_rules[DRIFTING] == {"lifepath_count": 6}
    assert campaign.rules.point_buy_total == 60


def test_form_puts_the_rules_message_at_the_field(campaign: Campaign) -> None:
    form = _save(campaign, point_buy_total=12)
    assert not form.is_valid()
    assert form.errors["point_buy_total"] == [POINT_BUY_TOTAL_RANGE_MESSAGE]
    campaign.refresh_from_db()
    assert campaign.rules.point_buy_total == 50


def test_form_blames_the_right_field_among_several_changes(campaign: Campaign) -> None:
    form = _save(campaign, point_buy_total=60, non_humanoid_dice_total=3)
    assert not form.is_valid()
    assert "non_humanoid_dice_total" in form.errors
    assert "point_buy_total" not in form.errors


def test_form_rejects_dice_outside_the_books_choices(campaign: Campaign) -> None:
    form = _save(campaign, characteristic_dice="1d20")
    assert not form.is_valid()
    assert "characteristic_dice" in form.errors


def test_form_rejects_zero_lifepaths(drifting_campaign: Campaign) -> None:
    form = _save(drifting_campaign, lifepath_count=0)
    assert not form.is_valid()
    assert "lifepath_count" in form.errors


def test_values_become_enums_for_the_rules_engine() -> None:
    rules = INFINITY_DRIVE_RULES.from_json({"survival_failure": "setback"})
    assert rules.survival_failure is SurvivalFailure.SETBACK
    assert rules.point_buy_total == BOOK_DEFAULTS.point_buy_total


def test_characters_outside_any_campaign_use_the_book(gm: User) -> None:
    assert house_rules_for(None) == BOOK_DEFAULTS
    heroic = campaign_create(gm=gm, name="Heroes", point_buy_total=60)
    assert house_rules_for(heroic).point_buy_total == 60


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        # 7 characteristics hold 7 x 12 = 84 points at most.
        ("point_buy_total", 200, POINT_BUY_TOTAL_RANGE_MESSAGE),
        ("point_buy_total", 85, POINT_BUY_TOTAL_RANGE_MESSAGE),
        ("point_buy_total", 13, POINT_BUY_TOTAL_RANGE_MESSAGE),
        ("starting_credits", 10_000_001, STARTING_CREDITS_RANGE_MESSAGE),
        ("starting_credits", 99_999_999_999_999_999_999, STARTING_CREDITS_RANGE_MESSAGE),
        ("non_humanoid_dice_total", 43, NON_HUMANOID_DICE_TOTAL_RANGE_MESSAGE),
        ("non_humanoid_dice_total", 3, NON_HUMANOID_DICE_TOTAL_RANGE_MESSAGE),
        ("lifepath_count", 11, LIFEPATHS_MESSAGE),
        ("lifepath_count", 0, LIFEPATHS_MESSAGE),
    ],
)
def test_form_refuses_numbers_out_of_bounds_with_one_plain_message(
    campaign: Campaign, drifting_campaign: Campaign, name: str, value: int, message: str
) -> None:
    playing = drifting_campaign if name == "lifepath_count" else campaign
    form = _save(playing, **{name: value})
    assert not form.is_valid()
    assert form.errors[name] == [message]
    assert "9223372036854775807" not in str(form.errors)
    playing.refresh_from_db()
    assert getattr(playing.rules, name) != value


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("point_buy_total", 14),
        ("point_buy_total", 84),
        ("starting_credits", 0),
        ("starting_credits", 10_000_000),
        ("non_humanoid_dice_total", 4),
        ("non_humanoid_dice_total", 42),
        ("lifepath_count", 1),
        ("lifepath_count", 10),
    ],
)
def test_form_accepts_the_bounds_themselves(
    campaign: Campaign, drifting_campaign: Campaign, name: str, value: int
) -> None:
    playing = drifting_campaign if name == "lifepath_count" else campaign
    form = _save(playing, **{name: value})
    assert form.is_valid(), form.errors
    playing.refresh_from_db()
    assert getattr(playing.rules, name) == value


def test_without_metaphysical_the_total_must_leave_six_characteristics_possible(
    campaign: Campaign,
) -> None:
    # 84 - 7 = 77 points cannot fit in 6 characteristics of at most 12 (72).
    form = _save(campaign, point_buy_total=84, metaphysical_in_play=False)
    assert not form.is_valid()
    assert "between 19 and 79" in str(form.errors)
    fits = _save(campaign, point_buy_total=79, metaphysical_in_play=False)
    assert fits.is_valid(), fits.errors


def test_the_model_refuses_out_of_bounds_numbers_too(gm: User) -> None:
    """Each system's codec checks its part, so the admin and full_clean refuse them as well."""
    campaign = Campaign(
        gm=gm,
        name="Admin typo",
        house_rules={
            INFINITY_DRIVE: {"point_buy_total": 200},
            DRIFTING: {"lifepath_count": 99},
        },
    )
    with pytest.raises(ValidationError) as refused:
        campaign.full_clean()
    assert refused.value.message_dict["house_rules"] == [
        f"Infinity Drive: {POINT_BUY_TOTAL_RANGE_MESSAGE}",
        f"Drifting: {LIFEPATHS_MESSAGE}",
    ]


@pytest.mark.parametrize(
    ("stored", "message"),
    [
        ({"tarot": {}}, "No game system is registered as “tarot”."),
        ({"unique_pool": {}}, "Unique-dice pool has no house rules."),
        ({INFINITY_DRIVE: {"point_buy_total": "sixty"}}, "Point-buy total: give a whole number."),
        ({DRIFTING: {"physical_dice_allowed": "yes"}}, "answer yes or no"),
        ({INFINITY_DRIVE: {"survival_failure": "explode"}}, "is not one of the choices"),
        ([], "House rules must be an object"),
    ],
)
def test_the_model_refuses_house_rules_no_system_reads(
    gm: User, stored: object, message: str
) -> None:
    campaign = Campaign(gm=gm, name="Admin typo", house_rules=stored)
    with pytest.raises(ValidationError) as refused:
        campaign.full_clean()
    assert message in " ".join(refused.value.message_dict["house_rules"])


def test_a_rule_missing_from_the_json_reads_as_the_book(campaign: Campaign) -> None:
    """A rule added after a campaign saved its rules takes the book's default."""
    del campaign.house_rules[INFINITY_DRIVE]["non_humanoid_maximum"]
    campaign.house_rules[INFINITY_DRIVE]["a_rule_since_removed"] = 3
    campaign.save()
    campaign.refresh_from_db()
    assert campaign.rules.non_humanoid_maximum is NonHumanoidMaximum.DICE
    campaign.full_clean()
