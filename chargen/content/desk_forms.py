"""Formsets for a campaign's own content: equipment, background tables and rows, prompts.

Each formset's queryset holds only the campaign's own rows, so a posted id from
the defaults or from another campaign is never edited: Django looks a posted id
up in that queryset only, and a row it does not find there is saved as a new row
of this campaign (or, in an existing row's place, not saved at all).
"""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms

from chargen.content.backgrounds import range_problems
from chargen.content.models import BackgroundRow, BackgroundTable, EquipmentItem, HistoryPrompt


class EquipmentForm(forms.ModelForm):
    class Meta:
        model = EquipmentItem
        fields = ("name", "category", "price", "description", "available")
        widgets: ClassVar[dict[str, Any]] = {"description": forms.Textarea(attrs={"rows": 1})}


class BackgroundTableForm(forms.ModelForm):
    class Meta:
        model = BackgroundTable
        fields = ("key", "name", "dice", "description", "available")
        widgets: ClassVar[dict[str, Any]] = {"description": forms.Textarea(attrs={"rows": 1})}


class HistoryPromptForm(forms.ModelForm):
    class Meta:
        model = HistoryPrompt
        fields = ("key", "template")
        widgets: ClassVar[dict[str, Any]] = {"template": forms.Textarea(attrs={"rows": 2})}


def row_range_problems(row: BackgroundRow) -> dict[str, str]:
    """The row's roll range checked against its table's dice and its other rows."""
    taken = row.table.rows.exclude(pk=row.pk).values_list("low", "high")
    return range_problems(dice=row.table.dice, low=row.low, high=row.high, taken=taken)


class BackgroundRowForm(forms.ModelForm):
    """One row of a table; its instance carries the table, so the range is checked there."""

    class Meta:
        model = BackgroundRow
        fields = ("low", "high", "result", "credits", "assets", "debts")
        widgets: ClassVar[dict[str, Any]] = {
            "result": forms.Textarea(attrs={"rows": 1}),
            "assets": forms.Textarea(attrs={"rows": 1}),
            "debts": forms.Textarea(attrs={"rows": 1}),
        }

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        low, high = cleaned.get("low"), cleaned.get("high")
        if low is not None and high is not None and self.instance.table_id is not None:
            probe = BackgroundRow(
                pk=self.instance.pk, table=self.instance.table, low=low, high=high
            )
            for field, problem in row_range_problems(probe).items():
                self.add_error(field, problem)
        return cleaned


# No "sort order" to type: a new row goes last, and Up/Down move a row (content.py).
EquipmentFormSet = forms.modelformset_factory(
    EquipmentItem, form=EquipmentForm, extra=1, can_delete=True
)
BackgroundTableFormSet = forms.modelformset_factory(
    BackgroundTable, form=BackgroundTableForm, extra=1, can_delete=True
)
BackgroundRowFormSet = forms.inlineformset_factory(
    BackgroundTable,
    BackgroundRow,
    fields=("low", "high", "result", "credits", "assets", "debts"),
    widgets={
        "result": forms.Textarea(attrs={"rows": 1}),
        "assets": forms.Textarea(attrs={"rows": 1}),
        "debts": forms.Textarea(attrs={"rows": 1}),
    },
    extra=1,
    can_delete=True,
)
# Rows are listed by their roll range: nothing to order.
BackgroundRowAddFormSet = forms.modelformset_factory(
    BackgroundRow, form=BackgroundRowForm, extra=1, can_delete=False
)
HistoryPromptFormSet = forms.modelformset_factory(
    HistoryPrompt, form=HistoryPromptForm, extra=1, can_delete=True
)
