"""The home page's Infinity Drive section: drafts with their progress, finished, dead."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse

from chargen.core.home import HomeAction, HomeSection
from chargen.infinity_drive.access import characters_owned_by
from chargen.infinity_drive.models import CharacterStatus

HOME_LIMIT = 30
# Drafts first (the ones a player comes back to), the dead last.
STATUS_ORDER: dict[str, int] = {
    status: position
    for position, status in enumerate(
        (
            CharacterStatus.DRAFT,
            CharacterStatus.RETURNED,
            CharacterStatus.SUBMITTED,
            CharacterStatus.APPROVED,
            CharacterStatus.FINISHED,
            CharacterStatus.DEAD,
        )
    )
}


def characters_home_section(user: AbstractBaseUser) -> HomeSection:
    return HomeSection(
        key="characters",
        title="Infinity Drive characters",
        template_name="characters/_home_section.html",
        items=sorted(
            characters_owned_by(user.pk)[:HOME_LIMIT],
            key=lambda character: STATUS_ORDER.get(character.status, len(STATUS_ORDER)),
        ),
        empty_text="No Infinity Drive characters yet. Press “New character” to start one.",
        actions=(
            HomeAction("New character", reverse("characters:new")),
            HomeAction("All characters", reverse("characters:list")),
        ),
    )
