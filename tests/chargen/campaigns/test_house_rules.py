"""House-rule defaults follow the book; the form explains each rule and rejects bad ones."""

from __future__ import annotations

from dataclasses import fields

import pytest
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError

from chargen.campaigns.forms import BOOK_TEXT, HouseRulesForm
from chargen.campaigns.models import (
    HOUSE_RULE_FIELDS,
    Campaign,
    DriftingLossMarginStep,
    house_rules_for,
    house_rules_from_values,
)
from chargen.campaigns.services import campaign_create
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


def _form_data(campaign: Campaign, **changes: object) -> dict[str, object]:
    data = {name: getattr(campaign, name) for name in HouseRulesForm.Meta.fields}
    data.update(changes)
    # Unticked checkboxes are simply absent from a real POST.
    return {name: value for name, value in data.items() if value is not False}


def test_a_new_campaign_has_the_books_house_rules(gm: AbstractUser) -> None:
    campaign = campaign_create(gm=gm, name="By the book")
    campaign.refresh_from_db()
    assert campaign.house_rules == BOOK_DEFAULTS
    assert campaign.game == "infinity_drive"
    assert campaign.drifting_lifepath_count == 4
    assert campaign.drifting_loss_margin_step == DriftingLossMarginStep.RULE_TEXT == 5


def test_model_fields_match_the_house_rules_dataclass_exactly() -> None:
    assert tuple(field.name for field in fields(HouseRules)) == HOUSE_RULE_FIELDS
    for name in HOUSE_RULE_FIELDS:
        assert Campaign._meta.get_field(name).get_default() == getattr(BOOK_DEFAULTS, name)


def test_heroic_campaign_builds_heroic_rules(gm: AbstractUser) -> None:
    campaign = campaign_create(
        gm=gm,
        name="Heroes",
        point_buy_total=60,
        characteristic_dice="2d6+2",
        characteristic_methods="dice",
        survival_failure="death",
    )
    rules = campaign.house_rules
    assert rules.point_buy_total == 60
    assert rules.dice_spec.bonus == 2
    assert rules.characteristic_methods is CharacteristicMethods.DICE
    assert rules.survival_failure is SurvivalFailure.DEATH
    assert not rules.allows_point_buy


def test_create_rejects_rules_the_engine_refuses(gm: AbstractUser) -> None:
    with pytest.raises(RulesError, match="point-buy total"):
        campaign_create(gm=gm, name="Broken", point_buy_total=10)
    assert not Campaign.objects.filter(name="Broken").exists()


def test_create_rejects_unknown_house_rules(gm: AbstractUser) -> None:
    with pytest.raises(TypeError, match="point_buy"):
        campaign_create(gm=gm, name="Typo", point_buy=60)


def test_every_house_rule_quotes_or_explains_the_book() -> None:
    form = HouseRulesForm()
    for name in HouseRulesForm.Meta.fields:
        assert form.fields[name].help_text == BOOK_TEXT[name]
    assert "Unless the GM says otherwise" in BOOK_TEXT["characteristic_methods"]
    assert "20,000 credits" in BOOK_TEXT["starting_credits"]


def test_the_non_humanoid_maximum_is_offered_and_explained(campaign: Campaign) -> None:
    assert campaign.non_humanoid_maximum == "dice"  # the default keeps today's reading
    assert campaign.house_rules.non_humanoid_maximum is NonHumanoidMaximum.DICE
    form = HouseRulesForm(instance=campaign)
    field = form.fields["non_humanoid_maximum"]
    assert [value for value, _label in field.choices] == ["dice", "none"]
    assert "can break any of the limit rules" in field.help_text
    assert "(Max C)" in field.help_text
    rendered = str(form["non_humanoid_maximum"])
    assert 'type="radio"' in rendered
    assert "The most its dice can roll" in rendered
    assert "No maximum: every increase applies" in rendered

    changed = HouseRulesForm(_form_data(campaign, non_humanoid_maximum="none"), instance=campaign)
    assert changed.is_valid(), changed.errors
    changed.save()
    campaign.refresh_from_db()
    assert campaign.house_rules.non_humanoid_maximum is NonHumanoidMaximum.NONE
    refused = HouseRulesForm(_form_data(campaign, non_humanoid_maximum="c"), instance=campaign)
    assert not refused.is_valid()
    assert "non_humanoid_maximum" in refused.errors


def test_form_accepts_a_heroic_change(campaign: Campaign) -> None:
    form = HouseRulesForm(
        _form_data(campaign, point_buy_total=60, characteristic_dice="2d6+2"), instance=campaign
    )
    assert form.is_valid(), form.errors
    form.save()
    campaign.refresh_from_db()
    assert campaign.house_rules.point_buy_total == 60


def test_form_puts_the_rules_message_at_the_field(campaign: Campaign) -> None:
    form = HouseRulesForm(_form_data(campaign, point_buy_total=12), instance=campaign)
    assert not form.is_valid()
    assert form.errors["point_buy_total"] == [POINT_BUY_TOTAL_RANGE_MESSAGE]
    campaign.refresh_from_db()
    assert campaign.point_buy_total == 50


def test_form_blames_the_right_field_among_several_changes(campaign: Campaign) -> None:
    form = HouseRulesForm(
        _form_data(campaign, point_buy_total=60, non_humanoid_dice_total=3), instance=campaign
    )
    assert not form.is_valid()
    assert "non_humanoid_dice_total" in form.errors
    assert "point_buy_total" not in form.errors


def test_form_rejects_dice_outside_the_books_choices(campaign: Campaign) -> None:
    form = HouseRulesForm(_form_data(campaign, characteristic_dice="1d20"), instance=campaign)
    assert not form.is_valid()
    assert "characteristic_dice" in form.errors


def test_form_rejects_zero_lifepaths(campaign: Campaign) -> None:
    form = HouseRulesForm(_form_data(campaign, drifting_lifepath_count=0), instance=campaign)
    assert not form.is_valid()
    assert "drifting_lifepath_count" in form.errors


def test_values_become_enums_for_the_rules_engine() -> None:
    rules = house_rules_from_values({"survival_failure": "setback"})
    assert rules.survival_failure is SurvivalFailure.SETBACK
    assert rules.point_buy_total == BOOK_DEFAULTS.point_buy_total


def test_characters_outside_any_campaign_use_the_book(gm: AbstractUser) -> None:
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
        ("drifting_lifepath_count", 11, "Lifepaths per character must be between 1 and 10."),
        ("drifting_lifepath_count", 0, "Lifepaths per character must be between 1 and 10."),
    ],
)
def test_form_refuses_numbers_out_of_bounds_with_one_plain_message(
    campaign: Campaign, name: str, value: int, message: str
) -> None:
    form = HouseRulesForm(_form_data(campaign, **{name: value}), instance=campaign)
    assert not form.is_valid()
    assert form.errors[name] == [message]
    assert "9223372036854775807" not in str(form.errors)
    campaign.refresh_from_db()
    assert getattr(campaign, name) != value


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("point_buy_total", 14),
        ("point_buy_total", 84),
        ("starting_credits", 0),
        ("starting_credits", 10_000_000),
        ("non_humanoid_dice_total", 4),
        ("non_humanoid_dice_total", 42),
        ("drifting_lifepath_count", 1),
        ("drifting_lifepath_count", 10),
    ],
)
def test_form_accepts_the_bounds_themselves(campaign: Campaign, name: str, value: int) -> None:
    form = HouseRulesForm(_form_data(campaign, **{name: value}), instance=campaign)
    assert form.is_valid(), form.errors
    form.save()
    campaign.refresh_from_db()
    assert getattr(campaign, name) == value


def test_without_metaphysical_the_total_must_leave_six_characteristics_possible(
    campaign: Campaign,
) -> None:
    # 84 - 7 = 77 points cannot fit in 6 characteristics of at most 12 (72).
    form = HouseRulesForm(
        _form_data(campaign, point_buy_total=84, metaphysical_in_play=False), instance=campaign
    )
    assert not form.is_valid()
    assert "between 19 and 79" in str(form.errors)
    fits = HouseRulesForm(
        _form_data(campaign, point_buy_total=79, metaphysical_in_play=False), instance=campaign
    )
    assert fits.is_valid(), fits.errors


def test_the_model_refuses_out_of_bounds_numbers_too(gm: AbstractUser) -> None:
    """Field validators mirror HouseRules, so the admin and full_clean refuse them as well."""
    campaign = Campaign(gm=gm, name="Admin typo", point_buy_total=200, drifting_lifepath_count=99)
    with pytest.raises(ValidationError) as refused:
        campaign.full_clean()
    assert refused.value.message_dict["point_buy_total"] == [POINT_BUY_TOTAL_RANGE_MESSAGE]
    assert refused.value.message_dict["drifting_lifepath_count"] == [
        "Lifepaths per character must be between 1 and 10."
    ]
