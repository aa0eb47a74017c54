"""A finished character's way through the desk, told to its campaign's live table.

Submitting, approving and returning change a character's status and write no log row,
so each writes a `Passage` beside it, in the same transaction, numbered per campaign
under the campaign's lock: a table watcher reads passages after the last it saw, as it
reads log rows (chargen/table/passages.py). The table hears of it once this commits.
"""

from __future__ import annotations

from typing import Any

from django.db import models, transaction

from chargen.campaigns.models import Campaign
from chargen.core.live_events import PASSAGE_EVENT, live_system_of_subject, send_to_table
from chargen.desk.models import Passage, PassageAction


def passage_record(*, subject: Any, action: PassageAction) -> Passage | None:
    """Record that `subject` was submitted, approved or returned, for its campaign's table
    (None for a character no table shows: outside a campaign, or of a game without one)."""
    system_key = live_system_of_subject(subject)
    campaign_id = getattr(subject, "campaign_id", None)
    if system_key is None or campaign_id is None:
        return None
    # The campaign's lock numbers its passages one after another, without gaps.
    Campaign.objects.select_for_update().filter(pk=campaign_id).values_list("pk").first()
    newest = Passage.objects.filter(campaign_id=campaign_id).aggregate(
        newest=models.Max("sequence")
    )["newest"]
    passage = Passage.objects.create(
        campaign_id=campaign_id,
        sequence=(newest or 0) + 1,
        system=system_key,
        subject_id=subject.pk,
        action=action,
    )
    event = {"type": PASSAGE_EVENT, "sequence": passage.sequence}
    transaction.on_commit(lambda: send_to_table(campaign_id, event), robust=True)
    return passage
