"""The home page's "Waiting for you" section: GM queues and decisions since last looked."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse

from chargen.campaigns.access import campaigns_for_user
from chargen.core.home import HomeAction, HomeSection
from chargen.desk.notifications import unseen_counts_by_campaign
from chargen.desk.queues import queue_counts, waiting_phrase

# Before every game system's section (see GameSystem.order): what waits comes first.
HOME_ORDER = 0


@dataclass(frozen=True)
class WaitingItem:
    text: str
    url: str
    new_count: int


def waiting_items(user: AbstractBaseUser) -> list[WaitingItem]:
    """One line per campaign with something for the user: queue items or unseen news."""
    items = []
    campaigns = list(campaigns_for_user(user))
    counts = queue_counts(campaign for campaign in campaigns if campaign.is_gm(user))
    unseen_by_campaign = unseen_counts_by_campaign(user=user)
    for campaign in campaigns:
        new_count = unseen_by_campaign.get(campaign.id, 0)
        if campaign.is_gm(user):
            queues = counts.get(campaign.id, [])
            if not (any(queue.count for queue in queues) or new_count):
                continue
            waiting = waiting_phrase(queues)
            text = (
                f"{campaign.name}: {waiting} waiting for your decision"
                if waiting
                else f"{campaign.name}: news since you last looked"
            )
            url = reverse("desk:campaign", kwargs={"campaign_id": campaign.id})
        else:
            if not new_count:
                continue
            text = f"{campaign.name}: the GM decided on something of yours"
            url = reverse("desk:my_campaign", kwargs={"campaign_id": campaign.id})
        items.append(WaitingItem(text=text, url=url, new_count=new_count))
    return items


def waiting_section(user: AbstractBaseUser) -> HomeSection:
    return HomeSection(
        key="waiting",
        title="Waiting for you",
        template_name="desk/_home_section.html",
        items=waiting_items(user),
        empty_text="Nothing waits for you: no queue items and no new decisions.",
        actions=(HomeAction("Desk", reverse("desk:home")),),
    )
