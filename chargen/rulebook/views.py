"""The read-only rules reference: the Infinity Drive data as the app uses it now."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from chargen.rulebook.services import RuleDataMissing, rulebook_load
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
    try:
        rulebook = rulebook_load()
    except RuleDataMissing as error:
        return render(request, "rulebook/reference.html", {"missing": str(error)}, status=503)
    context = {"rulebook": rulebook, "careers": _career_sections(rulebook)}
    return render(request, "rulebook/reference.html", context)
