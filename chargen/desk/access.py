"""Who may act at the desk: one helper per kind of object, each returns it or raises 404.

A GM's queue items are found only through a campaign the user runs, so a player or
an outsider gets the same 404 as an item that does not exist.
"""

from __future__ import annotations

import uuid

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.http import Http404

from chargen.campaigns.access import campaign_for_gm
from chargen.characters.models import Character, Race

User = AbstractBaseUser | AnonymousUser


def race_for_gm(user: User, campaign_id: uuid.UUID | str, race_id: uuid.UUID | str) -> Race:
    """A race of a campaign the user runs, else Http404."""
    campaign = campaign_for_gm(user, campaign_id)
    race = (
        Race.objects.select_related("campaign", "campaign__gm", "proposed_by", "decided_by")
        .filter(campaign=campaign, pk=race_id)
        .first()
    )
    if race is None:
        raise Http404("No such race.")
    return race


def character_for_gm(
    user: User, campaign_id: uuid.UUID | str, character_id: uuid.UUID | str
) -> Character:
    """A character of a campaign the user runs (any state, read-only to the GM), else Http404."""
    campaign = campaign_for_gm(user, campaign_id)
    character = (
        Character.objects.select_related("campaign", "campaign__gm", "owner", "race")
        .filter(campaign=campaign, pk=character_id)
        .first()
    )
    if character is None:
        raise Http404("No such character.")
    return character
