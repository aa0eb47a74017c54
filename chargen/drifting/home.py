"""The home page's Drifting section: the player's characters, newest first."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse

from chargen.core.home import HomeAction, HomeSection
from chargen.core.prepared_query import PreparedQuery
from chargen.drifting.access import characters_owned_by
from chargen.drifting.models import Character

HOME_LIMIT = 20
_NEWEST: PreparedQuery[Character] = PreparedQuery(
    lambda owner: characters_owned_by(owner)[:HOME_LIMIT],
    owner=Character._meta.get_field("owner"),
)


def drifting_section(user: AbstractBaseUser) -> HomeSection:
    return HomeSection(
        key="drifting",
        title="Drifting characters",
        template_name="drifting/_home_section.html",
        items=_NEWEST.all(owner=user.pk),
        empty_text="No Drifting characters yet: build one from lifepaths into tokens.",
        actions=(HomeAction("Drifting characters", reverse("drifting:list")),),
    )
