"""Infinity Drive, declared to the registry: what core, campaigns and the desk need to know.

Registered from InfinityDriveConfig.ready(). The creation wizard itself lives in this app
(views.py, services.py, progress.py); its desk pages in chargen/infinity_drive/gm/.
"""

from __future__ import annotations

from dataclasses import replace
from urllib.parse import urlencode

from django.urls import reverse

from chargen.content.desk_kinds import CONTENT
from chargen.core.systems import (
    CharacterKind,
    Desk,
    DeskLink,
    DeskQueue,
    GameSystem,
    NavEntry,
    Submittable,
    UrlMount,
)
from chargen.infinity_drive.access import character_for_owner
from chargen.infinity_drive.campaign_rules import (
    INFINITY_DRIVE,
    INFINITY_DRIVE_RULES,
    house_rules_for,
)
from chargen.infinity_drive.deletion import character_delete, character_deletion
from chargen.infinity_drive.export import EXPORTER
from chargen.infinity_drive.gm import queues
from chargen.infinity_drive.gm.career_rows import CAREERS
from chargen.infinity_drive.gm.review import approval_review
from chargen.infinity_drive.gm.services import character_approve, character_return
from chargen.infinity_drive.home import characters_home_section
from chargen.infinity_drive.live import LIVE_FEED
from chargen.infinity_drive.snapshots import all_snapshot_mismatches


def start_character_url(campaign: object) -> str:
    """The new-character page with the campaign preselected (StartForm's initial)."""
    return f"{reverse('characters:new')}?{urlencode({'campaign': getattr(campaign, 'id', '')})}"


SYSTEM = GameSystem(
    key=INFINITY_DRIVE,
    label="Infinity Drive",
    order=10,
    title="Infinity Drive",
    pitch=(
        "Science-fiction characters by the book: characteristics by points or dice, a "
        "race, careers and skill rolls, survival, then equipment."
    ),
    start_url=lambda: reverse("characters:new"),
    home_section=characters_home_section,
    nav=(
        NavEntry("Infinity Drive", "characters:list", "characters"),
        NavEntry("Infinity Drive rules", "rulebook:reference", "rulebook"),
    ),
    urls=UrlMount("characters/", "chargen.infinity_drive.urls"),
    campaign_game=True,
    live=LIVE_FEED,
    house_rules=INFINITY_DRIVE_RULES,
    start_character_url=start_character_url,
    character_kinds=(
        CharacterKind(
            key="character",
            for_owner=character_for_owner,
            deletion=character_deletion,
            delete=lambda character: character_delete(character=character),
            delete_url_name="characters:delete",
            list_url_name="characters:list",
            exporter=EXPORTER,
            snapshot_mismatches=all_snapshot_mismatches,
        ),
    ),
    submittable=Submittable(
        noun="character",
        waiting=queues.waiting_characters,
        waiting_counts=queues.characters_waiting,
        for_gm=queues.card_character,
        approve=lambda character, by, note: character_approve(
            character=character, by=by, note=note
        ),
        send_back=lambda character, by, note: character_return(
            character=character, by=by, note=note
        ),
        card_template="characters/desk/_approval_card.html",
        mine=queues.my_characters,
        mine_template="characters/desk/_my_characters.html",
        approval_required=lambda campaign: house_rules_for(campaign).approval_required,
        queue_help=queues.RETURN_HELP,
        review=approval_review,
    ),
    desk=Desk(
        queues=(
            DeskQueue(
                noun="race",
                url_name="desk:race_queue",
                waiting_counts=queues.races_waiting,
                remark=queues.races_remark,
            ),
        ),
        links=(
            DeskLink("Races", "desk:race_queue"),
            DeskLink("Characters", "desk:character_queue"),
            DeskLink("Party", "desk:party"),
            DeskLink("Print the party", "desk:party_print"),
            DeskLink("Content", "desk:content"),
            DeskLink("Careers", "desk:careers"),
        ),
        player_sections=queues.my_races,
        urls="chargen.infinity_drive.gm.urls",
        # The catalogue, tables and prompts, and the campaign's own careers.
        content=replace(CONTENT, kinds=(*CONTENT.kinds, CAREERS)),
    ),
)
