"""Drifting's content on the GM's desk: the campaign's lifepath drafts, a row at a time.

The desk's row editor (chargen/desk/content_*.py) writes and edits drafts through this
kind like any game's rows; it never publishes. Publishing, which checks the campaign's
whole set of lifepaths and writes a version characters can pin, stays on the campaign's
lifepaths page (chargen/drifting/views_lifepaths.py), where the checks' reasons are
drawn at each field. A draft is named by its id, since two drafts may share a name
until one of them is published.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from django import forms
from django.db.models import QuerySet

from chargen.campaigns.models import Campaign
from chargen.core.systems import ContentLine, DeskContent
from chargen.desk.content_kinds import ModelContentKind
from chargen.drifting.lifepath_draft_form import GRANTS_HELP, grants_text, read_grant_line
from chargen.drifting.lifepath_drafts import grant_lines, grants_json
from chargen.drifting.models import Lifepath, LifepathDraft
from chargen.drifting.offered import withdrawn_in


class LifepathDraftRowForm(forms.ModelForm):
    """A draft as one row: grants one per line, the lifepaths before it one name a line."""

    grants = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 2}), required=False, help_text=GRANTS_HELP
    )
    requires = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 1}),
        required=False,
        label="Comes after one of",
        help_text="Lifepath names, one a line; none: it may come first.",
    )

    class Meta:
        model = LifepathDraft
        fields = ("name", "region", "description")
        widgets: ClassVar[dict[str, Any]] = {"description": forms.Textarea(attrs={"rows": 1})}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:
            self.initial.setdefault("grants", grants_text(grant_lines(self.instance.grants)))
            self.initial.setdefault("requires", "\n".join(map(str, self.instance.requires)))

    def clean_grants(self) -> list[dict[str, Any]]:
        lines = [line for line in self.cleaned_data["grants"].splitlines() if line.strip()]
        return grants_json(read_grant_line(line) for line in lines)

    def clean_requires(self) -> list[str]:
        return [line.strip() for line in self.cleaned_data["requires"].splitlines() if line.strip()]

    def save(self, commit: bool = True) -> LifepathDraft:
        self.instance.grants = self.cleaned_data["grants"]
        self.instance.requires = self.cleaned_data["requires"]
        draft: LifepathDraft = super().save(commit)
        return draft


LifepathDraftFormSet = forms.modelformset_factory(
    LifepathDraft, form=LifepathDraftRowForm, extra=1, can_delete=True
)


@dataclass(frozen=True, kw_only=True)
class LifepathDraftsKind(ModelContentKind):
    def defaults(self) -> QuerySet[Any]:
        # A draft overrides nothing: the book's lifepaths are copied on the lifepaths page.
        return LifepathDraft.objects.none()

    def label_of(self, row: Any) -> str:
        return str(row.name)

    def summary(self, campaign: Campaign) -> Sequence[ContentLine]:
        withdrawn = set(withdrawn_in(campaign).values_list("lifepath_id", flat=True))
        published = [
            ContentLine(
                f"{lifepath.name} (homebrew v{lifepath.version}, "
                f"{'withdrawn' if lifepath.pk in withdrawn else 'published'})",
                own=True,
            )
            for lifepath in Lifepath.objects.filter(campaign=campaign, restored_for_import=False)
        ]
        waiting = [
            ContentLine(f"{draft.name} (draft)", own=True)
            for draft in LifepathDraft.objects.filter(campaign=campaign)
        ]
        return [*published, *waiting]


LIFEPATH_DRAFTS = LifepathDraftsKind(
    slug="lifepaths",
    title="Lifepath drafts",
    noun="a lifepath draft",
    help="Drafts are yours alone. Publish them on the campaign's lifepaths page, which "
    "checks the campaign's whole set first and says what is wrong where.",
    model=LifepathDraft,
    form_class=LifepathDraftRowForm,
    formset_class=LifepathDraftFormSet,
    key="id",
    columns=("name", "region"),
    ordered=False,
)


def drifting_content() -> DeskContent:
    return DeskContent(
        kinds=(LIFEPATH_DRAFTS,),
        intro="Your campaign's own lifepaths are written as drafts, here or on the "
        "campaign's lifepaths page, and published there as versions: characters keep the "
        "version they were built under.",
    )
