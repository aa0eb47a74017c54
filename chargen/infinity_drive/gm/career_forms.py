"""The GM's form for one homebrew career, written in the book's own notation.

A table is eleven lines, one per 2d6 result ("2: Drive", "4: +1 Grc",
"7: Knowledge(Underworld)"); specialisations are "1: Runner" lines; a new skill is
"Hacking | Int: 8" (add "| specialties: Locks, Safes" when it takes a specialty). The
form reads the lines into a `CareerDraft`; what the rules find wrong
(`career_problems`) is then put back at the field it concerns.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django import forms

from rules.infinity_drive.homebrew_careers import (
    SURVIVAL_FAILURE_CHOICES,
    CareerDraft,
    RowDraft,
    SkillDraft,
    TableDraft,
    survival_failure_problem,
)
from rules.infinity_drive.rulebook import LearnerType, Learning

_NUMBERED = re.compile(r"^\s*(\d+)\s*[:.]\s*(.*?)\s*$")
_RAISE = re.compile(r"^\+\s*(\d+)\s+([A-Za-z]+)$")
_SPECIALTY = re.compile(r"^(.*?)\s*\(\s*(.+?)\s*\)$")
SIDES = (Learning.ACTION, Learning.ACADEMIC)


def table_field(index: int) -> str:
    return f"table_{index}"


def wanted_tables(draft: CareerDraft) -> list[tuple[str | None, Learning]]:
    """Planetside's two tables, then each specialisation's, action first."""
    return [(None, side) for side in SIDES] + [
        (name, side) for name in draft.specialisation_names for side in SIDES
    ]


def _lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


def _numbered(text: str, what: str) -> list[tuple[int, str]]:
    found = []
    for line in _lines(text):
        match = _NUMBERED.match(line)
        if match is None:
            raise forms.ValidationError(f"“{line.strip()}”: write {what} as “2: Drive”.")
        found.append((int(match.group(1)), match.group(2)))
    return found


def row_from_text(roll: int, entry: str) -> RowDraft:
    raised = _RAISE.match(entry)
    if raised:
        return RowDraft(roll, characteristic=raised.group(2), amount=int(raised.group(1)))
    special = _SPECIALTY.match(entry)
    if special:
        return RowDraft(roll, skill=special.group(1), specialty=special.group(2))
    return RowDraft(roll, skill=entry)


def row_text(row: RowDraft) -> str:
    if row.characteristic:
        return f"{row.roll}: +{row.amount} {row.characteristic}"
    return (
        f"{row.roll}: {row.skill}({row.specialty})" if row.specialty else f"{row.roll}: {row.skill}"
    )


def skill_text(skill: SkillDraft) -> str:
    line = f"{skill.name} | {skill.prerequisite_text}"
    if skill.specialty_required:
        line += f" | specialties: {', '.join(skill.specialties)}"
    return line


class CareerForm(forms.Form):
    """One career's draft; built with the draft it edits, which sets its table fields."""

    name = forms.CharField(max_length=120)
    description = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}))
    specialisations = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text="One line per 1d6 result: “1: Runner”. A specialisation may take several.",
    )
    survival_action = forms.IntegerField(label="Survival target (action learners)")
    survival_academic = forms.IntegerField(label="Survival target (academic learners)")
    survival_balanced = forms.IntegerField(label="Survival target (balanced learners)")
    # A select, but checked by the rules (clean_survival_failure) so a value no option
    # offers is refused at the field in the rules' words.
    survival_failure = forms.CharField(
        required=False,
        label="A failed survival roll",
        widget=forms.Select(choices=list(SURVIVAL_FAILURE_CHOICES.items())),
        help_text="The book's careers all follow the campaign's house rule (death, a setback, "
        "or the player's choice); this career may name its own.",
    )
    skills = forms.CharField(
        required=False,
        label="New skills",
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="Skills the book lacks, one a line: “Hacking | Int: 8”, the prerequisite in "
        "the book's notation; add “| specialties: Locks, Safes” for a skill with specialties.",
    )

    def __init__(self, *args: Any, draft: CareerDraft, **kwargs: Any) -> None:
        kwargs.setdefault("initial", initial_for(draft))
        super().__init__(*args, **kwargs)
        self.draft = draft
        self.tables = wanted_tables(draft)
        for index, (specialisation, side) in enumerate(self.tables):
            whose = specialisation or "Planetside"
            self.fields[table_field(index)] = forms.CharField(
                required=False,
                label=f"{whose}: {side.value} table",
                widget=forms.Textarea(attrs={"rows": 11}),
                help_text="One line per 2d6 result, 2 to 12: “2: Drive”, “4: +1 Grc”, "
                "“7: Knowledge(Underworld)”.",
            )

    def clean_specialisations(self) -> list[tuple[int, str]]:
        return _numbered(self.cleaned_data["specialisations"], "each specialisation")

    def clean_survival_failure(self) -> str:
        # A form sent without the field (a page loaded before it existed) keeps the
        # draft's outcome rather than changing it.
        outcome = str(self.cleaned_data["survival_failure"]) or self.draft.survival_failure
        problem = survival_failure_problem(outcome)
        if problem:
            raise forms.ValidationError(problem)
        return outcome

    def clean_skills(self) -> list[SkillDraft]:
        skills = []
        for line in _lines(self.cleaned_data["skills"]):
            parts = [part.strip() for part in line.split("|")]
            if len(parts) < 2 or len(parts) > 3:
                raise forms.ValidationError(
                    f"“{line.strip()}”: write a skill as “Hacking | Int: 8”."
                )
            specialties: tuple[str, ...] = ()
            if len(parts) == 3:
                label, _, names = parts[2].partition(":")
                if label.strip().casefold() != "specialties":
                    raise forms.ValidationError(
                        f"“{line.strip()}”: the third part is “specialties: …”."
                    )
                specialties = tuple(name.strip() for name in names.split(",") if name.strip())
            skills.append(
                SkillDraft(
                    parts[0],
                    prerequisite_text=parts[1] or "None",
                    specialty_required=len(parts) == 3,
                    specialties=specialties,
                )
            )
        return skills

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        for index in range(len(self.tables)):
            name = table_field(index)
            if name in cleaned:
                try:
                    cleaned[name] = _numbered(cleaned[name], "each row")
                except forms.ValidationError as error:
                    self.add_error(name, error)
        return cleaned

    def career(self) -> CareerDraft:
        """The draft as typed (the form must be valid)."""
        data = self.cleaned_data
        tables = tuple(
            TableDraft(
                specialisation,
                side,
                tuple(row_from_text(roll, entry) for roll, entry in data[table_field(index)]),
            )
            for index, (specialisation, side) in enumerate(self.tables)
        )
        return CareerDraft(
            name=data["name"].strip(),
            description=data["description"],
            specialisations=tuple(data["specialisations"]),
            survival={
                LearnerType.ACTION: data["survival_action"],
                LearnerType.ACADEMIC: data["survival_academic"],
                LearnerType.BALANCED: data["survival_balanced"],
            },
            skills=tuple(data["skills"]),
            tables=tables,
            survival_failure=data["survival_failure"],
        )

    def show_problems(self, problems: Mapping[str, list[str]], career: CareerDraft) -> None:
        """Put each of the rules' problems at the field it concerns (above the form when
        it concerns the career's tables as a whole)."""
        for where, messages in problems.items():
            parts = where.split(".")
            field: str | None = None
            prefix = ""
            if parts[0] in ("name", "specialisations", "survival_failure"):
                field = parts[0]
            elif parts[0] == "survival":
                field = f"survival_{parts[1]}"
            elif parts[0] == "skills":
                field = "skills"
                prefix = f"{career.skills[int(parts[1])].name or 'A new skill'}: "
            elif parts[0] == "tables" and len(parts) > 1:
                table = career.tables[int(parts[1])]
                key = (table.specialisation, table.learning)
                if key in self.tables:
                    field = table_field(self.tables.index(key))
                if len(parts) > 3:
                    prefix = f"Roll {table.rows[int(parts[3])].roll}: "
            for message in messages:
                self.add_error(field, f"{prefix}{message}")


def initial_for(draft: CareerDraft) -> dict[str, Any]:
    initial: dict[str, Any] = {
        "name": draft.name,
        "description": draft.description,
        "specialisations": "\n".join(f"{roll}: {name}" for roll, name in draft.specialisations),
        "skills": "\n".join(skill_text(skill) for skill in draft.skills),
        "survival_failure": draft.survival_failure,
    }
    for learner in LearnerType:
        initial[f"survival_{learner.value}"] = draft.survival.get(learner)
    tables = {(table.specialisation, table.learning): table for table in draft.tables}
    for index, key in enumerate(wanted_tables(draft)):
        table = tables.get(key)
        initial[table_field(index)] = (
            "\n".join(row_text(row) for row in table.rows) if table is not None else ""
        )
    return initial
