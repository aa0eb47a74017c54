"""The log is the live stream: each saved row is announced to its campaign's table.

`LogEntryBase.save` calls `announce_after_commit` for every row it writes. The event is
sent once the writer's transaction commits (`transaction.on_commit`), so a watcher never
hears of a row that was rolled back, and it is small: which subject, which sequence, whose. The
table's consumer reads the row itself from the log (chargen/core/live_feed.py), as that
watcher may see it, once for all watchers who see it alike (chargen/table/shared_rows.py).

The channel layer is Redis when REDIS_URL is set: an announcement that cannot reach it
is logged and dropped, never an error for the player who rolled. Nothing is lost by it:
a watcher's next event, or its next connection, reads everything after its position.
"""

from __future__ import annotations

import logging
import uuid
from typing import Any

from asgiref.sync import async_to_sync
from channels.exceptions import ChannelFull
from channels.layers import get_channel_layer
from django.db import models, transaction
from redis.exceptions import RedisError

from chargen.core.live import subject_key, table_group
from chargen.core.log_reads import SUBJECT_FIELD
from chargen.core.systems import registry

logger = logging.getLogger(__name__)

ROW_EVENT = "table.row"  # the consumer's `table_row` handler
SUBJECT_EVENT = "table.subject"  # a subject changed without a row (a GM's decision)
REMOVED_EVENT = "table.removed"  # a member left or was removed
PIN_EVENT = "table.pin"  # the GM pinned a message
PASSAGE_EVENT = "table.passage"  # a character submitted, approved or returned (the desk)


def subject_model(log_model: type[models.Model]) -> Any:
    return log_model._meta.get_field(SUBJECT_FIELD).related_model


def system_key_for_log(log_model: type[models.Model]) -> str | None:
    """The system whose live feed is this log, or None (a log no table shows)."""
    for system in registry.all():
        if system.live is not None and system.live.log_model is log_model:
            return system.key
    return None


def announce_after_commit(row: Any) -> None:
    """Announce a row just saved, once its transaction commits."""
    system_key = system_key_for_log(type(row))
    if system_key is None:
        return
    subject_field = row._meta.get_field(SUBJECT_FIELD)
    subject_pk = getattr(row, f"{SUBJECT_FIELD}_id")
    if subject_field.is_cached(row):  # every writer hands the subject it locked
        subject = getattr(row, SUBJECT_FIELD)
        campaign_id = getattr(subject, "campaign_id", None)
        owner_id = getattr(subject, "owner_id", None)
    else:
        subject_model = subject_field.related_model
        campaign_id, owner_id = (
            subject_model._default_manager.filter(pk=subject_pk)
            .values_list("campaign_id", "owner_id")
            .first()
        ) or (None, None)
    if campaign_id is None:  # a character outside any campaign: no table watches it
        return
    # The owner tells each watcher which fragment of the row is theirs without a read
    # (chargen/table/shared_rows.py).
    event = {
        "type": ROW_EVENT,
        "subject": subject_key(system_key, subject_pk),
        "sequence": row.sequence,
        "owner_id": owner_id,
    }
    transaction.on_commit(lambda: send_to_table(campaign_id, event), robust=True)


def live_system_of_subject(subject: Any) -> str | None:
    """The system whose live feed shows this subject, or None."""
    return next(
        (
            system.key
            for system in registry.all()
            if system.live is not None and subject_model(system.live.log_model) is type(subject)
        ),
        None,
    )


def announce_subject_after_commit(subject: Any) -> None:
    """Announce that a subject changed without a log row (a GM approved or returned it),
    once this commits; nothing for what no table shows."""
    system_key = live_system_of_subject(subject)
    campaign_id = getattr(subject, "campaign_id", None)
    if system_key is None or campaign_id is None:
        return
    event = {"type": SUBJECT_EVENT, "subject": subject_key(system_key, subject.pk)}
    transaction.on_commit(lambda: send_to_table(campaign_id, event), robust=True)


def send_to_table(campaign_id: uuid.UUID | str, event: dict[str, Any]) -> None:
    """Send `event` to every watcher of the campaign's table, now; log a failure."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(table_group(campaign_id), event)
    except (OSError, RedisError, ChannelFull):
        logger.warning("The live table of campaign %s missed an event", campaign_id, exc_info=True)
