"""The sheets of other systems (the roller sheets) their owners show at a campaign's table.

Read through the registry's live feeds, so campaigns imports no game: each feed's
subjects in this campaign, but those of the campaign's own game (listed as characters).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from chargen.campaigns.models import Campaign
from chargen.core.log import subject_model
from chargen.core.systems import registry


@dataclass(frozen=True)
class SheetAtTable:
    name: str
    owner_name: str
    system_label: str
    url: str


def sheets_at_table(campaign: Campaign) -> list[SheetAtTable]:
    """One query per other system with a live feed, whatever the number of sheets."""
    sheets: list[SheetAtTable] = []
    for system in registry.all():
        if system.live is None or system.key == campaign.game:
            continue
        model: Any = subject_model(system.live.log_model)  # a sheet model with an owner
        rows = (
            model._default_manager.filter(campaign_id=campaign.pk)
            .select_related("owner")
            .order_by("name")
        )
        sheets.extend(
            SheetAtTable(
                name=sheet.name,
                owner_name=sheet.owner.get_username(),
                system_label=system.label,
                url=sheet.get_absolute_url(),
            )
            for sheet in rows
        )
    return sheets
