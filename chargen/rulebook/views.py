"""The read-only rules reference: the Infinity Drive data as new characters get it now,
with the version of that data (characters keep the version they were started with).

`?version=<hash>` shows an earlier version instead: the wizard links each step to the
version its character is built under."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from chargen.core.ruledata import versions_without_data
from chargen.rulebook.services import (
    RULESET,
    RuleDataMissing,
    current_rulebook_version,
    rulebook_for_version,
)
from rules.infinity_drive.rulebook import CareerTable, Rulebook


@dataclass(frozen=True)
class SpecialisationTables:
    die_roll: int | None  # None: the career's Planetside tables
    name: str
    tables: tuple[CareerTable, ...]


@dataclass(frozen=True)
class CareerSection:
    name: str
    groups: tuple[SpecialisationTables, ...]


def _career_sections(rulebook: Rulebook) -> tuple[CareerSection, ...]:
    """Each career's specialisations in die order, then its Planetside pair."""
    sections = []
    for career in rulebook.careers:
        groups = [
            SpecialisationTables(
                die_roll=die_roll,
                name=name,
                tables=rulebook.specialisation_tables(career, name),
            )
            for die_roll, name in sorted(rulebook.specialisations[career].items())
        ]
        groups.append(
            SpecialisationTables(
                die_roll=None, name="Planetside", tables=rulebook.planetside_tables(career)
            )
        )
        sections.append(CareerSection(name=career, groups=tuple(groups)))
    return tuple(sections)


@login_required
@require_GET
def reference(request: HttpRequest) -> HttpResponse:
    current = current_rulebook_version()
    digest = request.GET.get("version") or current
    version = versions_without_data({digest}).get(digest)
    if digest != current and (version is None or version.ruleset != RULESET):
        raise Http404("No such version of the Infinity Drive rule data.")
    try:
        rulebook = rulebook_for_version(digest)
    except RuleDataMissing as error:
        return render(request, "rulebook/reference.html", {"missing": str(error)}, status=503)
    context = {
        "rulebook": rulebook,
        "careers": _career_sections(rulebook),
        "version": version,
        "is_current": digest == current,
    }
    return render(request, "rulebook/reference.html", context)
