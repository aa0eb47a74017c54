"""What waits on the GM's desk, counted over every game system's queues.

Each system declares its queues (chargen/core/systems.py: its approval queue if its
characters are submittable, and any others such as Infinity Drive's races); a
campaign shows the queues of the game it plays. Counting asks each queue once for
all the campaigns on a page, not once per campaign.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.core.systems import DeskQueue, UnknownSystem, registry


@dataclass(frozen=True)
class QueueCount:
    noun: str
    count: int
    url: str
    remark: str

    @property
    def phrase(self) -> str:
        """ "1 race", "2 characters"."""
        return f"{self.count} {self.noun}{'' if self.count == 1 else 's'}"


def queue_counts(campaigns: Iterable[Campaign]) -> dict[uuid.UUID, list[QueueCount]]:
    """Per campaign, each of its game's queues with how many items wait in it."""
    campaigns = list(campaigns)
    by_game: dict[str, list[uuid.UUID]] = {}
    for campaign in campaigns:
        by_game.setdefault(campaign.game, []).append(campaign.id)
    waiting: dict[tuple[uuid.UUID, int], int] = {}
    for game, ids in by_game.items():
        for position, queue in enumerate(_queues(game)):
            counts = queue.waiting_counts(ids)
            for campaign_id in ids:
                waiting[(campaign_id, position)] = counts.get(campaign_id, 0)
    return {
        campaign.id: [
            QueueCount(
                noun=queue.noun,
                count=waiting[(campaign.id, position)],
                url=reverse(queue.url_name, kwargs={"campaign_id": campaign.id}),
                remark=queue.remark(campaign),
            )
            for position, queue in enumerate(_queues(campaign.game))
        ]
        for campaign in campaigns
    }


def _queues(game: str) -> tuple[DeskQueue, ...]:
    try:
        return registry.get(game).desk_queues()
    except UnknownSystem:  # a campaign of a system since removed: nothing to decide
        return ()


def waiting_phrase(counts: Sequence[QueueCount]) -> str:
    """ "1 race and 2 characters": every queue, in order, counted."""
    phrases = [count.phrase for count in counts]
    if len(phrases) <= 1:
        return "".join(phrases)
    return f"{', '.join(phrases[:-1])} and {phrases[-1]}"
