"""The kinds of campaign content a GM edits row by row: what each is, how a row is named.

A row is named by its natural key (an item's name, a table's or a prompt's key), never
by its sequential id; a campaign row with a default's key overrides that default.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.db.models import Model, QuerySet
from django.http import Http404

from chargen.campaigns.models import Campaign
from chargen.content.models import BackgroundTable, EquipmentItem, HistoryPrompt
from chargen.desk.content_forms import (
    BackgroundTableForm,
    BackgroundTableFormSet,
    EquipmentForm,
    EquipmentFormSet,
    HistoryPromptForm,
    HistoryPromptFormSet,
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

    @property
    def url_name(self) -> str:
        return f"desk:content_{self.slug}"

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


def content_kind(slug: str) -> ContentKind:
    try:
        return KINDS[slug]
    except KeyError:
        raise Http404("No such kind of content.") from None
