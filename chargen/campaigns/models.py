"""Campaigns as data: a GM, members, an invite link, the game and its house rules.

Campaigns know no game system by name: the game is one of the registered systems
(chargen/core/systems.py), and the house rules are one JSON value per system,
`{system_key: {rule: value}}`, each part checked by that system's codec.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse

from chargen.core.house_rules import HouseRulesInvalid
from chargen.core.systems import (
    GameSystem,
    UnknownSystem,
    campaign_game_choices,
    default_campaign_game,
    registry,
)


def house_rules_errors(stored: Any) -> list[str]:
    """What is wrong with a campaign's house-rules JSON, one sentence each (none if valid)."""
    if not isinstance(stored, dict):
        return ["House rules must be an object with one entry per game system."]
    errors = []
    for key, value in stored.items():
        try:
            codec = registry.get(key).house_rules
        except UnknownSystem as unknown:
            errors.append(str(unknown))
            continue
        if codec is None:
            errors.append(f"{registry.get(key).label} has no house rules.")
        elif not isinstance(value, dict):
            errors.append(f"{registry.get(key).label}: the rules must be an object.")
        else:
            try:
                codec.validate(value)
            except HouseRulesInvalid as invalid:
                label = registry.get(key).label
                errors.extend(f"{label}: {message}" for message in invalid.errors.values())
    return errors


class Campaign(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True)
    gm = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="campaigns_run"
    )
    invite_token = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    game = models.CharField(
        max_length=20, choices=campaign_game_choices, default=default_campaign_game
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    # {system_key: {rule: value}}: the rules of each system, checked by its codec.
    # Rules not stored take the book's defaults. Characters that copy them when they
    # start (Infinity Drive's) keep their own copy.
    house_rules = models.JSONField(default=dict, blank=True)

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

    def clean(self) -> None:
        super().clean()
        errors = house_rules_errors(self.house_rules)
        if errors:
            raise ValidationError({"house_rules": errors})

    @property
    def system(self) -> GameSystem:
        """The game system the campaign plays."""
        return registry.get(self.game)

    def rules_for(self, system_key: str) -> Any:
        """One system's house rules (its dataclass); the book's for rules not stored.

        Raises HouseRulesInvalid if the stored value is not valid.
        """
        codec = registry.get(system_key).house_rules
        if codec is None:
            raise UnknownSystem(f"{registry.get(system_key).label} has no house rules.")
        return codec.from_json(self.house_rules.get(system_key))

    @property
    def rules(self) -> Any:
        """The house rules of the campaign's own game, for templates (`campaign.rules.x`)."""
        return self.rules_for(self.game)

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
