"""Who may see and who may change a character: one helper per kind of access.

Anyone else gets a 404, so a stranger cannot even learn that a character exists.
"""

from __future__ import annotations

import uuid

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.db.models import QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404

from chargen.infinity_drive.deletion import with_has_rolls
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.models import Character, CharacterStatus

# Other members of a campaign see a character only once it is settled.
VISIBLE_TO_MEMBERS: frozenset[str] = frozenset({CharacterStatus.APPROVED, CharacterStatus.FINISHED})


def _characters() -> QuerySet[Character]:
    return Character.objects.select_related("campaign", "race", "owner")


def _as_uuid(character_id: uuid.UUID | str) -> uuid.UUID:
    try:
        return character_id if isinstance(character_id, uuid.UUID) else uuid.UUID(character_id)
    except (TypeError, ValueError, AttributeError):
        raise Http404("No such character.") from None


def character_for_owner(
    user: AbstractBaseUser | AnonymousUser, character_id: uuid.UUID | str, *, lock: bool = False
) -> Character:
    """The character if `user` owns it; otherwise 404.

    With `lock`, inside a transaction: its row read under the log kernel's lock (FOR NO
    KEY UPDATE of the character alone, not of its campaign or race), so a step's write
    needs no second read to lock it (core/log_key.py's `locked_read(locked_by_caller=True)`).
    """
    if not user.is_authenticated:
        raise Http404("No such character.")
    characters = Character.objects.select_related("campaign", "race")
    if lock:
        characters = characters.select_for_update(no_key=True, of=("self",))
    # The owner is the user asking, already read for this request: not joined again.
    character = get_object_or_404(characters, pk=_as_uuid(character_id), owner_id=user.pk)
    if isinstance(user, User):
        character.owner = user
    return character


def character_for_viewer(
    user: AbstractBaseUser | AnonymousUser, character_id: uuid.UUID | str
) -> Character:
    """The character if `user` may read it: its owner, its campaign's GM, or (once it
    is approved or finished) another member of its campaign; otherwise 404."""
    if not user.is_authenticated:
        raise Http404("No such character.")
    character = get_object_or_404(_characters(), pk=_as_uuid(character_id))
    if character.owner_id == user.pk:
        return character
    campaign = character.campaign
    if campaign is not None:
        if campaign.is_gm(user):
            return character
        if character.status in VISIBLE_TO_MEMBERS and campaign.is_member(user):
            return character
    raise Http404("No such character.")


def characters_owned_by(owner_id: int) -> QuerySet[Character]:
    """Every character of the user with this id, newest change first (no access check:
    the caller has made sure this is the user asking)."""
    return with_has_rolls(Character.objects.filter(owner_id=owner_id)).select_related(
        "campaign", "race"
    )


def characters_for_owner(user: AbstractBaseUser | AnonymousUser) -> QuerySet[Character]:
    """Every character `user` owns, newest change first."""
    if not user.is_authenticated:
        return Character.objects.none()
    return characters_owned_by(user.pk)


def refuse_unless_still_in_campaign(character: Character, *, what: str) -> None:
    """A player removed from a campaign (or who left it) keeps their characters, but sends
    its GM nothing more: a removed player could otherwise go on filling the GM's queue
    and inbox with proposals and submissions."""
    campaign = character.campaign
    if campaign is not None and not campaign.is_member(character.owner):
        raise StepRefused(f"You are no longer in “{campaign.name}”, so {what}.")
