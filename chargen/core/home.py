"""What the home page shows a logged-in user, as a list of sections.

Each area adds its own section here (drafts, finished characters, a GM's queue);
the home view and template only loop over what `home_sections` returns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.urls import reverse

from chargen.campaigns.access import campaigns_for_user
from chargen.drifting.access import characters_for_owner


@dataclass(frozen=True)
class HomeAction:
    label: str
    url: str


@dataclass(frozen=True)
class HomeSection:
    """One block of the home page, rendered by `template_name` with `section` in context.

    `items` is whatever that template lists; `empty_text` is shown when it is empty.
    """

    key: str
    title: str
    template_name: str
    items: Sequence[Any]
    empty_text: str
    actions: Sequence[HomeAction] = field(default_factory=tuple)


def campaigns_section(user: AbstractBaseUser) -> HomeSection:
    return HomeSection(
        key="campaigns",
        title="Your campaigns",
        template_name="core/_section_campaigns.html",
        items=list(campaigns_for_user(user)),
        empty_text=(
            "You are not in a campaign yet. Open the invite link your GM sent you, "
            "or start your own campaign as a GM."
        ),
        actions=(HomeAction("New campaign", reverse("campaigns:create")),),
    )


def drifting_section(user: AbstractBaseUser) -> HomeSection:
    return HomeSection(
        key="drifting",
        title="Drifting characters",
        template_name="drifting/_home_section.html",
        items=list(characters_for_owner(user)[:20]),
        empty_text="No Drifting characters yet: build one from lifepaths into tokens.",
        actions=(HomeAction("Drifting characters", reverse("drifting:list")),),
    )


def home_sections(user: AbstractBaseUser | AnonymousUser) -> list[HomeSection]:
    """The sections of a user's home page, in order; none for a visitor."""
    if not user.is_authenticated:
        return []
    from chargen.characters.home import characters_home_section  # imports this module
    from chargen.desk.home import waiting_section
    from chargen.rollers.home import rollers_home_section

    return [
        waiting_section(user),
        characters_home_section(user),
        campaigns_section(user),
        drifting_section(user),
        rollers_home_section(user),
    ]
