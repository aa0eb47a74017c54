"""Who may act on Infinity Drive's desk items: each helper returns the item or raises 404.

A GM's queue items are found only through a campaign the user runs, so a player or
an outsider gets the same 404 as an item that does not exist.
"""

from __future__ import annotations

import uuid

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import Http404

from chargen.campaigns.access import campaign_for_gm
from chargen.campaigns.models import Campaign
from chargen.infinity_drive.models import Character, Race

User = AbstractBaseUser | AnonymousUser


def _one(queryset: QuerySet[Race] | QuerySet[Character], item_id: uuid.UUID | str) -> object:
    try:
        return queryset.filter(pk=item_id).first()
    except (ValueError, ValidationError):
        return None


def race_for_gm(user: User, campaign_id: uuid.UUID | str, race_id: uuid.UUID | str) -> Race:
    """A race of a campaign the user runs, else Http404."""
    campaign = campaign_for_gm(user, campaign_id)
    race = _one(
        Race.objects.select_related("campaign", "campaign__gm", "proposed_by", "decided_by").filter(
            campaign=campaign
        ),
        race_id,
    )
    if not isinstance(race, Race):
        raise Http404("No such race.")
    return race


def campaign_character(campaign: Campaign, character_id: uuid.UUID | str) -> Character:
    """One of the campaign's characters in any state (read-only to its GM), else Http404."""
    character = _one(
        Character.objects.select_related("campaign", "campaign__gm", "owner", "race").filter(
            campaign=campaign
        ),
        character_id,
    )
    if not isinstance(character, Character):
        raise Http404("No such character.")
    return character


def character_for_gm(
    user: User, campaign_id: uuid.UUID | str, character_id: uuid.UUID | str
) -> Character:
    """A character of a campaign the user runs (any state, read-only to the GM), else Http404."""
    return campaign_character(campaign_for_gm(user, campaign_id), character_id)
