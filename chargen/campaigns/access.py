"""Who may see a campaign: one helper per role, each returns it or raises Http404.

Outsiders and non-GMs get the same 404 as a campaign that does not exist, so a
campaign's id never tells anyone it is there.
"""

from __future__ import annotations

import uuid

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import ValidationError
from django.db.models import Q, QuerySet
from django.http import Http404

from chargen.campaigns.models import Campaign
from chargen.core.prepared_query import PreparedQuery

User = AbstractBaseUser | AnonymousUser


def _campaigns_of(user_id: object) -> QuerySet[Campaign]:
    return (
        Campaign.objects.filter(Q(gm_id=user_id) | Q(memberships__user_id=user_id))
        .distinct()
        .select_related("gm")
    )


# The home page lists them twice (its campaigns and what waits): built once per process.
_CAMPAIGNS_OF: PreparedQuery[Campaign] = PreparedQuery(
    _campaigns_of, user_id=Campaign._meta.get_field("gm")
)


def campaigns_for_user(user: User) -> QuerySet[Campaign]:
    """Campaigns the user runs or has joined."""
    if not user.is_authenticated:
        return Campaign.objects.none()
    return _campaigns_of(user.pk)


def campaign_list_for_user(user: User) -> list[Campaign]:
    """`campaigns_for_user` as a list, from a statement built once (prepared_query.py)."""
    if not user.is_authenticated:
        return []
    return _CAMPAIGNS_OF.all(user_id=user.pk)


def _campaign_or_404(queryset: QuerySet[Campaign], campaign_id: uuid.UUID | str) -> Campaign:
    try:
        return queryset.get(pk=campaign_id)
    except (Campaign.DoesNotExist, ValueError, ValidationError) as missing:
        raise Http404("No such campaign.") from missing


def campaign_for_member(user: User, campaign_id: uuid.UUID | str) -> Campaign:
    """The campaign if the user is its GM or a member, else Http404."""
    return _campaign_or_404(campaigns_for_user(user), campaign_id)


def campaign_for_gm(user: User, campaign_id: uuid.UUID | str) -> Campaign:
    """The campaign if the user is its GM, else Http404."""
    if not user.is_authenticated:
        raise Http404("No such campaign.")
    return _campaign_or_404(
        Campaign.objects.filter(gm_id=user.pk).select_related("gm"), campaign_id
    )
