"""What Infinity Drive puts on the GM's desk: its two queues, and the player's races.

Plain functions the system's declaration (chargen/infinity_drive/system.py) hands to the
desk; each counts for many campaigns in one query.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, QuerySet
from django.http import Http404

from chargen.campaigns.models import Campaign
from chargen.core.systems import DeskSection
from chargen.infinity_drive.campaign_rules import house_rules_for
from chargen.infinity_drive.gm.party import campaign_characters
from chargen.infinity_drive.models import Character, CharacterStatus, Race, RaceKind, RaceStatus

ALIENS_OFF_REMARK = "(alien humanoids are switched off in your house rules)"
RETURN_HELP = (
    "Return a character with a note to have its player change it: they may change what "
    "involves no dice (history, appearance, equipment choices within the rules) and submit "
    "it again. Rolled dice are never taken back."
)


def _per_campaign(rows: QuerySet[Race] | QuerySet[Character]) -> dict[uuid.UUID, int]:
    counted = rows.values("campaign_id").annotate(waiting=Count("pk")).order_by()
    return {row["campaign_id"]: row["waiting"] for row in counted}


def races_waiting(campaign_ids: Sequence[uuid.UUID]) -> Mapping[uuid.UUID, int]:
    return _per_campaign(
        Race.objects.filter(campaign_id__in=campaign_ids, status=RaceStatus.PROPOSED)
    )


def characters_waiting(campaign_ids: Sequence[uuid.UUID]) -> Mapping[uuid.UUID, int]:
    return _per_campaign(
        Character.objects.filter(campaign_id__in=campaign_ids, status=CharacterStatus.SUBMITTED)
    )


def races_remark(campaign: Campaign) -> str:
    return "" if house_rules_for(campaign).alien_humanoids_allowed else ALIENS_OFF_REMARK


def waiting_characters(campaign: Campaign) -> QuerySet[Character]:
    return campaign_characters(campaign).filter(status=CharacterStatus.SUBMITTED)


def card_character(campaign: Campaign, character_id: uuid.UUID) -> Character:
    """The character as its queue card shows it (with its roll counts), or Http404."""
    character = campaign_characters(campaign).filter(pk=character_id).first()
    if character is None:
        raise Http404("No such character.")
    character.campaign = campaign  # already loaded, with its GM
    return character


def my_characters(campaign: Campaign, user: AbstractBaseUser) -> QuerySet[Character]:
    return (
        Character.objects.filter(campaign=campaign, owner_id=user.pk)
        .select_related("race")
        .prefetch_related("decisions")
    )


def my_races(campaign: Campaign, user: AbstractBaseUser) -> list[DeskSection]:
    """The races the player proposed here, and those anyone in the campaign may play."""
    proposed = Race.objects.filter(campaign=campaign, proposed_by_id=user.pk).exclude(
        kind=RaceKind.NON_HUMANOID
    )
    available = Race.objects.filter(campaign=campaign, status=RaceStatus.APPROVED)
    return [
        DeskSection(
            key="races",
            title="Races you proposed",
            template_name="characters/desk/_my_races.html",
            items={"races": proposed, "available_races": available},
        )
    ]
