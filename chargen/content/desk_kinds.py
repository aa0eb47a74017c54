"""Infinity Drive's campaign content as the desk edits it: the equipment catalogue,
background tables (and the rows of a campaign's own table), history prompts.

Declared to the desk through the registry (chargen/infinity_drive/system.py); the desk's
generic editor (chargen/desk/content_*.py) does the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.http import Http404

from chargen.campaigns.models import Campaign
from chargen.content.backgrounds import span_text
from chargen.content.desk_forms import (
    BackgroundRowAddFormSet,
    BackgroundRowForm,
    BackgroundTableForm,
    BackgroundTableFormSet,
    EquipmentForm,
    EquipmentFormSet,
    HistoryPromptForm,
    HistoryPromptFormSet,
    row_range_problems,
)
from chargen.content.models import BackgroundRow, BackgroundTable, EquipmentItem, HistoryPrompt
from chargen.content.services import content_copy_defaults, content_for_campaign
from chargen.core.systems import ContentKind, ContentLine, DeskContent
from chargen.desk.content import ContentConflict
from chargen.desk.content_kinds import ModelContentKind


@dataclass(frozen=True, kw_only=True)
class EquipmentKind(ModelContentKind):
    def summary(self, campaign: Campaign) -> Sequence[ContentLine]:
        """Everything a character of the campaign may buy, the campaign's own marked."""
        return [
            ContentLine(f"{item.name} — {item.price} cr", own=item.campaign_id is not None)
            for item in content_for_campaign(campaign).equipment
        ]


@dataclass(frozen=True, kw_only=True)
class TablesKind(ModelContentKind):
    def summary(self, campaign: Campaign) -> Sequence[ContentLine]:
        return [
            ContentLine(
                f"{table.name} ({table.dice})",
                own=table.campaign_id is not None,
                child_key=table.key if table.campaign_id is not None else "",
            )
            for table in content_for_campaign(campaign).background_tables
        ]

    def child(self, campaign: Campaign, key: str) -> ContentKind:
        return table_rows_kind(campaign, key)


@dataclass(frozen=True, kw_only=True)
class PromptsKind(ModelContentKind):
    def summary(self, campaign: Campaign) -> Sequence[ContentLine]:
        prompts = content_for_campaign(campaign).history_prompts
        return [ContentLine(f"{key}: {template}") for key, template in prompts.items()]


@dataclass(frozen=True, kw_only=True)
class TableRowsKind(ModelContentKind):
    """The rows of one of the campaign's own tables, listed by roll (no Up/Down)."""

    table: BackgroundTable

    def label_of(self, row: Any) -> str:
        return span_text(row.low, row.high)

    def own(self, campaign: Campaign) -> QuerySet[Any]:
        return BackgroundRow.objects.filter(table=self.table).order_by("low", "high")

    def defaults(self) -> QuerySet[Any]:
        return BackgroundRow.objects.filter(table__campaign__isnull=True, table__key=self.table.key)

    def belongs(self, row: Any, campaign: Campaign) -> bool:
        return bool(row.table_id == self.table.pk and self.table.campaign_id == campaign.pk)

    def stamp(self, row: Any, campaign: Campaign) -> None:
        row.table = self.table

    def prepare(self, row: Any, campaign: Campaign) -> None:
        """Set the table and check the range again with the table locked, so two saves at
        once cannot both take the same rolls."""
        row.table = BackgroundTable.objects.select_for_update().get(pk=self.table.pk)
        problems = row_range_problems(row)
        if problems:
            raise ContentConflict(" ".join(problems.values()))


EQUIPMENT = EquipmentKind(
    slug="equipment",
    title="Equipment catalogue",
    noun="an item",
    model=EquipmentItem,
    form_class=EquipmentForm,
    formset_class=EquipmentFormSet,
    key="name",
    columns=("name", "category", "price", "description", "available"),
    ordered=True,
)
TABLES = TablesKind(
    slug="tables",
    title="Background tables",
    noun="a table",
    model=BackgroundTable,
    form_class=BackgroundTableForm,
    formset_class=BackgroundTableFormSet,
    key="key",
    columns=("key", "name", "dice", "description", "available"),
    ordered=True,
    child_label="Rows",
)
PROMPTS = PromptsKind(
    slug="prompts",
    title="History prompts",
    noun="a prompt",
    model=HistoryPrompt,
    form_class=HistoryPromptForm,
    formset_class=HistoryPromptFormSet,
    key="key",
    columns=("key", "template"),
    ordered=False,
)


def table_rows_kind(campaign: Campaign, table_key: str) -> TableRowsKind:
    """The rows of the campaign's own table `table_key` (404 when it has none)."""
    table = BackgroundTable.objects.filter(campaign=campaign, key=table_key).first()
    if table is None:
        raise Http404("No such table in this campaign.")
    return TableRowsKind(
        slug="rows",
        title=f"{table.name} ({table.dice})",
        noun="a row",
        help="Rows are listed by roll; a roll must land on one row only.",
        model=BackgroundRow,
        form_class=BackgroundRowForm,
        formset_class=BackgroundRowAddFormSet,
        key="low",
        columns=("low", "high", "result", "credits", "assets", "debts"),
        ordered=False,
        falls_back=False,
        parent=TABLES,
        parent_key=table.key,
        table=table,
    )


CONTENT = DeskContent(
    kinds=(EQUIPMENT, TABLES, PROMPTS),
    intro=(
        "“The GM should be the arbiter of what is available with equipment as a whole.” "
        "Your campaign starts from the default catalogue, background tables and history "
        "prompts. A row of your own replaces the default with the same name (or key); "
        "untick “available” to withdraw one. Changes here affect only this campaign."
    ),
    copy_defaults=lambda campaign, by: content_copy_defaults(campaign=campaign, by=by),
)
