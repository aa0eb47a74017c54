"""Where a newcomer starts a character: every game system with a start, one line each.

The home page, "Create a character" and the footer name the same systems alike, from the
registry, so a system added to INSTALLED_APPS is offered everywhere at once. A visitor
is sent to sign up first and lands on the game's start page right after (`next`).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.urls import reverse

from chargen.core.systems import registry


@dataclass(frozen=True)
class GameStart:
    title: str
    pitch: str
    url: str


def game_starts(user: AbstractBaseUser | AnonymousUser) -> list[GameStart]:
    """Each startable system with the address that starts it for this user."""
    starts = []
    for system in registry.startable():
        url = system.start_url()
        if not user.is_authenticated:
            url = f"{reverse('accounts:signup')}?{urlencode({'next': url})}"
        starts.append(GameStart(title=system.title or system.label, pitch=system.pitch, url=url))
    return starts


def game_titles() -> list[str]:
    """The names of the systems a player can start in, in order (the footer's list)."""
    return [system.title or system.label for system in registry.startable()]
