"""Campaigns as data: a GM, members, an invite link and the house rules.

The house-rule fields carry exactly the names and defaults of
rules.infinity_drive.house_rules.HouseRules, so `Campaign.house_rules` can build
the plain value the rules engine takes.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import fields as dataclass_fields
from dataclasses import replace as dataclass_replace
from enum import Enum
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse

from rules import drifting as rules_drifting
from rules.infinity_drive import house_rules as rules_house

DEFAULTS = rules_house.BOOK_DEFAULTS


def _between(low: int, high: int, message: str) -> list[MinValueValidator | MaxValueValidator]:
    """Both bounds with one plain message (instead of the database's integer range)."""
    return [MinValueValidator(low, message=message), MaxValueValidator(high, message=message)]


class Game(models.TextChoices):
    INFINITY_DRIVE = "infinity_drive", "Infinity Drive"
    DRIFTING = "drifting", "Drifting"


class CharacteristicMethods(models.TextChoices):
    BOTH = rules_house.CharacteristicMethods.BOTH.value, "Both: each player picks one"
    POINT_BUY = rules_house.CharacteristicMethods.POINT_BUY.value, "Point buy only"
    DICE = rules_house.CharacteristicMethods.DICE.value, "Dice rolling only"


class CharacteristicDice(models.TextChoices):
    STANDARD = rules_house.STANDARD_DICE, "2d6 (standard)"
    HEROIC = rules_house.HEROIC_DICE, "2d6+2 (heroic)"


class SurvivalFailure(models.TextChoices):
    DEATH = rules_house.SurvivalFailure.DEATH.value, "Death: start again"
    SETBACK = rules_house.SurvivalFailure.SETBACK.value, "Setback: lose a roll and an attribute"
    PLAYER_CHOICE = rules_house.SurvivalFailure.PLAYER_CHOICE.value, "The player chooses"


class EquipmentOptions(models.TextChoices):
    BOTH = rules_house.EquipmentOptions.BOTH.value, "Both: each player picks one"
    STANDARD = rules_house.EquipmentOptions.STANDARD.value, "Standard option only"
    VARIABLE = rules_house.EquipmentOptions.VARIABLE.value, "Variable backgrounds only"


class PlusThreeGrade(models.TextChoices):
    GOOD_SUCCESS = rules_house.PlusThreeGrade.GOOD_SUCCESS.value, "Good Success"
    SUCCESS = rules_house.PlusThreeGrade.SUCCESS.value, "Success"


class NonHumanoidMaximum(models.TextChoices):
    DICE = (
        rules_house.NonHumanoidMaximum.DICE.value,
        "The most its dice can roll (beyond it only with a history reason)",
    )
    NONE = rules_house.NonHumanoidMaximum.NONE.value, "No maximum: every increase applies"


class DriftingLossMarginStep(models.IntegerChoices):
    RULE_TEXT = 5, "One more token per five points (the rule's text)"
    WORKED_EXAMPLE = 3, "One more per three points (the worked example)"


# The HouseRules field names, in the dataclass's order: the single list the model,
# the form and `Campaign.house_rules` agree on.
HOUSE_RULE_FIELDS: tuple[str, ...] = tuple(field.name for field in dataclass_fields(DEFAULTS))
DRIFTING_RULE_FIELDS: tuple[str, ...] = ("drifting_lifepath_count", "drifting_loss_margin_step")
# The rules each game reads: a campaign's page shows only its own game's. Drifting
# reads whether dice rolled at the table may be typed in, and its own two.
RULES_READ_BY_GAME: dict[str, tuple[str, ...]] = {
    Game.INFINITY_DRIVE: HOUSE_RULE_FIELDS,
    Game.DRIFTING: ("physical_dice_allowed", *DRIFTING_RULE_FIELDS),
}


def house_rules_from_values(values: Mapping[str, Any]) -> rules_house.HouseRules:
    """HouseRules from stored or submitted values (enums rebuilt from their strings).

    Values missing from `values` take the book's defaults. Raises RulesError.
    """
    given = {name: values[name] for name in HOUSE_RULE_FIELDS if name in values}
    for name, enum in _ENUM_FIELDS.items():
        if name in given:
            given[name] = enum(given[name])
    return dataclass_replace(DEFAULTS, **given)


def house_rules_to_json(house_rules: rules_house.HouseRules) -> dict[str, Any]:
    """HouseRules as plain JSON values (enums as their strings), for a character to keep."""
    values = {name: getattr(house_rules, name) for name in HOUSE_RULE_FIELDS}
    return {
        name: value.value if isinstance(value, Enum) else value for name, value in values.items()
    }


def house_rules_from_json(stored: Mapping[str, Any]) -> rules_house.HouseRules:
    """HouseRules from `house_rules_to_json`'s output. Raises RulesError.

    A rule added to HouseRules after the character started is missing from `stored`
    and takes the book's default (the book's reading is what that character was
    built under); a key HouseRules no longer has is ignored.
    """
    return house_rules_from_values(stored)


def house_rules_for(campaign: Campaign | None) -> rules_house.HouseRules:
    """A campaign's house rules, or the book's defaults for a character in no campaign."""
    return DEFAULTS if campaign is None else campaign.house_rules


_ENUM_FIELDS = {
    "characteristic_methods": rules_house.CharacteristicMethods,
    "survival_failure": rules_house.SurvivalFailure,
    "equipment_options": rules_house.EquipmentOptions,
    "plus_three_grade": rules_house.PlusThreeGrade,
    "non_humanoid_maximum": rules_house.NonHumanoidMaximum,
}


class Campaign(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True)
    gm = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="campaigns_run"
    )
    invite_token = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    game = models.CharField(max_length=20, choices=Game.choices, default=Game.INFINITY_DRIVE)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    # Infinity Drive house rules (names and defaults match HouseRules).
    characteristic_methods = models.CharField(
        max_length=20,
        choices=CharacteristicMethods.choices,
        default=DEFAULTS.characteristic_methods.value,
    )
    point_buy_total = models.PositiveSmallIntegerField(
        default=DEFAULTS.point_buy_total,
        validators=_between(
            rules_house.POINT_BUY_TOTAL_MIN,
            rules_house.POINT_BUY_TOTAL_MAX,
            rules_house.POINT_BUY_TOTAL_RANGE_MESSAGE,
        ),
    )
    characteristic_dice = models.CharField(
        max_length=10, choices=CharacteristicDice.choices, default=DEFAULTS.characteristic_dice
    )
    metaphysical_in_play = models.BooleanField(default=DEFAULTS.metaphysical_in_play)
    alien_humanoids_allowed = models.BooleanField(default=DEFAULTS.alien_humanoids_allowed)
    career_survival = models.BooleanField(default=DEFAULTS.career_survival)
    survival_failure = models.CharField(
        max_length=20, choices=SurvivalFailure.choices, default=DEFAULTS.survival_failure.value
    )
    physical_dice_allowed = models.BooleanField(default=DEFAULTS.physical_dice_allowed)
    equipment_options = models.CharField(
        max_length=20, choices=EquipmentOptions.choices, default=DEFAULTS.equipment_options.value
    )
    starting_credits = models.PositiveIntegerField(
        default=DEFAULTS.starting_credits,
        validators=_between(
            rules_house.STARTING_CREDITS_MIN,
            rules_house.STARTING_CREDITS_MAX,
            rules_house.STARTING_CREDITS_RANGE_MESSAGE,
        ),
    )
    approval_required = models.BooleanField(default=DEFAULTS.approval_required)
    non_humanoid_dice_total = models.PositiveSmallIntegerField(
        default=DEFAULTS.non_humanoid_dice_total,
        validators=_between(
            rules_house.NON_HUMANOID_DICE_TOTAL_MIN,
            rules_house.NON_HUMANOID_DICE_TOTAL_MAX,
            rules_house.NON_HUMANOID_DICE_TOTAL_RANGE_MESSAGE,
        ),
    )
    plus_three_grade = models.CharField(
        max_length=20, choices=PlusThreeGrade.choices, default=DEFAULTS.plus_three_grade.value
    )
    non_humanoid_maximum = models.CharField(
        max_length=20,
        choices=NonHumanoidMaximum.choices,
        default=DEFAULTS.non_humanoid_maximum.value,
    )

    # Drifting house rules.
    drifting_lifepath_count = models.PositiveSmallIntegerField(
        default=rules_drifting.DEFAULT_LIFEPATH_COUNT,
        validators=_between(
            rules_drifting.LIFEPATH_COUNT_MIN,
            rules_drifting.LIFEPATH_COUNT_MAX,
            rules_drifting.LIFEPATH_COUNT_RANGE_MESSAGE,
        ),
    )
    drifting_loss_margin_step = models.PositiveSmallIntegerField(
        choices=DriftingLossMarginStep.choices, default=DriftingLossMarginStep.RULE_TEXT
    )

    class Meta:
        ordering = ("name", "created")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("campaigns:detail", kwargs={"campaign_id": self.id})

    @property
    def invite_url(self) -> str:
        """The path of the invite link (build the absolute URL with the request)."""
        return reverse("campaigns:join", kwargs={"token": str(self.invite_token)})

    @property
    def house_rules(self) -> rules_house.HouseRules:
        """The plain value rules/ takes; raises RulesError if the fields disagree."""
        return house_rules_from_values({name: getattr(self, name) for name in HOUSE_RULE_FIELDS})

    def is_gm(self, user: AbstractBaseUser | AnonymousUser) -> bool:
        return bool(user.is_authenticated) and self.gm_id == user.pk

    def is_member(self, user: AbstractBaseUser | AnonymousUser) -> bool:
        """A member row or the GM: both are in the campaign."""
        if not user.is_authenticated:
            return False
        return self.is_gm(user) or self.memberships.filter(user_id=user.pk).exists()


class Membership(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="campaign_memberships"
    )
    joined = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("joined",)
        constraints = (
            models.UniqueConstraint(fields=("campaign", "user"), name="one_membership_per_user"),
        )

    def __str__(self) -> str:
        return f"{self.user} in {self.campaign}"


class RetiredInvite(models.Model):
    """An invite token the GM replaced, kept so the old link can say so plainly."""

    token = models.UUIDField(unique=True)
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="retired_invites")
    retired = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"Replaced invite for {self.campaign}"
