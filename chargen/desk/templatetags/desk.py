"""The desk's template helpers.

`{% desk_badge %}`: how many things changed since the user last looked; `log_kind`,
`log_summary` and `decider`: the GM's words for a log row's kind, for what an equipment
or history decision did, and for who took a decision.
"""

from __future__ import annotations

from django import template
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from chargen.campaigns.models import Campaign
from chargen.characters.models import CreationLogEntry
from chargen.characters.part_two import entry_summary
from chargen.desk import labels
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


@register.filter
def log_kind(kind: str) -> str:
    """`{{ entry.kind|log_kind }}`: "skill_roll" reads "Skill roll"."""
    return labels.log_kind_label(kind)


@register.filter
def log_summary(entry: CreationLogEntry) -> str:
    """`{{ entry|log_summary }}`: what an equipment or history decision did, in words."""
    return entry_summary(entry)


@register.filter
def decider(user: AbstractBaseUser | None, campaign: Campaign) -> str:
    """`{{ decision.decided_by|decider:campaign }}`: "alice (GM)"."""
    return labels.decider_label(user, campaign)
