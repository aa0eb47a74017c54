"""The approval queue's two lists: the cards waiting for a decision, and the decided.

Whatever game the campaign plays (its `Submittable`), the page lists the characters
waiting, each card with the system's `review` of it, and below them the decisions
already taken on this queue, newest first. After a decision under htmx the desk answers
with the decided card and both lists' new state (chargen/desk/views.py), so the page
needs no reload.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from chargen.campaigns.models import Campaign
from chargen.core.systems import Submittable
from chargen.desk.models import Decision, DecisionAction

DECIDED_SHOWN = 20
# The actions that take an item off the queue (a GM's own creation never waited in it).
DECIDING_ACTIONS = (DecisionAction.APPROVE, DecisionAction.RETURN, DecisionAction.REJECT)


@dataclass(frozen=True)
class QueueCard:
    character: Any
    review: Any


def queue_card(campaign: Campaign, submittable: Submittable, character: Any) -> QueueCard:
    return QueueCard(character=character, review=submittable.review(campaign, character))


def waiting_cards(campaign: Campaign, submittable: Submittable) -> list[QueueCard]:
    return [queue_card(campaign, submittable, c) for c in submittable.waiting(campaign)]


def decided(campaign: Campaign, submittable: Submittable) -> QuerySet[Decision]:
    """The latest decisions on this queue's items (a Decision's item kind is the noun)."""
    return (
        Decision.objects.filter(
            campaign=campaign, item_kind=submittable.noun, action__in=DECIDING_ACTIONS
        )
        .select_related("decided_by")
        .prefetch_related("item__owner")  # every submittable item has its player
        .order_by("-decided_at")[:DECIDED_SHOWN]
    )


def queue_lists(campaign: Campaign, submittable: Submittable) -> dict[str, Any]:
    """Both lists as the page (and an htmx decision's answer) shows them."""
    cards = waiting_cards(campaign, submittable)
    return {"cards": cards, "waiting_count": len(cards), "decided": decided(campaign, submittable)}


def decision_lists(campaign: Campaign, submittable: Submittable) -> dict[str, Any]:
    """Both lists after one decision: how many still wait (the decided card leaves the
    page's waiting list) and the decided list, without reviewing every waiting card."""
    waiting_count = sum(1 for _ in submittable.waiting(campaign))
    return {"waiting_count": waiting_count, "decided": decided(campaign, submittable)}
