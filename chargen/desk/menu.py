"""The GM desk's menu for one campaign: the links its game declares, then the campaign's."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.core.systems import DeskLink, UnknownSystem, registry

APPROVAL_QUEUE = "desk:character_queue"


@dataclass(frozen=True)
class DeskMenuLink:
    label: str
    url: str


def desk_menu(campaign: Campaign) -> list[DeskMenuLink]:
    try:
        system = registry.get(campaign.game)
    except UnknownSystem:
        declared: tuple[DeskLink, ...] = ()
    else:
        declared = system.desk.links
        if system.submittable and all(link.url_name != APPROVAL_QUEUE for link in declared):
            declared = (DeskLink(system.submittable.noun.capitalize() + "s", APPROVAL_QUEUE),)
            declared += system.desk.links
    links = [
        DeskMenuLink(link.label, reverse(link.url_name, kwargs={"campaign_id": campaign.id}))
        for link in declared
    ]
    return [
        *links,
        DeskMenuLink(
            "House rules", reverse("campaigns:rules", kwargs={"campaign_id": campaign.id})
        ),
        DeskMenuLink(
            "Invite and members", reverse("campaigns:detail", kwargs={"campaign_id": campaign.id})
        ),
    ]
