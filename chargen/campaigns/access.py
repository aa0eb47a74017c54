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


# Every campaign and desk page starts with one of these (prepared_query.py).
_AS_MEMBER: PreparedQuery[Campaign] = PreparedQuery(
    lambda user_id, pk: _campaigns_of(user_id).filter(pk=pk)[:1],
    user_id=Campaign._meta.get_field("gm"),
    pk=Campaign._meta.get_field("id"),
)
_AS_GM: PreparedQuery[Campaign] = PreparedQuery(
    lambda user_id, pk: Campaign.objects.filter(gm_id=user_id, pk=pk).select_related("gm")[:1],
    user_id=Campaign._meta.get_field("gm"),
    pk=Campaign._meta.get_field("id"),
)


def _prepared_or_404(
    query: PreparedQuery[Campaign], user: User, campaign_id: uuid.UUID | str
) -> Campaign:
    if not user.is_authenticated:
        raise Http404("No such campaign.")
    try:
        campaign = query.first(user_id=user.pk, pk=campaign_id)
    except (ValueError, ValidationError) as missing:
        raise Http404("No such campaign.") from missing
    if campaign is None:
        raise Http404("No such campaign.")
    return campaign


def campaign_for_member(user: User, campaign_id: uuid.UUID | str) -> Campaign:
    """The campaign if the user is its GM or a member, else Http404."""
    return _prepared_or_404(_AS_MEMBER, user, campaign_id)


def campaign_for_gm(user: User, campaign_id: uuid.UUID | str) -> Campaign:
    """The campaign if the user is its GM, else Http404."""
    return _prepared_or_404(_AS_GM, user, campaign_id)
