"""The desk's row-at-a-time editor over any game's content kinds (`ContentKind`, declared
in chargen/core/systems.py): which kinds a campaign edits, and the model-backed kind every
game builds its own from.

A row is named by its natural key (an item's name, a table's or a prompt's key), never
by its sequential id; a campaign row with a default's key overrides that default.
The rows inside one of the campaign's own rows (a table's rows) are a kind too, its
`child`: their pages live under the parent kind's slug and the parent row's key.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.db.models import Model, QuerySet
from django.http import Http404
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.core.systems import ContentKind, ContentLine, ContentLink, DeskContent


@dataclass(frozen=True, kw_only=True)
class ModelContentKind:
    """A kind whose rows are instances of `model`, each with a `campaign` foreign key (null
    for the defaults). Games subclass it where their rows differ (see TableRowsKind in
    chargen/content/desk_kinds.py)."""

    slug: str
    title: str
    noun: str
    model: type[Model]
    form_class: type[forms.ModelForm[Any]]
    formset_class: type[forms.BaseModelFormSet[Any, Any]]
    key: str
    columns: tuple[str, ...]
    # Whether the GM sets the order (Up/Down); prompts are listed by key.
    ordered: bool
    help: str = ""
    # Whether deleting an override brings the default back (not so for a table's rows:
    # the campaign's table replaces the default table whole).
    falls_back: bool = True
    child_label: str = ""
    parent: ContentKind | None = None
    parent_key: str = ""  # the parent row's key, for a child kind

    def page_url(self, campaign: Campaign) -> str:
        if self.parent is None:
            return reverse("desk:content_kind", args=[campaign.id, self.slug])
        return reverse("desk:content_child", args=[campaign.id, self.parent.slug, self.parent_key])

    def row_url(self, campaign: Campaign) -> str:
        if self.parent is None:
            return reverse("desk:content_row", args=[campaign.id, self.slug])
        return reverse(
            "desk:content_child_row", args=[campaign.id, self.parent.slug, self.parent_key]
        )

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

    def form(self, data: Any = None, *, instance: Any, prefix: str) -> forms.ModelForm[Any]:
        return self.form_class(data, instance=instance, prefix=prefix)

    def formset(self, data: Any = None, *, queryset: Any, prefix: str) -> Any:
        return self.formset_class(data, queryset=queryset, prefix=prefix)

    def child(self, campaign: Campaign, key: str) -> ContentKind:
        raise Http404("Nothing to open inside this kind of content.")

    def summary(self, campaign: Campaign) -> Sequence[ContentLine]:
        """The campaign's own rows, by name."""
        return [ContentLine(self.label_of(row), own=True) for row in self.own(campaign)]

    def cells(self, row: Any) -> tuple[str, ...]:
        return tuple(shown(row, name) for name in self.columns)

    def row_links(self, campaign: Campaign, row: Any) -> Sequence[ContentLink]:
        return ()

    def delete_refusal(self, row: Any) -> str:
        return ""


def shown(row: Model, field_name: str) -> str:
    """A field's value as a cell shows it: its choice's label, yes or no, or its text."""
    display = getattr(row, f"get_{field_name}_display", None)
    value = display() if display is not None else getattr(row, field_name)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def field_label(model: type[Model], name: str) -> str:
    field = model._meta.get_field(name)
    return str(getattr(field, "verbose_name", name))


def campaign_content(campaign: Campaign) -> DeskContent:
    """What the campaign's game lets its GM edit (404 when its game has no content page)."""
    content = campaign.system.desk.content
    if content is None:
        raise Http404("This campaign's game has no content to edit.")
    return content


def content_kind(campaign: Campaign, slug: str) -> ContentKind:
    try:
        return campaign_content(campaign).kind(slug)
    except LookupError:
        raise Http404("No such kind of content.") from None


def child_kind(campaign: Campaign, slug: str, parent_key: str) -> ContentKind:
    """The rows inside the campaign's own row `parent_key` of kind `slug` (404 if none)."""
    return content_kind(campaign, slug).child(campaign, parent_key)
