"""Words for the GM: who took a decision.

A decision says who took it and in what role, so "Approved by alice (GM)" cannot be
read as the player deciding.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser

from chargen.campaigns.models import Campaign


def decider_label(user: AbstractBaseUser | None, campaign: Campaign) -> str:
    """Who took a decision, with their role: "alice (GM)"."""
    if user is None:
        return "a deleted account"
    name = user.get_username()
    return f"{name} (GM)" if user.pk == campaign.gm_id else name
