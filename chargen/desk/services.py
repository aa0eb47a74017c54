"""The GM's decisions, for any game system's queue items.

A system decides on its own items (Infinity Drive's races and characters:
chargen/infinity_drive/gm/services.py) through `decision_take`: the item changes with
one conditional UPDATE that the system passes in as `claim` (`… WHERE status =
'submitted'`), and the row count says whether this decision came first. Two GMs'
tabs racing on the same item therefore end in one state: the first decision is
recorded, the second is refused with `DecisionConflict`, whose message says who
decided first. The check runs in the database, not in Python, so it holds on
SQLite and PostgreSQL alike.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import PermissionDenied
from django.db import models
from django.db.models import QuerySet
from django.urls import reverse
from django.utils import timezone

from chargen.campaigns.models import Campaign
from chargen.core.live_events import announce_subject_after_commit
from chargen.desk.models import Decision, DecisionAction, NotificationKind, PassageAction
from chargen.desk.notifications import notification_send
from chargen.desk.passages import passage_record

# The decisions a campaign's live table lists as entries of their own.
PASSAGE_OF_DECISION = {
    DecisionAction.APPROVE: PassageAction.APPROVED,
    DecisionAction.RETURN: PassageAction.RETURNED,
}


class DeskError(Exception):
    """A decision the desk refuses; the message is written for the GM."""


class DecisionConflict(DeskError):
    """Someone decided on this item first; this decision was not recorded."""


class NoteRequired(DeskError):
    """Rejecting or returning needs a note, so the player knows what to change."""


def require_gm(campaign: Campaign | None, by: AbstractBaseUser) -> Campaign:
    if campaign is None or not campaign.is_gm(by):
        raise PermissionDenied("Only the campaign's GM decides on its queues.")
    return campaign


def require_note(note: str, message: str) -> str:
    if not note.strip():
        raise NoteRequired(message)
    return note.strip()


def decisions_on(item: models.Model) -> QuerySet[Decision]:
    """The decisions on one item (a race, a character), newest first."""
    return Decision.objects.filter(
        item_type=ContentType.objects.get_for_model(item), item_id=item.pk
    )


def latest_decision(item: models.Model) -> Decision | None:
    """The most recent decision on an item (its note is what the player reads)."""
    return decisions_on(item).first()


def _already_decided(item: Any) -> DecisionConflict:
    earlier = decisions_on(item).select_related("decided_by").first()
    if earlier is None:
        return DecisionConflict(
            f"“{item.name}” is no longer waiting for a decision; yours was not recorded."
        )
    who = earlier.decided_by.get_username() if earlier.decided_by else "Someone"
    when = timezone.localtime(earlier.decided_at).strftime("%d %b %Y %H:%M:%S")
    return DecisionConflict(
        f"“{item.name}” was already {earlier.get_action_display().lower()} by {who} "
        f"at {when}; your decision was not recorded."
    )


def decision_record(
    *,
    campaign: Campaign,
    by: AbstractBaseUser,
    item: Any,
    item_kind: str,
    action: DecisionAction,
    note: str,
    decided_at: datetime.datetime | None = None,
) -> Decision:
    """Write the permanent record of a decision (the caller has changed the item)."""
    return Decision.objects.create(
        campaign=campaign,
        decided_by_id=by.pk,
        decided_at=decided_at or timezone.now(),
        item_kind=item_kind,
        item_type=ContentType.objects.get_for_model(item),
        item_id=item.pk,
        item_name=item.name,
        action=action,
        note=note,
    )


def decision_take(
    *,
    item: Any,
    campaign: Campaign | None,
    by: AbstractBaseUser,
    item_kind: str,
    action: DecisionAction,
    note: str,
    claim: Callable[[datetime.datetime], bool],
    player: AbstractBaseUser | None,
    told_kind: NotificationKind,
) -> Decision:
    """Decide on a waiting item: claim it, record the decision, tell its player.

    `claim(decided_at)` changes the item with one conditional UPDATE and says whether
    it changed; if not, someone decided first and DecisionConflict says who. The
    player (the item's owner or proposer) is told, unless they are the GM deciding.
    """
    campaign = require_gm(campaign, by)
    decided_at = timezone.now()
    if not claim(decided_at):
        raise _already_decided(item)
    item.refresh_from_db()
    # Its campaign's live table shows the item's new status once this commits.
    announce_subject_after_commit(item)
    if action in PASSAGE_OF_DECISION:
        passage_record(subject=item, action=PASSAGE_OF_DECISION[action])
    decision = decision_record(
        campaign=campaign,
        by=by,
        item=item,
        item_kind=item_kind,
        action=action,
        note=note,
        decided_at=decided_at,
    )
    if player is not None and decision.decided_by_id != player.pk:
        verdict = decision.get_action_display().lower()
        told = f" Note from the GM: {decision.note}" if decision.note else ""
        notification_send(
            recipient=player,
            campaign=campaign,
            kind=told_kind,
            message=f"Your {item_kind} “{item.name}” was {verdict}.{told}",
            link=reverse("desk:my_campaign", kwargs={"campaign_id": campaign.id}),
            decision=decision,
            item=item,
        )
    return decision
