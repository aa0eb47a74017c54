"""Caps on what one account may create, read from settings (and so the environment).

Each new draft, sheet, campaign or race proposal costs the database a few rows and
nothing else, so without a cap one account could fill it by POSTing "new" in a loop.
The check runs inside the transaction that creates the row, with the creator's row
locked, so two requests at once are counted one after the other.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction


def creation_cap(name: str) -> int:
    """The cap called `name` in settings (e.g. "MAX_CAMPAIGNS")."""
    return int(getattr(settings, name))


def creation_cap_reached(*, owner: AbstractBaseUser, cap: int, count: Callable[[], int]) -> bool:
    """True when `owner` already has `cap` things (as `count` counts them).

    Must be called inside the transaction that then creates the thing: it locks the
    owner's row until that transaction ends."""
    lock_owner(owner)
    return count() >= cap


def lock_owner(owner: AbstractBaseUser) -> None:
    """Lock the creator's row until the creating transaction ends: two creations by one
    account (a double-click, two tabs) are then counted, or matched, one after the other."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("an owner's lock must be taken inside the creating transaction")
    get_user_model().objects.select_for_update().filter(pk=owner.pk).first()
