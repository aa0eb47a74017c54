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
from django.shortcuts import get_object_or_404

from chargen.campaigns.models import Campaign

User = AbstractBaseUser | AnonymousUser


def campaigns_for_user(user: User) -> QuerySet[Campaign]:
    """Campaigns the user runs or has joined."""
    if not user.is_authenticated:
        return Campaign.objects.none()
    return (
        Campaign.objects.filter(Q(gm_id=user.pk) | Q(memberships__user_id=user.pk))
        .distinct()
        .select_related("gm")
    )


def _campaign_or_404(campaigns: QuerySet[Campaign], campaign_id: uuid.UUID | str) -> Campaign:
    try:
        return get_object_or_404(campaigns, pk=campaign_id)
    except ValidationError as malformed:  # not a UUID: no such campaign either
        raise Http404("No such campaign.") from malformed


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
