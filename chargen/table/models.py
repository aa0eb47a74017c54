"""What the live table keeps besides the logs it reads: the GM's pinned message."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

PIN_MAX_LENGTH = 300


class TablePin(models.Model):
    """The message a GM pinned above a campaign's table ("Roll characteristics with dice
    tonight"); shown on the table and on every player's strip until the GM changes it."""

    campaign = models.OneToOneField(
        "campaigns.Campaign", on_delete=models.CASCADE, primary_key=True, related_name="table_pin"
    )
    text = models.CharField(max_length=PIN_MAX_LENGTH, blank=True)
    pinned_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    pinned_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return self.text
