"""The GM's actions at the table."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from chargen.campaigns.models import Campaign
from chargen.core.live_events import PIN_EVENT, send_to_table
from chargen.table.models import TablePin


@transaction.atomic
def table_pin(*, campaign: Campaign, by: AbstractBaseUser, text: str) -> TablePin:
    """Pin `text` above the table (empty text takes the pin down); every open table and
    strip shows it once this commits."""
    if not campaign.is_gm(by):
        raise PermissionDenied("Only the GM pins a message to the table.")
    pin, _ = TablePin.objects.update_or_create(
        campaign=campaign,
        defaults={"text": text, "pinned_by_id": by.pk, "pinned_at": timezone.now()},
    )
    event = {"type": PIN_EVENT, "text": pin.text}
    transaction.on_commit(lambda: send_to_table(campaign.pk, event), robust=True)
    return pin
