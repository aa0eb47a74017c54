"""Content for a campaign: the defaults merged with the campaign's own rows, and the
GM's copy of the defaults into their campaign so they can edit them.

A campaign row replaces the default with the same natural key (an item's name, a
table's key, a prompt's key); a campaign row marked unavailable withdraws it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Prefetch, Q

from chargen.content.models import BackgroundRow, BackgroundTable, EquipmentItem, HistoryPrompt
from chargen.content.prompts import prompt_render

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser


# Used when neither the defaults nor the campaign hold a prompt for a key, so a
# note is never left without a starting sentence.
FALLBACK_PROMPT = "On the {table} ({roll}): {entry}. What happened, and why?"


@dataclass(frozen=True)
class CampaignContent:
    """What a character in one campaign (or in none) may buy, roll on and be prompted with."""

    equipment: tuple[EquipmentItem, ...]
    background_tables: tuple[BackgroundTable, ...]
    history_prompts: Mapping[str, str] = field(default_factory=dict)

    def equipment_by_pk(self) -> dict[int, EquipmentItem]:
        return {item.pk: item for item in self.equipment}

    def table(self, key: str) -> BackgroundTable | None:
        return next((table for table in self.background_tables if table.key == key), None)


def _merge(defaults: Iterable[Any], own: Iterable[Any], key: str) -> list[Any]:
    """Defaults, each replaced by the campaign's row with the same key, then the
    campaign's additions; rows marked unavailable are withdrawn."""
    own_by_key = {getattr(row, key): row for row in own}
    merged = [own_by_key.pop(getattr(row, key), row) for row in defaults]
    merged.extend(own_by_key.values())
    return [row for row in merged if getattr(row, "available", True)]


def _for(campaign: Any) -> Q:
    if campaign is None:
        return Q(campaign__isnull=True)
    return Q(campaign__isnull=True) | Q(campaign=campaign)


def content_for_campaign(campaign: Any) -> CampaignContent:
    """The merged content for `campaign` (None: the defaults alone). Four queries."""
    items = list(EquipmentItem.objects.filter(_for(campaign)))
    tables = list(
        BackgroundTable.objects.filter(_for(campaign)).prefetch_related(
            Prefetch("rows", queryset=BackgroundRow.objects.order_by("low"))
        )
    )
    prompts = list(HistoryPrompt.objects.filter(_for(campaign)))

    def split(rows: list[Any]) -> tuple[list[Any], list[Any]]:
        return (
            [row for row in rows if row.campaign_id is None],
            [row for row in rows if row.campaign_id is not None],
        )

    equipment = _merge(*split(items), key="name")
    equipment.sort(key=lambda item: (item.sort_order, item.name))
    background_tables = _merge(*split(tables), key="key")
    background_tables.sort(key=lambda table: (table.sort_order, table.key))
    default_prompts, own_prompts = split(prompts)
    history_prompts = {prompt.key: prompt.template for prompt in default_prompts}
    history_prompts.update({prompt.key: prompt.template for prompt in own_prompts})
    return CampaignContent(
        equipment=tuple(equipment),
        background_tables=tuple(background_tables),
        history_prompts=history_prompts,
    )


def history_prompt_text(
    *,
    prompts: Mapping[str, str],
    key: str,
    entry: str = "",
    table: str = "",
    career: str = "",
    specialisation: str = "",
    roll: str | int = "",
) -> str:
    """The prompt for `key` with its placeholders filled in from the roll.

    Anything else in braces stays as written (a prompt saved before templates were
    checked may hold one), and the text is capped: see chargen.content.prompts."""
    template = prompts.get(key) or FALLBACK_PROMPT
    values = {
        # The templates punctuate after {entry}; an entry that ends a sentence would double it.
        "entry": entry.rstrip(". "),
        "table": table,
        "career": career,
        "specialisation": specialisation,
        "roll": str(roll),
    }
    return prompt_render(template, values)


def content_can_edit(*, campaign: Any, user: AbstractBaseUser) -> bool:
    """A campaign's GM edits its content; staff edit the defaults in the admin."""
    if getattr(user, "is_staff", False):
        return True
    return campaign is not None and bool(campaign.is_gm(user))


@transaction.atomic
def content_copy_defaults(*, campaign: Any, by: AbstractBaseUser) -> int:
    """Copy every default row the campaign does not already have into the campaign,
    so its GM can edit them. Returns how many rows were copied; repeating it copies
    nothing new."""
    if campaign is None or not content_can_edit(campaign=campaign, user=by):
        raise PermissionDenied("Only the campaign's GM can copy the default content into it.")
    copied = 0
    own_items = set(campaign.equipment_items.values_list("name", flat=True))
    for item in EquipmentItem.objects.filter(campaign__isnull=True).exclude(name__in=own_items):
        item.pk = None
        item.campaign = campaign
        item.save()
        copied += 1
    own_tables = set(campaign.background_tables.values_list("key", flat=True))
    default_tables = BackgroundTable.objects.filter(campaign__isnull=True).exclude(
        key__in=own_tables
    )
    for table in default_tables.prefetch_related("rows"):
        rows = list(table.rows.all())
        table.pk = None
        table.campaign = campaign
        table.save()
        for row in rows:
            row.pk = None
            row.table = table
        BackgroundRow.objects.bulk_create(rows)
        copied += 1 + len(rows)
    own_prompts = set(campaign.history_prompts.values_list("key", flat=True))
    for prompt in HistoryPrompt.objects.filter(campaign__isnull=True).exclude(key__in=own_prompts):
        prompt.pk = None
        prompt.campaign = campaign
        prompt.save()
        copied += 1
    return copied
