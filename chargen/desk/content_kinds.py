"""The kinds of campaign content a GM edits row by row: what each is, how a row is named.

A row is named by its natural key (an item's name, a table's or a prompt's key), never
by its sequential id; a campaign row with a default's key overrides that default.
The rows inside one of the campaign's tables are a kind too (`table_rows_kind`): a row
is named by the lowest roll it covers, and overrides the row of the default table of
the same key that starts on the same roll.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.db.models import Model, QuerySet
from django.http import Http404
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.content.backgrounds import span_text
from chargen.content.models import BackgroundRow, BackgroundTable, EquipmentItem, HistoryPrompt
from chargen.desk.content import ContentConflict
from chargen.desk.content_forms import (
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


@dataclass(frozen=True)
class ContentKind:
    slug: str
    title: str
    model: type[Model]
    form: type[forms.ModelForm[Any]]
    formset: type[forms.BaseModelFormSet[Any, Any]]
    key: str
    columns: tuple[str, ...]
    # Whether the GM sets the order (Up/Down); prompts are listed by key.
    ordered: bool
    # Whether deleting an override brings the default back (not so for a table's rows:
    # the campaign's table replaces the default table whole).
    falls_back: bool = True

    @property
    def url_name(self) -> str:
        return f"desk:content_{self.slug}"

    def page_url(self, campaign: Campaign) -> str:
        return reverse(self.url_name, args=[campaign.id])

    def row_url(self, campaign: Campaign) -> str:
        return reverse("desk:content_row", args=[campaign.id, self.slug])

    def key_of(self, row: Any) -> str:
        return str(getattr(row, self.key))

    def label_of(self, row: Any) -> str:
        return self.key_of(row)

    def belongs(self, row: Any, campaign: Campaign) -> bool:
        return bool(row.campaign_id == campaign.pk)

    def stamp(self, row: Any, campaign: Campaign) -> None:
        """Make the row the campaign's own (before validation, so uniqueness and ranges
        are checked among the campaign's rows)."""
        row.campaign = campaign

    def prepare(self, row: Any, campaign: Campaign) -> None:
        """Stamp the row again just before it is saved (in the save's transaction)."""
        self.stamp(row, campaign)

    @property
    def headers(self) -> tuple[str, ...]:
        return tuple(field_label(self.model, name).capitalize() for name in self.columns)

    def own(self, campaign: Campaign) -> QuerySet[Any]:
        return self.model._default_manager.filter(campaign=campaign)

    def defaults(self) -> QuerySet[Any]:
        return self.model._default_manager.filter(campaign__isnull=True)


def field_label(model: type[Model], name: str) -> str:
    field = model._meta.get_field(name)
    return str(getattr(field, "verbose_name", name))


KINDS: dict[str, ContentKind] = {
    kind.slug: kind
    for kind in (
        ContentKind(
            "equipment",
            "Equipment catalogue",
            EquipmentItem,
            EquipmentForm,
            EquipmentFormSet,
            "name",
            ("name", "category", "price", "description", "available"),
            ordered=True,
        ),
        ContentKind(
            "tables",
            "Background tables",
            BackgroundTable,
            BackgroundTableForm,
            BackgroundTableFormSet,
            "key",
            ("key", "name", "dice", "description", "available"),
            ordered=True,
        ),
        ContentKind(
            "prompts",
            "History prompts",
            HistoryPrompt,
            HistoryPromptForm,
            HistoryPromptFormSet,
            "key",
            ("key", "template"),
            ordered=False,
        ),
    )
}


@dataclass(frozen=True, kw_only=True)
class TableRowsKind(ContentKind):
    """The rows of one of the campaign's own tables, listed by roll (no Up/Down)."""

    table: BackgroundTable

    def page_url(self, campaign: Campaign) -> str:
        return reverse("desk:content_table_rows", args=[campaign.id, self.table.key])

    def row_url(self, campaign: Campaign) -> str:
        return reverse("desk:content_table_row", args=[campaign.id, self.table.key])

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


def table_rows_kind(campaign: Campaign, table_key: str) -> TableRowsKind:
    """The rows of the campaign's own table `table_key` (404 when it has none)."""
    table = BackgroundTable.objects.filter(campaign=campaign, key=table_key).first()
    if table is None:
        raise Http404("No such table in this campaign.")
    return TableRowsKind(
        slug="rows",
        title=f"{table.name} ({table.dice})",
        model=BackgroundRow,
        form=BackgroundRowForm,
        formset=BackgroundRowAddFormSet,
        key="low",
        columns=("low", "high", "result", "credits", "assets", "debts"),
        ordered=False,
        falls_back=False,
        table=table,
    )


def content_kind(slug: str) -> ContentKind:
    try:
        return KINDS[slug]
    except KeyError:
        raise Http404("No such kind of content.") from None
