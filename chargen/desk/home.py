"""The home page's "Waiting for you" section: GM queues and decisions since last looked."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, Q
from django.urls import reverse

from chargen.campaigns.access import campaigns_for_user
from chargen.characters.models import CharacterStatus, RaceStatus
from chargen.core.home import HomeAction, HomeSection
from chargen.desk.notifications import unseen_notifications


@dataclass(frozen=True)
class WaitingItem:
    text: str
    url: str
    new_count: int


def waiting_items(user: AbstractBaseUser) -> list[WaitingItem]:
    """One line per campaign with something for the user: queue items or unseen news."""
    items = []
    campaigns = campaigns_for_user(user).annotate(
        races_waiting=Count("races", filter=Q(races__status=RaceStatus.PROPOSED), distinct=True),
        characters_waiting=Count(
            "characters",
            filter=Q(characters__status=CharacterStatus.SUBMITTED),
            distinct=True,
        ),
    )
    unseen_by_campaign: dict[object, int] = {}
    for campaign_id in unseen_notifications(user=user).values_list("campaign_id", flat=True):
        unseen_by_campaign[campaign_id] = unseen_by_campaign.get(campaign_id, 0) + 1
    for campaign in campaigns:
        new_count = unseen_by_campaign.get(campaign.id, 0)
        if campaign.is_gm(user):
            if not (campaign.races_waiting or campaign.characters_waiting or new_count):
                continue
            text = (
                f"{campaign.name}: {campaign.races_waiting} race"
                f"{'' if campaign.races_waiting == 1 else 's'} and "
                f"{campaign.characters_waiting} character"
                f"{'' if campaign.characters_waiting == 1 else 's'} waiting for your decision"
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
