"""The home page's Drifting section: the player's characters, newest first."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse

from chargen.core.home import HomeAction, HomeSection
from chargen.drifting.access import characters_owned_by

HOME_LIMIT = 20


def drifting_section(user: AbstractBaseUser) -> HomeSection:
    return HomeSection(
        key="drifting",
        title="Drifting characters",
        template_name="drifting/_home_section.html",
        items=list(characters_owned_by(user.pk)[:HOME_LIMIT]),
        empty_text="No Drifting characters yet: build one from lifepaths into tokens.",
        actions=(HomeAction("Drifting characters", reverse("drifting:list")),),
    )
