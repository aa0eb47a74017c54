"""The read-only rules reference: the Infinity Drive data as new characters get it now,
with the version of that data (characters keep the version they were started with)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from chargen.core.ruledata import versions_without_data
from chargen.rulebook.services import (
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
    digest = current_rulebook_version()
    try:
        rulebook = rulebook_for_version(digest)
    except RuleDataMissing as error:
        return render(request, "rulebook/reference.html", {"missing": str(error)}, status=503)
    context = {
        "rulebook": rulebook,
        "careers": _career_sections(rulebook),
        "version": versions_without_data({digest})[digest],
    }
    return render(request, "rulebook/reference.html", context)
