"""The GM's desk as data: every decision recorded, and what each person has not seen yet.

A `Decision` is the permanent record of a GM acting on a queue item (who, when,
what, which action, the note). A `Notification` tells one person that something
happened in a campaign; `LastSeen` marks when they last looked at that campaign,
so a badge counts only what is newer.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone


class DecisionItem(models.TextChoices):
    RACE = "race", "Race"
    CHARACTER = "character", "Character"


class DecisionAction(models.TextChoices):
    APPROVE = "approve", "Approved"
    REJECT = "reject", "Rejected"
    RETURN = "return", "Returned for changes"
    CREATE = "create", "Created by the GM"


class Decision(models.Model):
    """A GM's decision on a race or a character. Rows are never edited or deleted."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    campaign = models.ForeignKey(
        "campaigns.Campaign", on_delete=models.CASCADE, related_name="decisions"
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="desk_decisions",
    )
    decided_at = models.DateTimeField(default=timezone.now, db_index=True)
    item_kind = models.CharField(max_length=20, choices=DecisionItem.choices)
    race = models.ForeignKey(
        "characters.Race",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="decisions",
    )
    character = models.ForeignKey(
        "characters.Character",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="decisions",
    )
    # The item's name when decided: the record still reads well if it is renamed.
    item_name = models.CharField(max_length=120)
    action = models.CharField(max_length=20, choices=DecisionAction.choices)
    note = models.TextField(blank=True)

    class Meta:
        ordering = ("-decided_at",)
        constraints = (
            models.CheckConstraint(
                condition=(
                    models.Q(item_kind=DecisionItem.RACE, race__isnull=False, character=None)
                    | models.Q(item_kind=DecisionItem.CHARACTER, character__isnull=False, race=None)
                ),
                name="desk_decision_names_one_item",
            ),
        )

    def __str__(self) -> str:
        return f"{self.get_action_display()}: {self.item_name}"


class NotificationKind(models.TextChoices):
    RACE_PROPOSED = "race_proposed", "A race waits for approval"
    CHARACTER_SUBMITTED = "character_submitted", "A character waits for approval"
    RACE_DECIDED = "race_decided", "The GM decided on a race"
    CHARACTER_DECIDED = "character_decided", "The GM decided on a character"


class Notification(models.Model):
    """One thing that changed for one person in one campaign."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="desk_notifications"
    )
    campaign = models.ForeignKey(
        "campaigns.Campaign", on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(max_length=30, choices=NotificationKind.choices)
    decision = models.ForeignKey(
        Decision, on_delete=models.CASCADE, null=True, blank=True, related_name="notifications"
    )
    race = models.ForeignKey(
        "characters.Race", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    character = models.ForeignKey(
        "characters.Character",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
    )
    message = models.CharField(max_length=300)
    created = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ("-created",)

    def __str__(self) -> str:
        return self.message


class LastSeen(models.Model):
    """When a person last marked a campaign's news as seen; the badge counts what is newer."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="desk_last_seen"
    )
    campaign = models.ForeignKey(
        "campaigns.Campaign", on_delete=models.CASCADE, related_name="desk_last_seen"
    )
    seen_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = (
            models.UniqueConstraint(fields=("user", "campaign"), name="desk_one_last_seen"),
        )

    def __str__(self) -> str:
        return f"{self.user} saw {self.campaign} at {self.seen_at:%Y-%m-%d %H:%M}"
