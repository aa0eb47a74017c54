"""Copy a Drifting character as a template: a new draft with its concept and lifepaths.

Drifting's creation rolls no dice, so the copy carries every creation choice: the
name ("… (copy)"), the concept, the campaign (only while the owner still plays in it)
and the lifepaths in order, each chosen again through the wizard's own service under
the lifepaths open now. The first one no longer allowed ends the copy there; the draft
keeps what came before. Nothing of play is copied: no token marks, no rolls.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from chargen.drifting.models import Character
from chargen.drifting.selectors import (
    character_lifepaths,
    chosen_lifepaths,
    drifting_campaigns_for,
)
from chargen.drifting.services_creation import (
    character_add_lifepath,
    character_set_concept,
    character_start,
)
from chargen.drifting.sheet_writes import StaleForm
from rules import drifting as rules

NAME_LIMIT = Character._meta.get_field("name").max_length or 80
COPY_SUFFIX = " (copy)"


def copy_name(name: str, limit: int = NAME_LIMIT) -> str:
    base = (name or "Unnamed drifter").strip()
    return base[: limit - len(COPY_SUFFIX)].rstrip() + COPY_SUFFIX


@dataclass(frozen=True)
class DriftingCopy:
    character: Character
    lifepaths: int
    reason: str = ""


@transaction.atomic
def drifting_copy(*, original: Character) -> DriftingCopy:
    campaign = original.campaign
    if (
        campaign is not None
        and not drifting_campaigns_for(original.owner).filter(pk=campaign.pk).exists()
    ):
        campaign = None
    copied = character_start(owner=original.owner)
    copied = character_set_concept(
        character=copied,
        key=copied.next_sequence,
        name=copy_name(original.name),
        concept=original.concept,
        campaign=campaign,
    )
    done = 0
    reason = ""
    open_now = {path.slug: path.pk for path in character_lifepaths(copied)}
    for lifepath in chosen_lifepaths(original):
        try:
            with transaction.atomic():
                character_add_lifepath(
                    character=copied,
                    lifepath=open_now.get(lifepath.slug, lifepath.pk),
                    key=copied.next_sequence,
                )
        except (rules.DriftingError, StaleForm) as refused:
            reason = str(refused)
            break
        done += 1
    return DriftingCopy(character=copied, lifepaths=done, reason=reason)
