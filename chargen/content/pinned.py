"""A campaign's merged content as pinned rule data: what a character may buy, roll on
and be prompted with, as it was when the character started.

`content_data(campaign)` serialises the merged content (`content_for_campaign`) into
plain JSON; its hash is a "content" RuleVersion (chargen.core.ruledata), so two
campaigns with the same merged content share one version. A character reads its
pinned version through `content_for_version`, never the live rows, so a GM's or an
admin's later edit changes new characters only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from chargen.content.backgrounds import BackgroundResult, BackgroundTableValue
from chargen.content.services import content_for_campaign
from chargen.core.ruledata import current_rule_version, rule_data, rule_data_changed
from rules.dice import DiceSpec

RULESET = "content"
PINNED_CONTENT_KEPT = 32


@dataclass(frozen=True)
class CatalogueItem:
    """An equipment item as a character's pinned catalogue lists it."""

    pk: int
    name: str
    category: str
    price: int
    description: str = ""


@dataclass(frozen=True)
class PinnedBackgroundTable:
    key: str
    name: str
    dice: str  # kept as written: parsed when rolled, as the live table's is
    rows: tuple[BackgroundResult, ...]

    def as_value(self) -> BackgroundTableValue:
        return BackgroundTableValue(
            key=self.key, name=self.name, dice=DiceSpec.parse(self.dice), rows=self.rows
        )


@dataclass(frozen=True)
class PinnedContent:
    equipment: tuple[CatalogueItem, ...]
    background_tables: tuple[PinnedBackgroundTable, ...]
    history_prompts: Mapping[str, str] = field(default_factory=dict)

    def equipment_by_pk(self) -> dict[int, CatalogueItem]:
        return {item.pk: item for item in self.equipment}

    def table(self, key: str) -> PinnedBackgroundTable | None:
        return next((table for table in self.background_tables if table.key == key), None)

    @property
    def is_empty(self) -> bool:
        return not (self.equipment or self.background_tables or self.history_prompts)


def content_data(campaign: Any) -> dict[str, Any]:
    """The content `campaign` (None: the defaults) merges to, as plain JSON values."""
    content = content_for_campaign(campaign)
    return {
        "equipment": [
            {
                "pk": item.pk,
                "name": item.name,
                "category": item.category,
                "price": item.price,
                "description": item.description,
            }
            for item in content.equipment
        ],
        "background_tables": [
            {
                "key": table.key,
                "name": table.name,
                "dice": table.dice,
                "rows": [
                    {
                        "low": row.low,
                        "high": row.high,
                        "result": row.result,
                        "credits": row.credits,
                        "assets": row.assets,
                        "debts": row.debts,
                    }
                    for row in sorted(table.rows.all(), key=lambda row: row.low)
                ],
            }
            for table in content.background_tables
        ],
        "history_prompts": dict(content.history_prompts),
    }


def content_scope(campaign: Any) -> str:
    return f"{RULESET}:{campaign.pk if campaign is not None else '-'}"


def current_content_version(campaign: Any, recorded: Mapping[str, str] | None = None) -> str:
    """The hash of `campaign`'s merged content as it is now (agreed by every worker);
    `recorded`, what `recorded_versions` just read, saves the statement."""
    return current_rule_version(
        scope=content_scope(campaign),
        ruleset=RULESET,
        load=lambda: content_data(campaign),
        recorded=recorded,
    )


@lru_cache(maxsize=PINNED_CONTENT_KEPT)
def content_for_version(sha256: str) -> PinnedContent:
    data = rule_data(sha256)
    return PinnedContent(
        equipment=tuple(CatalogueItem(**item) for item in data["equipment"]),
        background_tables=tuple(
            PinnedBackgroundTable(
                key=table["key"],
                name=table["name"],
                dice=table["dice"],
                rows=tuple(BackgroundResult(**row) for row in table["rows"]),
            )
            for table in data["background_tables"]
        ),
        history_prompts=dict(data["history_prompts"]),
    )


def content_version_for_new_character(
    campaign: Any, recorded: Mapping[str, str] | None = None
) -> str | None:
    """The content version a character started now is pinned to (None while there is none)."""
    digest = current_content_version(campaign, recorded)
    return None if content_for_version(digest).is_empty else digest


def content_changed(**_signal_arguments: Any) -> None:
    """A content row was saved or deleted: every campaign's current content is stale
    (a default row is merged into every campaign)."""
    rule_data_changed(RULESET)
