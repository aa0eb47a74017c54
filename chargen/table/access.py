"""Who may watch a campaign's table, and what they see there (chargen.core.live_feed.Viewer)."""

from __future__ import annotations

import uuid

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.http import Http404

from chargen.campaigns.access import campaign_for_member
from chargen.campaigns.models import Campaign
from chargen.core.live_feed import Viewer
from chargen.core.live_sharing import live_sharing_of


def viewer_of(campaign: Campaign, user: AbstractBaseUser | AnonymousUser) -> Viewer:
    return Viewer(
        user_id=user.pk, is_gm=campaign.is_gm(user), sharing=live_sharing_of(campaign.rules)
    )


def table_for_member(
    user: AbstractBaseUser | AnonymousUser, campaign_id: uuid.UUID | str
) -> tuple[Campaign, Viewer]:
    """The campaign and what this member sees of its table; Http404 for anyone else."""
    campaign = campaign_for_member(user, campaign_id)
    return campaign, viewer_of(campaign, user)


def watcher_or_none(
    user: AbstractBaseUser | AnonymousUser, campaign_id: uuid.UUID | str
) -> tuple[Campaign, Viewer] | None:
    """`table_for_member` for the socket's handshake, which refuses instead of a 404."""
    try:
        return table_for_member(user, campaign_id)
    except Http404:
        return None
