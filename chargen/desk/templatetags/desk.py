"""The desk's template helpers.

`{% desk_badge %}`: how many things changed since the user last looked; `decider`:
the GM's words for who took a decision; `{% desk_links campaign as links %}`: the
GM desk's menu for the campaign's game.
"""

from __future__ import annotations

from django import template
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from chargen.campaigns.models import Campaign
from chargen.desk import labels
from chargen.desk.menu import DeskMenuLink, desk_menu
from chargen.desk.notifications import unseen_count

register = template.Library()


@register.inclusion_tag("desk/_badge.html")
def desk_badge(
    user: AbstractBaseUser | AnonymousUser, campaign: Campaign | None = None
) -> dict[str, int]:
    return {"count": unseen_count(user=user, campaign=campaign)}


@register.simple_tag
def desk_unseen_count(
    user: AbstractBaseUser | AnonymousUser, campaign: Campaign | None = None
) -> int:
    return unseen_count(user=user, campaign=campaign)


@register.simple_tag
def desk_links(campaign: Campaign) -> list[DeskMenuLink]:
    return desk_menu(campaign)


@register.filter
def decider(user: AbstractBaseUser | None, campaign: Campaign) -> str:
    """`{{ decision.decided_by|decider:campaign }}`: "alice (GM)"."""
    return labels.decider_label(user, campaign)
