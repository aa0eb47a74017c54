"""Who may see and change a roller sheet: only its owner changes it; the members and GM of
the campaign it is shown at may read it. Each helper returns it or 404s.

A stranger gets the same 404 as a sheet that does not exist, so ids reveal nothing.
"""

from __future__ import annotations

import uuid

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q, QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404

from chargen.rollers.models import ManaCharacter, UniqueCharacter

User = AbstractBaseUser | AnonymousUser


def _as_uuid(character_id: uuid.UUID | str) -> uuid.UUID:
    try:
        return character_id if isinstance(character_id, uuid.UUID) else uuid.UUID(character_id)
    except (TypeError, ValueError, AttributeError):
        raise Http404("No such sheet.") from None


def unique_characters_for_owner(user: User) -> QuerySet[UniqueCharacter]:
    if not user.is_authenticated:
        return UniqueCharacter.objects.none()
    return UniqueCharacter.objects.filter(owner_id=user.pk)


def mana_characters_for_owner(user: User) -> QuerySet[ManaCharacter]:
    if not user.is_authenticated:
        return ManaCharacter.objects.none()
    return ManaCharacter.objects.filter(owner_id=user.pk)


def unique_character_for_owner(user: User, character_id: uuid.UUID | str) -> UniqueCharacter:
    """The unique-dice sheet if `user` owns it; otherwise 404."""
    if not user.is_authenticated:
        raise Http404("No such sheet.")
    return get_object_or_404(UniqueCharacter, pk=_as_uuid(character_id), owner_id=user.pk)


def mana_character_for_owner(user: User, character_id: uuid.UUID | str) -> ManaCharacter:
    """The roll-and-keep sheet if `user` owns it; otherwise 404."""
    if not user.is_authenticated:
        raise Http404("No such sheet.")
    return get_object_or_404(ManaCharacter, pk=_as_uuid(character_id), owner_id=user.pk)


def _readable_by(user: User) -> Q:
    """Sheets `user` may read: their own, and those shown at a campaign they play in or run."""
    return (
        Q(owner_id=user.pk) | Q(campaign__gm_id=user.pk) | Q(campaign__memberships__user_id=user.pk)
    )


def unique_character_for_reader(user: User, character_id: uuid.UUID | str) -> UniqueCharacter:
    """The unique-dice sheet if `user` owns it or it is shown at their campaign's table;
    otherwise 404. Only the owner's helpers above allow a change."""
    if not user.is_authenticated:
        raise Http404("No such sheet.")
    readable = UniqueCharacter.objects.filter(_readable_by(user)).distinct()
    return get_object_or_404(readable.select_related("owner"), pk=_as_uuid(character_id))


def mana_character_for_reader(user: User, character_id: uuid.UUID | str) -> ManaCharacter:
    """The roll-and-keep sheet if `user` owns it or it is shown at their campaign's
    table; otherwise 404."""
    if not user.is_authenticated:
        raise Http404("No such sheet.")
    readable = ManaCharacter.objects.filter(_readable_by(user)).distinct()
    return get_object_or_404(readable.select_related("owner"), pk=_as_uuid(character_id))
