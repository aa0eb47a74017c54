"""The home page's "Your campaigns" section."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse

from chargen.campaigns.access import campaigns_for_user
from chargen.core.home import HomeAction, HomeSection

# After the flagship system's section, before the others (see GameSystem.order).
HOME_ORDER = 15


def campaigns_section(user: AbstractBaseUser) -> HomeSection:
    return HomeSection(
        key="campaigns",
        title="Your campaigns",
        template_name="campaigns/_home_section.html",
        items=list(campaigns_for_user(user)),
        empty_text=(
            "You are not in a campaign yet. Open the invite link your GM sent you, "
            "or start your own campaign as a GM."
        ),
        actions=(HomeAction("New campaign", reverse("campaigns:create")),),
    )
