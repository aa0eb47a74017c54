"""Which lifepaths a campaign holds and which of them it offers to a new character.

A campaign holds the shared starter set and its own published lifepaths; it offers those
its GM has not withdrawn (chargen.drifting.models.WithdrawnLifepath). A row an import
recreated (Lifepath.restored_for_import) is held and offered nowhere. Every reader of
"the campaign's lifepaths" (the pinned set, the lifepaths page, publishing, packs) asks
here, so a withdrawn lifepath leaves all of them at once.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet

from chargen.campaigns.models import Campaign
from chargen.drifting.models import Lifepath, WithdrawnLifepath


def held_lifepaths(campaign: Campaign | None) -> QuerySet[Lifepath]:
    """The starter set and the campaign's own (None: the starter set), withdrawn or not,
    grants and requirements prefetched, in their order."""
    scope = Q(campaign__isnull=True)
    if campaign is not None:
        scope |= Q(campaign=campaign)
    return (
        Lifepath.objects.filter(scope, restored_for_import=False)
        .prefetch_related("grants", "requires")
        .order_by("order", "name", "pk")
    )


def offered_lifepaths(campaign: Campaign | None) -> QuerySet[Lifepath]:
    """The lifepaths a new character of the campaign chooses from."""
    held = held_lifepaths(campaign)
    if campaign is None:
        return held
    return held.exclude(pk__in=withdrawn_in(campaign).values("lifepath"))


def withdrawn_in(campaign: Campaign) -> QuerySet[WithdrawnLifepath]:
    return WithdrawnLifepath.objects.filter(campaign=campaign)
