"""Who may see and who may change a Drifting character: each helper returns it or 404s.

A stranger gets the same 404 as a character that does not exist.
"""

from __future__ import annotations

import uuid

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404

from chargen.campaigns.access import campaign_for_gm
from chargen.campaigns.models import Campaign
from chargen.drifting.deletion import with_has_rolls
from chargen.drifting.models import Character, Lifepath, LifepathDraft
from chargen.drifting.offered import held_lifepaths

User = AbstractBaseUser | AnonymousUser


def _characters() -> QuerySet[Character]:
    return Character.objects.select_related("campaign", "owner")


def _as_uuid(character_id: uuid.UUID | str) -> uuid.UUID:
    try:
        return character_id if isinstance(character_id, uuid.UUID) else uuid.UUID(character_id)
    except (TypeError, ValueError, AttributeError):
        raise Http404("No such character.") from None


def character_for_owner(user: User, character_id: uuid.UUID | str) -> Character:
    """The character if `user` owns it (the only one who may change it); otherwise 404."""
    if not user.is_authenticated:
        raise Http404("No such character.")
    return get_object_or_404(_characters(), pk=_as_uuid(character_id), owner_id=user.pk)


def character_for_viewer(user: User, character_id: uuid.UUID | str) -> Character:
    """The character if `user` owns it or runs its campaign (read-only); otherwise 404."""
    if not user.is_authenticated:
        raise Http404("No such character.")
    character = get_object_or_404(_characters(), pk=_as_uuid(character_id))
    if character.owner_id == user.pk:
        return character
    if character.campaign is not None and character.campaign.is_gm(user):
        return character
    raise Http404("No such character.")


def characters_owned_by(owner_id: int) -> QuerySet[Character]:
    """Every character of the user with this id, newest change first (no access check:
    the caller has made sure this is the user asking)."""
    return with_has_rolls(_characters().filter(owner_id=owner_id))


def characters_for_owner(user: User) -> QuerySet[Character]:
    if not user.is_authenticated:
        return Character.objects.none()
    return characters_owned_by(user.pk)


def lifepath_draft_for_gm(
    user: User, campaign_id: uuid.UUID | str, draft_id: uuid.UUID | str
) -> LifepathDraft:
    """A lifepath draft of the campaign, if `user` is its GM (nobody else reads a draft);
    otherwise 404."""
    campaign = campaign_for_gm(user, campaign_id)
    return get_object_or_404(
        LifepathDraft.objects.select_related("campaign", "replaces"),
        pk=_as_uuid(draft_id),
        campaign=campaign,
    )


def lifepath_of_campaign(campaign: Campaign, lifepath_id: uuid.UUID | str) -> Lifepath:
    """A lifepath the campaign holds (the starter set's or its own, offered or withdrawn);
    another campaign's lifepath is a 404."""
    return get_object_or_404(held_lifepaths(campaign), pk=_as_uuid(lifepath_id))
