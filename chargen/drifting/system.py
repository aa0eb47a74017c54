"""Drifting, declared to the registry: its home section, menu entry, campaign rules and
deletion. Its characters are not submitted to a GM (the campaign page is its table).

Registered from DriftingConfig.ready().
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.urls import reverse

from chargen.core.systems import (
    CampaignLink,
    CharacterKind,
    Desk,
    DeskLink,
    GameSystem,
    NavEntry,
    UrlMount,
)
from chargen.drifting.access import character_for_owner
from chargen.drifting.campaign_rules import DRIFTING, DRIFTING_RULES
from chargen.drifting.deletion import character_delete, character_deletion
from chargen.drifting.desk_kinds import drifting_content
from chargen.drifting.export import EXPORTER
from chargen.drifting.home import drifting_section
from chargen.drifting.live import LIVE_FEED
from chargen.drifting.snapshots import snapshot_mismatches


def campaign_links(campaign: object, is_gm: bool) -> tuple[CampaignLink, ...]:
    what = "characters, lifepaths" + (", refresh tokens" if is_gm else "")
    url = reverse("drifting:campaign", kwargs={"campaign_id": getattr(campaign, "id", None)})
    return (CampaignLink(f"Drifting table: {what}", url),)


def start_character_url(campaign: object) -> str:
    """The page that starts a Drifting character, the campaign preselected."""
    return f"{reverse('drifting:new')}?{urlencode({'campaign': getattr(campaign, 'id', '')})}"


SYSTEM = GameSystem(
    key=DRIFTING,
    label="Drifting",
    order=20,
    title="Drifting",
    pitch=(
        "Travellers of the Tigris system whose abilities and reputation are tokens, gained "
        "through lifepaths."
    ),
    start_url=lambda: reverse("drifting:new"),
    home_section=drifting_section,
    nav=(NavEntry("Drifting", "drifting:list", "drifting"),),
    urls=UrlMount("drifting/", "chargen.drifting.urls"),
    campaign_game=True,
    live=LIVE_FEED,
    house_rules=DRIFTING_RULES,
    campaign_links=campaign_links,
    start_character_url=start_character_url,
    # The desk's content pages write the campaign's lifepath drafts (desk_kinds.py).
    desk=Desk(links=(DeskLink("Lifepath drafts", "desk:content"),), content=drifting_content()),
    character_kinds=(
        CharacterKind(
            key="character",
            for_owner=character_for_owner,
            deletion=character_deletion,
            delete=lambda character: character_delete(character=character),
            delete_url_name="drifting:delete",
            list_url_name="drifting:list",
            exporter=EXPORTER,
            snapshot_mismatches=snapshot_mismatches,
        ),
    ),
)
