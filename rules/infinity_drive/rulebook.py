"""The Infinity Drive rule data as plain values, and the one way to build it.

The data's home is the database (loaded from `fixtures/infinity_drive.json`, edited
in the admin). Both the fixture file and the database speak Django's serialised
form — a list of ``{"model": "rulebook.skill", "pk": 1, "fields": {...}}`` records —
so `rulebook_from_records` is the single converter: `load_book()` feeds it the JSON
file (for a GM using rules/ alone, the tests and the benchmarks) and the Django
service feeds it `serializers.serialize("python", ...)` of the live tables.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from rules.dice import DiceSpec
from rules.errors import RulesError
from rules.infinity_drive.house_rules import SurvivalFailure
from rules.inputs import instance, mapping, one_of, optional_text, optional_whole, text, whole

__all__ = [
    "BOOK_FIXTURE",
    "CareerTable",
    "GradeBand",
    "LearnerType",
    "Learning",
    "ModifierBand",
    "PublishedCareer",
    "Rulebook",
    "SkillDefinition",
    "TableEntry",
    "load_book",
    "rulebook_from_records",
]

BOOK_FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "infinity_drive.json"


class Learning(StrEnum):
    """Which side of the tables a career table is on."""

    ACTION = "action"
    ACADEMIC = "academic"


class LearnerType(StrEnum):
    ACTION = "action"
    ACADEMIC = "academic"
    # "if both are equal then you have no restrictions on how you roll your skills"
    BALANCED = "balanced"


@dataclass(frozen=True)
class SkillDefinition:
    name: str
    description: str = ""
    prerequisite_text: str = "None"
    free_at_rank_zero: bool = False
    specialty_required: bool = False
    specialties: tuple[str, ...] = ()
    # Navigation and Psychic name every specialty there is; Knowledge, Pilot and
    # Weapon only give examples and let the player (with the GM) invent one.
    specialties_closed: bool = False
    added_by_ruling: bool = False


@dataclass(frozen=True)
class TableEntry:
    """One career-table row: a skill (maybe with a named specialty) or +N to a characteristic."""

    roll: int
    book_text: str
    skill: str | None = None
    specialty: str = ""
    characteristic: str | None = None
    amount: int = 0

    def __post_init__(self) -> None:
        whole(self.roll, "A table row's roll")
        text(self.book_text, "A table row's text")
        optional_text(self.skill, "A table row's skill")
        text(self.specialty, "A table row's specialty")
        optional_text(self.characteristic, "A table row's characteristic")
        whole(self.amount, "A table row's amount")

    @property
    def is_characteristic(self) -> bool:
        return self.characteristic is not None

    @property
    def label(self) -> str:
        """The entry as a player reads it: the skill's own name with its specialty in the
        sheet's form ("Knowledge (Underworld)", where the book prints "Knowledge(Underworld)");
        a characteristic entry as the book prints it ("+1 Mus")."""
        if self.skill is None:
            return self.book_text
        return f"{self.skill} ({self.specialty})" if self.specialty else self.skill


@dataclass(frozen=True)
class CareerTable:
    slug: str
    name: str
    career: str
    specialisation: str | None  # None: the career's Planetside table
    learning: Learning
    entries: tuple[TableEntry, ...]

    @property
    def is_planetside(self) -> bool:
        return self.specialisation is None

    def entry(self, roll: int) -> TableEntry:
        whole(roll, "A roll")
        for candidate in self.entries:
            if candidate.roll == roll:
                return candidate
        raise RulesError(f"The {self.name} has no entry for a roll of {roll}.")


@dataclass(frozen=True)
class ModifierBand:
    low: int
    high: int | None  # None: open-ended
    modifier: int

    def __post_init__(self) -> None:
        whole(self.low, "The low end of a modifier row")
        optional_whole(self.high, "The high end of a modifier row")
        whole(self.modifier, "A modifier")


@dataclass(frozen=True)
class GradeBand:
    name: str
    low_margin: int | None  # None: no lower bound
    high_margin: int | None  # None: no upper bound

    def __post_init__(self) -> None:
        text(self.name, "A grade's name")
        optional_whole(self.low_margin, "A grade's lowest margin")
        optional_whole(self.high_margin, "A grade's highest margin")


@dataclass(frozen=True)
class PublishedCareer:
    """Which of a campaign's careers, and which of its published versions, a homebrew
    career in the rule data is: written into the data when the GM publishes it, so a
    character's pinned data names the version it read."""

    career_id: str
    version: int

    def __post_init__(self) -> None:
        text(self.career_id, "A published career's id")
        whole(self.version, "A published career's version", minimum=1)


@dataclass(frozen=True)
class Rulebook:
    skills: Mapping[str, SkillDefinition]
    # career -> {1d6 roll: specialisation name}
    specialisations: Mapping[str, Mapping[int, str]]
    tables: tuple[CareerTable, ...]
    # (career, learner type) -> number the survival 2d6 must beat
    survival_targets: Mapping[tuple[str, LearnerType], int]
    characteristic_test_dice: Mapping[str, DiceSpec] = field(default_factory=dict)
    skill_check_dice: Mapping[str, DiceSpec] = field(default_factory=dict)
    modifier_bands: tuple[ModifierBand, ...] = ()
    grades: tuple[GradeBand, ...] = ()
    # career -> what a failed survival roll does in it, for a homebrew career whose GM
    # said; every other career follows the campaign's house rule, as the book's do.
    survival_failures: Mapping[str, SurvivalFailure] = field(default_factory=dict)
    # career -> the campaign's career and version it was published as (homebrew only;
    # none in data pinned before the versions were written into it).
    publications: Mapping[str, PublishedCareer] = field(default_factory=dict)

    @property
    def careers(self) -> tuple[str, ...]:
        return tuple(self.specialisations)

    def skill(self, name: str) -> SkillDefinition:
        text(name, "A skill")
        try:
            return self.skills[name]
        except KeyError:
            raise RulesError(f"There is no skill called “{name}”.") from None

    def table(self, slug: str) -> CareerTable:
        text(slug, "A career table")
        for candidate in self.tables:
            if candidate.slug == slug:
                return candidate
        raise RulesError(f"There is no career table “{slug}”.")

    def specialisation_tables(self, career: str, specialisation: str) -> tuple[CareerTable, ...]:
        """The specialisation's own two tables, academic first."""
        text(career, "A career")
        text(specialisation, "A specialisation")
        found = [
            table
            for table in self.tables
            if table.career == career and table.specialisation == specialisation
        ]
        if not found:
            raise RulesError(f"{career} has no specialisation called “{specialisation}”.")
        return tuple(sorted(found, key=lambda table: table.learning != Learning.ACADEMIC))

    def planetside_tables(self, career: str) -> tuple[CareerTable, ...]:
        """The career's two Planetside tables, academic first."""
        text(career, "A career")
        found = [table for table in self.tables if table.career == career and table.is_planetside]
        return tuple(sorted(found, key=lambda table: table.learning != Learning.ACADEMIC))

    def survival_target(self, career: str, learner_type: LearnerType) -> int:
        text(career, "A career")
        learner_type = one_of(learner_type, LearnerType, "a learner type")
        try:
            return self.survival_targets[(career, learner_type)]
        except KeyError:
            raise RulesError(f"No survival target is set for {career} {learner_type}.") from None


def _by_model(records: Iterable[Mapping[str, Any]]) -> dict[str, list[Mapping[str, Any]]]:
    grouped: dict[str, list[Mapping[str, Any]]] = {}
    for record in records:
        grouped.setdefault(record["model"], []).append(record)
    return grouped


def _ordered(records: list[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    return sorted(records, key=lambda record: (record["fields"].get("sort_order", 0), record["pk"]))


def rulebook_from_records(records: Iterable[Mapping[str, Any]]) -> Rulebook:
    """Build a Rulebook from Django-serialised records of the `rulebook` app's models.

    Records that are not the serialised form (a missing field, a word where a number
    belongs) are refused with a RulesError naming what could not be read.
    """
    try:
        return _rulebook(_checked_records(records))
    except RulesError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise RulesError(f"The rule data cannot be read ({error!r}).") from error


def _checked_records(records: object) -> list[Mapping[str, Any]]:
    """The records, each a mapping with a model name, a key and its fields."""
    if isinstance(records, str | bytes | Mapping) or not isinstance(records, Iterable):
        raise RulesError("The rule data must be a list of records.")
    checked: list[Mapping[str, Any]] = []
    for record in records:
        fields = mapping(record, "Each rule data record").get("fields")
        if not isinstance(record.get("model"), str) or "pk" not in record:
            raise RulesError("Each rule data record needs its model and its key.")
        mapping(fields, "A record's fields")
        checked.append(record)
    return checked


def _rulebook(records: list[Mapping[str, Any]]) -> Rulebook:
    grouped = _by_model(records)

    skill_names: dict[Any, str] = {}
    skills: dict[str, SkillDefinition] = {}
    for record in _ordered(grouped.get("rulebook.skill", [])):
        fields = record["fields"]
        skill_names[record["pk"]] = fields["name"]
        skills[fields["name"]] = SkillDefinition(
            name=fields["name"],
            description=fields.get("description", ""),
            prerequisite_text=fields.get("prerequisite_text", "None") or "None",
            free_at_rank_zero=bool(fields.get("free_at_rank_zero", False)),
            specialty_required=bool(fields.get("specialty_required", False)),
            specialties=tuple(fields.get("specialties") or ()),
            specialties_closed=bool(fields.get("specialties_closed", False)),
            added_by_ruling=bool(fields.get("added_by_ruling", False)),
        )

    career_names = {
        record["pk"]: record["fields"]["name"] for record in grouped.get("rulebook.career", [])
    }
    survival_failures: dict[str, SurvivalFailure] = {}
    publications: dict[str, PublishedCareer] = {}
    for record in grouped.get("rulebook.career", []):
        fields = record["fields"]
        if fields.get("survival_failure") is not None:
            survival_failures[fields["name"]] = one_of(
                fields["survival_failure"], SurvivalFailure, "an outcome of a failed survival roll"
            )
        if fields.get("homebrew") is not None:
            publications[fields["name"]] = PublishedCareer(
                career_id=fields["homebrew"]["id"], version=fields["homebrew"]["version"]
            )
    specialisation_names: dict[Any, str] = {}
    specialisations: dict[str, dict[int, str]] = {name: {} for name in career_names.values()}
    for record in grouped.get("rulebook.specialisation", []):
        fields = record["fields"]
        specialisation_names[record["pk"]] = fields["name"]
        specialisations[career_names[fields["career"]]][int(fields["die_roll"])] = fields["name"]

    rows_by_table: dict[Any, list[TableEntry]] = {}
    for record in grouped.get("rulebook.tablerow", []):
        fields = record["fields"]
        rows_by_table.setdefault(fields["table"], []).append(
            TableEntry(
                roll=int(fields["roll"]),
                book_text=fields["book_text"],
                skill=skill_names[fields["skill"]] if fields.get("skill") is not None else None,
                specialty=fields.get("specialty") or "",
                characteristic=fields.get("characteristic") or None,
                amount=int(fields.get("amount") or 0),
            )
        )

    tables = []
    for record in sorted(grouped.get("rulebook.careertable", []), key=lambda r: r["pk"]):
        fields = record["fields"]
        specialisation = fields.get("specialisation")
        tables.append(
            CareerTable(
                slug=fields["slug"],
                name=fields["name"],
                career=career_names[fields["career"]],
                specialisation=(
                    specialisation_names[specialisation] if specialisation is not None else None
                ),
                learning=Learning(fields["learning"]),
                entries=tuple(sorted(rows_by_table.get(record["pk"], []), key=lambda e: e.roll)),
            )
        )

    survival_targets = {
        (career_names[r["fields"]["career"]], LearnerType(r["fields"]["learner_type"])): int(
            r["fields"]["target"]
        )
        for r in grouped.get("rulebook.survivaltarget", [])
    }

    def dice_by_name(model: str) -> dict[str, DiceSpec]:
        return {
            r["fields"]["name"]: DiceSpec.parse(r["fields"]["dice"])
            for r in _ordered(grouped.get(model, []))
        }

    modifier_bands = tuple(
        ModifierBand(
            low=int(r["fields"]["low"]),
            high=None if r["fields"].get("high") is None else int(r["fields"]["high"]),
            modifier=int(r["fields"]["modifier"]),
        )
        for r in sorted(grouped.get("rulebook.modifierband", []), key=lambda r: r["fields"]["low"])
    )
    grades = tuple(
        GradeBand(
            name=r["fields"]["name"],
            low_margin=r["fields"].get("low_margin"),
            high_margin=r["fields"].get("high_margin"),
        )
        for r in _ordered(grouped.get("rulebook.gradeofsuccess", []))
    )

    return Rulebook(
        skills=skills,
        specialisations=specialisations,
        tables=tuple(tables),
        survival_targets=survival_targets,
        characteristic_test_dice=dice_by_name("rulebook.characteristictestdifficulty"),
        skill_check_dice=dice_by_name("rulebook.skillcheckdifficulty"),
        modifier_bands=modifier_bands,
        grades=grades,
        survival_failures=survival_failures,
        publications=publications,
    )


def load_book(path: Path = BOOK_FIXTURE) -> Rulebook:
    """The book's own rule data, read from the fixture file without Django."""
    if isinstance(path, str):
        path = Path(path)
    instance(path, Path, "the path of a rule data file")
    try:
        with path.open(encoding="utf-8") as handle:
            records = json.load(handle)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise RulesError(f"The rule data file {path} cannot be read ({error}).") from error
    return rulebook_from_records(records)
