"""The GM's desk as data: every decision recorded, and what each person has not seen yet.

A `Decision` is the permanent record of a GM acting on a queue item (who, when,
what, which action, the note). The item is any game system's row (a race, a
character), named by its content type and id: the desk knows no system's models.
The system's models declare a GenericRelation back, so deleting an item deletes
its decisions and notifications as a foreign key's CASCADE would.

A `Notification` tells one person that something happened in a campaign; `LastSeen`
marks when they last looked at that campaign, so a badge counts only what is newer.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.utils import timezone


class DecisionItem(models.TextChoices):
    """What was decided on, in the GM's words; a system's own queue may add its noun."""

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
    item_type = models.ForeignKey(ContentType, on_delete=models.CASCADE, related_name="+")
    item_id = models.UUIDField()
    item = GenericForeignKey("item_type", "item_id")
    # The item's name when decided: the record still reads well if it is renamed.
    item_name = models.CharField(max_length=120)
    action = models.CharField(max_length=20, choices=DecisionAction.choices)
    note = models.TextField(blank=True)

    class Meta:
        ordering = ("-decided_at",)
        indexes = (models.Index(fields=("item_type", "item_id"), name="desk_decision_item"),)

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
    # The race or character the news is about, if any (see Decision.item).
    item_type = models.ForeignKey(
        ContentType, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    item_id = models.UUIDField(null=True, blank=True)
    item = GenericForeignKey("item_type", "item_id")
    message = models.CharField(max_length=300)
    created = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ("-created",)
        indexes = (models.Index(fields=("item_type", "item_id"), name="desk_notification_item"),)

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


class PassageAction(models.TextChoices):
    """A finished character's way through the desk, as the campaign's table reads it."""

    SUBMITTED = "submitted", "Submitted to the GM"
    APPROVED = "approved", "Approved by the GM"
    RETURNED = "returned", "Returned to its player for changes"


class Passage(models.Model):
    """A finished character submitted to the desk, approved or returned there: an entry on
    its campaign's live table. Rows are never edited or deleted.

    Numbered per campaign without gaps, each written under its campaign's lock
    (`chargen.desk.passages`), so a table watcher's position "after passage n" misses
    nothing and repeats nothing, as with a log's sequence. The character is named by its
    system's key and id: the desk knows no system's models.
    """

    campaign = models.ForeignKey(
        "campaigns.Campaign", on_delete=models.CASCADE, related_name="desk_passages"
    )
    sequence = models.PositiveIntegerField()
    system = models.CharField(max_length=40)
    subject_id = models.UUIDField()
    action = models.CharField(max_length=20, choices=PassageAction.choices)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = (
            models.UniqueConstraint(
                fields=("campaign", "sequence"), name="desk_passage_campaign_sequence"
            ),
        )

    def __str__(self) -> str:
        return f"{self.get_action_display()} ({self.sequence})"
