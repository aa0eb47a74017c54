"""Infinity Drive's homebrew careers as a kind of content on the desk, edited a row at a time.

The desk's row editor (chargen/desk/content_*.py) lists the campaign's careers, adds a
blank one by its name, renames one, edits a draft's parts in the book's notation (the
career page's own form, career_forms.CareerForm, over the career's row) and deletes a
draft never published. A published career stays: new characters of the campaign can
take it. The odds preview, the autopilot's trial and publishing stay on the career's own
page (career_views.py), which each row links to.

A save here is refused when the rules (rules.infinity_drive.homebrew_careers, through
chargen.rulebook.homebrew.career_checks) find fault with a part it changes, each reason
at that part's field, and then nothing is saved. What the draft still lacks elsewhere
(the tables of a specialisation just added) does not stop a save: a draft may be
unfinished, and its own page lists every problem and publishes nothing until they are
mended.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from django import forms
from django.db.models import Prefetch, QuerySet
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.core.systems import ContentLine, ContentLink
from chargen.desk.content_kinds import ModelContentKind
from chargen.infinity_drive.gm.career_forms import CareerForm, row_text, skill_text
from chargen.rulebook import homebrew
from chargen.rulebook.models import HomebrewCareer, HomebrewCareerVersion
from rules.infinity_drive.homebrew_careers import CareerDraft, career_from_json, career_to_json
from rules.infinity_drive.rulebook import LearnerType

# The parts of a career whose fields career_problems numbers: "tables.2.rows.5" is a
# problem of the part "tables.2", "survival.action" of its own part.
NUMBERED_PARTS = ("survival", "tables")
# Compared more finely than their JSON: each survival target and each table on its own,
# and the new skills as the form writes them (it keeps no skill's description).
COMPARED_FINELY = ("skills", "survival", "tables")


def part_of(field: str) -> str:
    """The part of the career a problem's field belongs to ("skills.1.name": "skills")."""
    head, _, rest = field.partition(".")
    if head in NUMBERED_PARTS and rest:
        return f"{head}.{rest.split('.')[0]}"
    return head


def changed_parts(before: CareerDraft, after: CareerDraft) -> set[str]:
    """The parts of the career that `after` changes, named as `part_of` names them.

    Every part of the career's JSON is compared (so one the form gains is covered too),
    the finer ones as the form writes them (a table's rows, a skill's line): a draft read
    back unchanged changes nothing, and a table `before` lacks counts as an empty one."""
    written, typed = career_to_json(before), career_to_json(after)
    parts = {
        key
        for key in written.keys() | typed.keys()
        if key not in COMPARED_FINELY and written.get(key) != typed.get(key)
    }
    if [skill_text(skill) for skill in before.skills] != [
        skill_text(skill) for skill in after.skills
    ]:
        parts.add("skills")
    for learner in LearnerType:
        if before.survival.get(learner) != after.survival.get(learner):
            parts.add(f"survival.{learner.value}")
    tables_before = {
        (table.specialisation, table.learning): [row_text(row) for row in table.rows]
        for table in before.tables
    }
    for index, table in enumerate(after.tables):
        rows = [row_text(row) for row in table.rows]
        if tables_before.get((table.specialisation, table.learning), []) != rows:
            parts.add(f"tables.{index}")
    return parts


class CareerRowForm(CareerForm, forms.ModelForm):
    """One career's draft as a row of the desk: the career page's form over the career's
    row (whose name it keeps), refused where the rules find fault with what it changes."""

    class Meta:
        model = HomebrewCareer
        fields = ("name",)

    def __init__(self, data: Any = None, *, instance: HomebrewCareer, **kwargs: Any) -> None:
        super().__init__(data, instance=instance, draft=career_from_json(instance.draft), **kwargs)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if not self.errors:
            career = self.career()
            changed = changed_parts(self.draft, career)
            problems = homebrew.career_checks(self.instance, career)
            self.show_problems(
                {field: found for field, found in problems.items() if part_of(field) in changed},
                career,
            )
        return cleaned

    def save(self, commit: bool = True) -> HomebrewCareer:
        self.instance.draft = career_to_json(self.career())
        saved: HomebrewCareer = super().save(commit)
        return saved


class CareerAddForm(forms.ModelForm):
    """A new career by its name alone; the rest is written in its row or on its page."""

    class Meta:
        model = HomebrewCareer
        fields = ("name",)
        help_texts: ClassVar[dict[str, str]] = {
            "name": "It starts blank: write its specialisations, tables and survival "
            "targets in its row once it is added."
        }

    def clean_name(self) -> str:
        name = str(self.cleaned_data["name"]).strip()
        problems = homebrew.career_checks(self.instance, homebrew.blank_career(name))
        if problems.get("name"):
            raise forms.ValidationError(problems["name"])
        return name

    def save(self, commit: bool = True) -> HomebrewCareer:
        self.instance.draft = career_to_json(homebrew.blank_career(self.cleaned_data["name"]))
        saved: HomebrewCareer = super().save(commit)
        return saved


CareerAddFormSet = forms.modelformset_factory(
    HomebrewCareer, form=CareerAddForm, extra=1, can_delete=False
)


def latest_version(career: HomebrewCareer) -> HomebrewCareerVersion | None:
    """The career's newest published version (from the versions `CareersKind.own` reads)."""
    return next(iter(career.versions.all()), None)


def has_unpublished_changes(career: HomebrewCareer) -> bool:
    """Whether the draft says anything its newest published version does not. Both are
    compared as the rules read them, without the version's mark of its own publication
    (no draft has one): a field an older version lacks reads as its default there, as it
    does when a character replays it."""
    latest = latest_version(career)
    if latest is None:
        return True
    draft, published = career_from_json(career.draft), career_from_json(latest.data)
    return replace(draft, publication=None) != replace(published, publication=None)


@dataclass(frozen=True, kw_only=True)
class CareersKind(ModelContentKind):
    """The campaign's careers, by id (a rename keeps the row); none are defaults."""

    @property
    def headers(self) -> tuple[str, ...]:
        return ("Name", "Published", "Unpublished changes")

    def own(self, campaign: Campaign) -> QuerySet[Any]:
        newest_first = HomebrewCareerVersion.objects.order_by("-number")
        return HomebrewCareer.objects.filter(campaign=campaign).prefetch_related(
            Prefetch("versions", queryset=newest_first)
        )

    def defaults(self) -> QuerySet[Any]:
        return HomebrewCareer.objects.none()

    def label_of(self, row: Any) -> str:
        return str(row.name)

    def cells(self, row: Any) -> tuple[str, ...]:
        latest = latest_version(row)
        published = "draft" if latest is None else f"version {latest.number}"
        return (row.name, published, "yes" if has_unpublished_changes(row) else "no")

    def row_links(self, campaign: Campaign, row: Any) -> Sequence[ContentLink]:
        url = reverse("desk:career", args=[campaign.id, row.pk])
        return (ContentLink("Odds, trial and publishing", url),)

    def delete_refusal(self, row: Any) -> str:
        latest = latest_version(row)
        if latest is None:
            return ""
        return (
            f"Published as version {latest.number}, so the campaign's new characters can "
            "take it: it is not deleted here. Its own page takes it out of the campaign."
        )

    def summary(self, campaign: Campaign) -> Sequence[ContentLine]:
        lines = []
        for career in self.own(campaign):
            latest = latest_version(career)
            if latest is None:
                state = "draft"
            elif has_unpublished_changes(career):
                state = f"version {latest.number}, unpublished changes"
            else:
                state = f"version {latest.number}"
            lines.append(ContentLine(f"{career.name} ({state})", own=True))
        return lines


CAREERS = CareersKind(
    slug="careers",
    title="Careers",
    noun="a career",
    help="A career is a draft until you publish it on its own page, which shows its odds "
    "and an autopilot's trial first; a save here is refused where the rules find fault "
    "with what it changes. A published career is not deleted here.",
    model=HomebrewCareer,
    form_class=CareerRowForm,
    formset_class=CareerAddFormSet,
    key="id",
    columns=("name", "published", "changes"),
    ordered=False,
)
