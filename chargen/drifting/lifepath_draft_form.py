"""The GM's form for a lifepath draft: its name, where it is led, the lifepaths that may
come before it, and the tokens it grants, one per line.

The form reads only the shape of what is written (a grant line is "kind: name" with an
optional ×n); whether the lifepath fits the campaign's set is the rules' checks
(rules.drifting.lifepath_checks), whose problems `show_problems` puts at their field.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django import forms
from django.http import QueryDict

from chargen.core.form_fields import choice_field
from chargen.drifting.lifepath_drafts import DraftFields
from rules import drifting as rules

GRANTS_HELP = (
    "One token per line: background: Military, focus: Firearms, reputation: Exile. Add ×2 "
    f"(or x2) for two; at most {rules.MAX_TOKENS_PER_GRANT} of a type and "
    f"{rules.MAX_TOKENS_PER_LIFEPATH} in all."
)
FIELD_OF_PROBLEM = {"name": "name", "requires": "requires", "grants": "grants"}


def grants_text(grants: Iterable[rules.GrantLine]) -> str:
    """Grants as the form writes them, one per line."""
    return "\n".join(
        f"{grant.kind}: {grant.name}" + (f" ×{grant.count}" if grant.count != 1 else "")
        for grant in grants
    )


def read_grant_line(line: str) -> rules.GrantLine:
    """ "focus: Firearms ×2" as a grant; the kind is left as written for the checks."""
    kind, colon, rest = line.partition(":")
    name, count = rest.strip(), 1
    for mark in ("×", "x", "X"):
        head, sep, tail = name.rpartition(mark)
        if sep and tail.strip().isdigit() and head.strip():
            name, count = head.strip(), int(tail)
            break
    if not colon or not kind.strip() or not name:
        raise forms.ValidationError(f"“{line.strip()}” should read like “focus: Firearms”.")
    return rules.GrantLine(kind=kind.strip().lower(), name=name, count=count)


class LifepathDraftForm(forms.Form):
    name = forms.CharField(max_length=80)
    region = forms.CharField(max_length=80, required=False, label="Where in the Tigris system")
    description = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), required=False)
    requires = forms.MultipleChoiceField(
        choices=(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Comes after one of",
        help_text="None ticked: it may be the first lifepath of a life.",
    )
    grants = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}), required=False, help_text=GRANTS_HELP
    )

    def __init__(self, *args: Any, lifepath_names: Sequence[str] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # A name kept by the draft that is no lifepath any more stays ticked, so the
        # checks can say so at the field instead of the form dropping it unseen.
        names = list(dict.fromkeys([*lifepath_names, *self.kept_requires()]))
        choice_field(self, "requires").choices = [(name, name) for name in names]

    def kept_requires(self) -> list[str]:
        if isinstance(self.data, QueryDict):
            return [str(name) for name in self.data.getlist("requires")]
        return [str(name) for name in self.initial.get("requires", [])]

    def clean_grants(self) -> tuple[rules.GrantLine, ...]:
        lines = [line for line in self.cleaned_data["grants"].splitlines() if line.strip()]
        return tuple(read_grant_line(line) for line in lines)

    def draft_fields(self) -> DraftFields:
        data = self.cleaned_data
        return DraftFields(
            name=data["name"].strip(),
            region=data["region"].strip(),
            description=data["description"].strip(),
            requires=tuple(data["requires"]),
            grants=data["grants"],
        )

    def show_problems(self, problems: Iterable[rules.LifepathProblem], *, name: str) -> list[str]:
        """Put each problem of the lifepath called `name` at its field; return the rest
        (problems of other lifepaths or of the whole set) for the top of the page."""
        elsewhere = []
        for problem in problems:
            field = FIELD_OF_PROBLEM.get(problem.field)
            if problem.lifepath == name and field is not None:
                self.add_error(field, problem.message)
            elif problem.lifepath == name:
                self.add_error(None, problem.message)
            else:
                elsewhere.append(
                    f"{problem.lifepath}: {problem.message}"
                    if problem.lifepath
                    else problem.message
                )
        return elsewhere
