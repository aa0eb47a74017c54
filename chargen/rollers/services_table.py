"""Showing a roller sheet at a campaign's live table, or taking it off."""

from __future__ import annotations

from django.db import transaction

from chargen.campaigns.models import Campaign
from chargen.core.live_events import announce_subject_after_commit
from chargen.rollers.models import ManaCharacter, UniqueCharacter


def sheet_show_at(*, character: UniqueCharacter | ManaCharacter, campaign: Campaign | None) -> None:
    """Show the sheet at `campaign`'s table (None: at no table). The form checked that the
    owner plays in or runs it; the tables it leaves and joins hear of it after commit."""
    with transaction.atomic():
        previous = character.campaign_id
        character.campaign = campaign
        character.save(update_fields=["campaign", "updated"])
        announce_subject_after_commit(character)
        if previous is not None and previous != character.campaign_id:
            left = type(character)(pk=character.pk, campaign_id=previous)
            announce_subject_after_commit(left)
