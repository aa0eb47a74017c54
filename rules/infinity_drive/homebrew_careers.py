"""A GM's own career, checked as the rules check the book's, and turned into rule data.

A career as a GM writes it (`CareerDraft`) is plain data and may be broken: a 2d6
result with no row, a skill nobody defined. `career_problems` finds every fault and
says it at its field, in words a GM reads; a career without problems becomes rule data
records (`career_records`) in the very form the book's tables are stored in (Django's
serialised records of the `rulebook` app), so a character built under it replays, is
exported and is pinned exactly as one built under the book (`rulebook_from_records`).

Field names in the problems: "name", "specialisations", "survival.<learner type>",
"survival_failure", "skills.<i>.name", "skills.<i>.prerequisite_text", "tables.<i>" (the
table as a whole) and "tables.<i>.rows.<j>" (one row).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.errors import RulesError
from rules.infinity_drive.codes import CHARACTERISTICS
from rules.infinity_drive.house_rules import SurvivalFailure
from rules.infinity_drive.prerequisites import Prerequisite, PrerequisiteError, parse_prerequisite
from rules.infinity_drive.rulebook import (
    LearnerType,
    Learning,
    PublishedCareer,
    Rulebook,
    rulebook_from_records,
)
from rules.inputs import (
    flag,
    instance,
    listed,
    listed_instances,
    mapping,
    one_of,
    optional_instance,
    optional_text,
    text,
    texts,
    whole,
)

__all__ = [
    "FOLLOW_HOUSE_RULE",
    "SKILL_ROLLS",
    "SPECIALISATION_ROLLS",
    "SURVIVAL_FAILURE_CHOICES",
    "CareerDraft",
    "RowDraft",
    "SkillDraft",
    "TableDraft",
    "career_from_book",
    "career_from_json",
    "career_problems",
    "career_records",
    "career_to_json",
    "is_homebrew_career",
    "new_skills_defined_elsewhere",
    "rulebook_with_careers",
    "survival_failure_problem",
]

SKILL_ROLLS = tuple(range(2, 13))  # a career table is read on 2d6
SPECIALISATION_ROLLS = tuple(range(1, 7))  # the specialisation is rolled on 1d6
# Record keys for homebrew rows start here, far above the book's, so a homebrew record
# never takes a book record's key in the rule data it is added to.
HOMEBREW_KEYS = 1_000_000
# Every homebrew table's slug starts so: how a replay (here or on another server, from
# the rule data a character pinned) knows a career is homebrew without asking anyone.
HOMEBREW_SLUG_PREFIX = "homebrew-"
# What a failed survival roll does in the career. The book's careers all follow one rule
# ("they die … Alternatively … a setback"), which a campaign sets as its house rule; a
# homebrew career follows it too unless its GM names one of the book's outcomes for it
# (docs/rulings.md, "A failed survival roll, career by career"). A career saved before
# there was a choice reads as following the house rule, so no replay changes.
FOLLOW_HOUSE_RULE = "house_rule"
SURVIVAL_FAILURE_CHOICES: Mapping[str, str] = {
    FOLLOW_HOUSE_RULE: "As the book's careers: the campaign's house rule decides",
    SurvivalFailure.DEATH.value: "The character dies (the book's rule)",
    SurvivalFailure.SETBACK.value: (
        "A setback: one fewer skill roll and −1 to a characteristic (the book's alternative)"
    ),
    SurvivalFailure.PLAYER_CHOICE.value: "The player chooses death or a setback",
}
Problems = dict[str, list[str]]


@dataclass(frozen=True)
class RowDraft:
    """One row of a career table: a skill (maybe with a specialty) or +N to a characteristic."""

    roll: int
    skill: str = ""
    specialty: str = ""
    characteristic: str = ""
    amount: int = 0

    def __post_init__(self) -> None:
        # The shape only: what the values mean is career_problems' to say, at the field.
        whole(self.roll, "A row's roll")
        text(self.skill, "A row's skill")
        text(self.specialty, "A row's specialty")
        text(self.characteristic, "A row's characteristic")
        whole(self.amount, "A row's amount")

    @property
    def book_text(self) -> str:
        """The row as the book prints it: "+1 Mus", "Pilot", "Knowledge(Underworld)"."""
        if self.characteristic:
            return f"+{self.amount} {self.characteristic}"
        return f"{self.skill}({self.specialty})" if self.specialty else self.skill


@dataclass(frozen=True)
class TableDraft:
    specialisation: str | None  # None: the career's Planetside table
    learning: Learning
    rows: tuple[RowDraft, ...]

    def __post_init__(self) -> None:
        optional_text(self.specialisation, "A table's specialisation")
        one_of(self.learning, Learning, "a side of the tables")
        listed_instances(self.rows, RowDraft, "A table's rows", "a table row")

    def name(self, career: str) -> str:
        text(career, "A career")
        side = "Academic" if self.learning == Learning.ACADEMIC else "Action"
        where = self.specialisation or f"{career} Planetside"
        return f"{where} {side} Table"


@dataclass(frozen=True)
class SkillDraft:
    """A skill the book does not have, defined with the career."""

    name: str
    prerequisite_text: str = "None"
    description: str = ""
    specialty_required: bool = False
    specialties: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        text(self.name, "A skill's name")
        text(self.prerequisite_text, "A skill's prerequisite")
        text(self.description, "A skill's description")
        flag(self.specialty_required, "Whether the skill needs a specialty")
        texts(self.specialties, "The skill's specialties")


@dataclass(frozen=True)
class CareerDraft:
    name: str
    specialisations: tuple[tuple[int, str], ...]  # (1d6 roll, specialisation)
    tables: tuple[TableDraft, ...]
    survival: Mapping[LearnerType, int]
    skills: tuple[SkillDraft, ...] = ()
    description: str = ""
    # A key of SURVIVAL_FAILURE_CHOICES; anything else is a problem at its field.
    survival_failure: str = FOLLOW_HOUSE_RULE
    # Set on a published version only: which career and version of the campaign it is.
    publication: PublishedCareer | None = None

    def __post_init__(self) -> None:
        text(self.name, "A career's name")
        text(self.description, "A career's description")
        text(self.survival_failure, "What a failed survival roll does")
        optional_instance(self.publication, PublishedCareer, "a published career's mark")
        for pair in listed(self.specialisations, "The specialisations"):
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise RulesError("Each specialisation is a roll and a name.")
            whole(pair[0], "A specialisation's roll")
            text(pair[1], "A specialisation's name")
        listed_instances(self.tables, TableDraft, "The career's tables", "a career table")
        for learner, target in mapping(self.survival, "The survival targets").items():
            one_of(learner, LearnerType, "a learner type")
            whole(target, "A survival target")
        listed_instances(self.skills, SkillDraft, "The career's new skills", "a skill")

    @property
    def specialisation_names(self) -> tuple[str, ...]:
        """Each specialisation once, in the order of its first roll."""
        names: list[str] = []
        for _, name in sorted(self.specialisations):
            if name not in names:
                names.append(name)
        return tuple(names)


@dataclass
class _Found:
    problems: Problems = field(default_factory=dict)

    def add(self, where: str, problem: str) -> None:
        self.problems.setdefault(where, []).append(problem)


def _characteristic_named(code: str) -> str | None:
    folded = {known.casefold(): known for known in CHARACTERISTICS}
    return folded.get(code.strip().casefold())


def _never_met(prerequisite: Prerequisite, in_play: Sequence[str]) -> bool:
    """No character can ever meet it: every alternative asks for a characteristic that is
    not in play (a character has none of it) or contradicts itself.

    A value above a characteristic's maximum is not "never": characteristic rows and a
    history reason can take a character there (docs/rulings.md, "Homebrew careers")."""
    if prerequisite.is_none or prerequisite.for_further_levels:
        return False
    for alternative in prerequisite.alternatives:
        possible = True
        for requirement in alternative:
            if requirement.characteristic not in in_play:
                # Not in play: the character has 0, so only "below" something positive holds.
                possible = possible and requirement.below and requirement.value > 0
            elif requirement.below and requirement.value <= 0:
                possible = False
        if possible:
            return False
    return True


def career_problems(
    career: CareerDraft,
    rulebook: Rulebook,
    *,
    metaphysical_in_play: bool = True,
    other_careers: Iterable[str] = (),
) -> Problems:
    """Every fault of the career, by field; empty when it may be published.

    `rulebook` is the book the career joins (its skills are known); `other_careers` the
    names already taken in the campaign besides the book's."""
    instance(career, CareerDraft, "a career")
    instance(rulebook, Rulebook, "the rule book")
    flag(metaphysical_in_play, "Whether Metaphysical is in play")
    other_careers = texts(list(listed(other_careers, "The other careers")), "The other careers")
    found = _Found()
    in_play = tuple(code for code in CHARACTERISTICS if metaphysical_in_play or code != "Mtp")
    name = career.name.strip()
    if not name:
        found.add("name", "Give the career a name.")
    elif name.casefold() in {taken.casefold() for taken in (*rulebook.careers, *other_careers)}:
        found.add("name", f"There is already a career called “{name}”; choose another name.")

    _check_specialisations(career, found)
    skills = _check_skills(career, rulebook, found)
    _check_survival(career, found)
    problem = survival_failure_problem(career.survival_failure)
    if problem:
        found.add("survival_failure", problem)
    _check_tables(career, skills, in_play, found)
    return found.problems


def new_skills_defined_elsewhere(career: CareerDraft, others: Sequence[CareerDraft]) -> Problems:
    """The career's new skills that another of the campaign's careers already defines.

    A campaign's rule data holds one record per skill: a second definition, the same or
    not, cannot join it, so it is refused at the skill's name rather than leaving the
    whole career out of the campaign when it is published."""
    instance(career, CareerDraft, "a career")
    others = listed_instances(others, CareerDraft, "The other careers", "a career")
    defined = {
        skill.name.strip().casefold(): other.name.strip()
        for other in others
        for skill in other.skills
        if skill.name.strip()
    }
    found = _Found()
    for index, skill in enumerate(career.skills):
        owner = defined.get(skill.name.strip().casefold())
        if owner is not None:
            found.add(
                f"skills.{index}.name",
                f"The career “{owner}” already defines a skill called “{skill.name.strip()}”; "
                "a campaign defines each new skill once. Rename this one.",
            )
    return found.problems


def _check_specialisations(career: CareerDraft, found: _Found) -> None:
    rolls = [roll for roll, _ in career.specialisations]
    missing = [roll for roll in SPECIALISATION_ROLLS if roll not in rolls]
    twice = sorted({roll for roll in rolls if rolls.count(roll) > 1})
    outside = sorted({roll for roll in rolls if roll not in SPECIALISATION_ROLLS})
    if missing:
        found.add(
            "specialisations",
            f"No specialisation for a roll of {_listed(missing)}: the 1d6 must land on one.",
        )
    if twice:
        found.add("specialisations", f"A roll of {_listed(twice)} names two specialisations.")
    if outside:
        found.add("specialisations", f"1d6 never rolls {_listed(outside)}.")
    if any(not name.strip() for _, name in career.specialisations):
        found.add("specialisations", "Every specialisation needs a name.")


def _check_skills(career: CareerDraft, rulebook: Rulebook, found: _Found) -> dict[str, Any]:
    """The skills a row may name: the book's and the career's own, by folded name."""
    known: dict[str, Any] = {name.casefold(): skill for name, skill in rulebook.skills.items()}
    for index, skill in enumerate(career.skills):
        where = f"skills.{index}"
        name = skill.name.strip()
        if not name:
            found.add(f"{where}.name", "Give the new skill a name.")
            continue
        if name.casefold() in known:
            found.add(f"{where}.name", f"There is already a skill called “{name}”.")
            continue
        try:
            parse_prerequisite(skill.prerequisite_text)
        except PrerequisiteError as error:
            found.add(f"{where}.prerequisite_text", str(error))
        known[name.casefold()] = skill
    return known


def _check_survival(career: CareerDraft, found: _Found) -> None:
    survival = {LearnerType(learner): target for learner, target in career.survival.items()}
    for learner in LearnerType:
        target = survival.get(learner)
        where = f"survival.{learner.value}"
        if target is None:
            found.add(where, f"Set the survival target for {learner.value} learners.")
        elif not 1 <= target <= 11:
            found.add(
                where,
                f"A survival roll must beat the target on 2d6: {target} cannot be beaten"
                if target > 11
                else f"A target of {target} is below anything 2d6 can roll; use 1 to 11.",
            )


def survival_failure_problem(outcome: str) -> str:
    """Why `outcome` cannot be what a failed survival roll does in a career ("" if it can)."""
    text(outcome, "What a failed survival roll does")
    if outcome in SURVIVAL_FAILURE_CHOICES:
        return ""
    known = "; ".join(f"“{label}”" for label in SURVIVAL_FAILURE_CHOICES.values())
    return f"“{outcome}” is not something a failed survival roll can do. Choose one of: {known}."


def _check_tables(
    career: CareerDraft, skills: Mapping[str, Any], in_play: Sequence[str], found: _Found
) -> None:
    wanted = [(None, learning) for learning in Learning] + [
        (name, learning) for name in career.specialisation_names for learning in Learning
    ]
    have = [(table.specialisation, table.learning) for table in career.tables]
    for specialisation, learning in wanted:
        count = have.count((specialisation, learning))
        whose = specialisation or "Planetside"
        if count == 0:
            found.add("tables", f"{whose} has no {learning.value} table.")
        elif count > 1:
            found.add("tables", f"{whose} has two {learning.value} tables.")
    for index, table in enumerate(career.tables):
        where = f"tables.{index}"
        if (
            table.specialisation is not None
            and table.specialisation not in career.specialisation_names
        ):
            found.add(where, f"No specialisation is called “{table.specialisation}”.")
        rolls = [row.roll for row in table.rows]
        missing = [roll for roll in SKILL_ROLLS if roll not in rolls]
        twice = sorted({roll for roll in rolls if rolls.count(roll) > 1})
        outside = sorted({roll for roll in rolls if roll not in SKILL_ROLLS})
        if missing:
            found.add(
                where, f"No row for a roll of {_listed(missing)}: every 2d6 result needs one."
            )
        if twice:
            found.add(where, f"A roll of {_listed(twice)} has two rows: one row per result.")
        if outside:
            found.add(where, f"2d6 never rolls {_listed(outside)}.")
        usable = [
            _check_row(row, skills, in_play, found, f"{where}.rows.{position}")
            for position, row in enumerate(table.rows)
        ]
        if table.rows and not any(usable):
            found.add(
                where,
                "No character could ever use this table: every row names a characteristic "
                "that is not in play or a skill whose prerequisite no one can meet.",
            )


def _check_row(
    row: RowDraft, skills: Mapping[str, Any], in_play: Sequence[str], found: _Found, where: str
) -> bool:
    """Say what is wrong with the row; True when some character could use it."""
    skill_name, code = row.skill.strip(), row.characteristic.strip()
    if skill_name and code:
        found.add(where, "A row gives a skill or raises a characteristic, not both.")
        return False
    if not skill_name and not code:
        found.add(where, "Name the skill this row gives, or the characteristic it raises.")
        return False
    if code:
        known = _characteristic_named(code)
        if known is None:
            found.add(
                where,
                f"“{code}” is not a characteristic ({', '.join(CHARACTERISTICS)}).",
            )
            return False
        if not 1 <= row.amount <= 3:
            found.add(where, f"Raise {known} by 1 to 3, as the book's rows do.")
            return False
        return known in in_play
    skill = skills.get(skill_name.casefold())
    if skill is None:
        found.add(
            where, f"There is no skill called “{skill_name}”: define it with this career first."
        )
        return False
    specialty = row.specialty.strip()
    if specialty and not skill.specialty_required:
        found.add(where, f"{skill.name} has no specialties.")
        return False
    closed = getattr(skill, "specialties_closed", False)
    if (
        specialty
        and closed
        and specialty.casefold() not in {s.casefold() for s in skill.specialties}
    ):
        found.add(where, f"{skill.name} specialties are: {', '.join(skill.specialties)}.")
        return False
    try:
        prerequisite = parse_prerequisite(skill.prerequisite_text)
    except PrerequisiteError:
        return False  # said at the skill's own field
    return not _never_met(prerequisite, in_play)


def _listed(numbers: Sequence[int]) -> str:
    words = [str(number) for number in numbers]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


# --- The career as rule data ----------------------------------------------------------------


def career_records(
    career: CareerDraft, rulebook_records: Sequence[Mapping[str, Any]], first_key: int
) -> list[dict[str, Any]]:
    """The career as `rulebook` records, to be added to `rulebook_records` (the book's, or
    the book's and other careers'); keys start at `first_key`, above every key there.

    Only a career without problems is turned into rule data."""
    instance(career, CareerDraft, "a career")
    listed(rulebook_records, "The rule data")
    whole(first_key, "The first key")
    try:
        return _career_records(career, rulebook_records, first_key)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise RulesError(f"The career “{career.name}” cannot be made into rule data.") from error


def _career_records(
    career: CareerDraft, rulebook_records: Sequence[Mapping[str, Any]], first_key: int
) -> list[dict[str, Any]]:
    skill_keys = {
        record["fields"]["name"].casefold(): record["pk"]
        for record in rulebook_records
        if record["model"] == "rulebook.skill"
    }
    key = first_key
    records: list[dict[str, Any]] = []

    def add(model: str, fields: dict[str, Any]) -> int:
        nonlocal key
        key += 1
        records.append({"model": model, "pk": key, "fields": fields})
        return key

    for skill in career.skills:
        skill_keys[skill.name.strip().casefold()] = add(
            "rulebook.skill",
            {
                "name": skill.name.strip(),
                "description": skill.description,
                "prerequisite_text": " ".join(skill.prerequisite_text.split()) or "None",
                "free_at_rank_zero": False,
                "specialty_required": skill.specialty_required,
                "specialties": list(skill.specialties),
                "specialties_closed": False,
                "added_by_ruling": False,
                "sort_order": key + 1,
            },
        )
    career_fields: dict[str, Any] = {"name": career.name.strip()}
    if career.survival_failure != FOLLOW_HOUSE_RULE:
        outcome = one_of(
            career.survival_failure, SurvivalFailure, "an outcome of a failed survival roll"
        )
        career_fields["survival_failure"] = outcome.value
    if career.publication is not None:
        career_fields["homebrew"] = {
            "id": career.publication.career_id,
            "version": career.publication.version,
        }
    career_key = add("rulebook.career", career_fields)
    specialisation_keys: dict[str, int] = {}
    for roll, name in sorted(career.specialisations):
        specialisation_keys[name] = add(
            "rulebook.specialisation", {"career": career_key, "name": name, "die_roll": roll}
        )
    slug_base = career.name.strip().casefold().replace(" ", "-")
    for table in career.tables:
        side = table.learning.value
        where = (table.specialisation or "planetside").casefold().replace(" ", "-")
        table_key = add(
            "rulebook.careertable",
            {
                "name": table.name(career.name.strip()),
                "slug": f"{HOMEBREW_SLUG_PREFIX}{slug_base}-{where}-{side}",
                "career": career_key,
                "specialisation": (
                    specialisation_keys[table.specialisation] if table.specialisation else None
                ),
                "learning": side,
            },
        )
        for row in table.rows:
            code = _characteristic_named(row.characteristic) if row.characteristic else None
            add(
                "rulebook.tablerow",
                {
                    "table": table_key,
                    "roll": row.roll,
                    "book_text": RowDraft(
                        row.roll, row.skill.strip(), row.specialty.strip(), code or "", row.amount
                    ).book_text,
                    "skill": None if code else skill_keys[row.skill.strip().casefold()],
                    "specialty": "" if code else row.specialty.strip(),
                    "characteristic": code or "",
                    "amount": row.amount if code else 0,
                },
            )
    for learner, target in career.survival.items():
        add(
            "rulebook.survivaltarget",
            {"career": career_key, "learner_type": LearnerType(learner).value, "target": target},
        )
    return records


def rulebook_with_careers(
    records: Sequence[Mapping[str, Any]],
    careers: Sequence[CareerDraft],
    hidden: Iterable[str] = (),
) -> tuple[list[dict[str, Any]], Rulebook]:
    """The book's records without the `hidden` careers, plus each career's; and the
    Rulebook they make. A career with problems is refused with a RulesError."""
    listed_instances(careers, CareerDraft, "The careers", "a career")
    hidden_folded = {name.casefold() for name in texts(hidden, "The hidden careers")}
    rulebook_from_records(records)  # refuses records that are not rule data, in words
    kept = _without_careers(records, hidden_folded)
    book = rulebook_from_records(kept)
    combined = [dict(record) for record in kept]
    for career in careers:
        problems = career_problems(career, book)
        if problems:
            first = next(iter(problems.values()))[0]
            raise RulesError(f"The career “{career.name}” cannot be used: {first}")
        highest = max((int(r["pk"]) for r in combined if isinstance(r["pk"], int)), default=0)
        combined += career_records(career, combined, max(highest, HOMEBREW_KEYS))
        book = rulebook_from_records(combined)
    return combined, book


def _without_careers(
    records: Sequence[Mapping[str, Any]], hidden: set[str]
) -> list[Mapping[str, Any]]:
    if not hidden:
        return list(records)
    careers = {
        record["pk"]
        for record in records
        if record["model"] == "rulebook.career" and record["fields"]["name"].casefold() in hidden
    }
    tables = {
        record["pk"]
        for record in records
        if record["model"] == "rulebook.careertable" and record["fields"]["career"] in careers
    }

    def kept(record: Mapping[str, Any]) -> bool:
        model, fields = record["model"], record["fields"]
        if model == "rulebook.career":
            return record["pk"] not in careers
        if model in ("rulebook.specialisation", "rulebook.careertable", "rulebook.survivaltarget"):
            return fields["career"] not in careers
        if model == "rulebook.tablerow":
            return fields["table"] not in tables
        return True

    return [record for record in records if kept(record)]


def is_homebrew_career(rulebook: Rulebook, career: str) -> bool:
    """Whether `career` in `rulebook` is a GM's own, not the book's."""
    instance(rulebook, Rulebook, "the rule book")
    text(career, "A career")
    return any(
        table.slug.startswith(HOMEBREW_SLUG_PREFIX)
        for table in rulebook.tables
        if table.career == career
    )


# --- JSON (what the database keeps and a pack carries) --------------------------------------


def career_to_json(career: CareerDraft) -> dict[str, Any]:
    instance(career, CareerDraft, "a career")
    publication = (
        {}
        if career.publication is None
        else {
            "publication": {
                "id": career.publication.career_id,
                "version": career.publication.version,
            }
        }
    )
    return publication | {
        "name": career.name,
        "description": career.description,
        "specialisations": [{"roll": roll, "name": name} for roll, name in career.specialisations],
        "survival": {learner.value: target for learner, target in career.survival.items()},
        "survival_failure": career.survival_failure,
        "skills": [
            {
                "name": skill.name,
                "prerequisite_text": skill.prerequisite_text,
                "description": skill.description,
                "specialty_required": skill.specialty_required,
                "specialties": list(skill.specialties),
            }
            for skill in career.skills
        ],
        "tables": [
            {
                "specialisation": table.specialisation,
                "learning": table.learning.value,
                "rows": [
                    {
                        "roll": row.roll,
                        "skill": row.skill,
                        "specialty": row.specialty,
                        "characteristic": row.characteristic,
                        "amount": row.amount,
                    }
                    for row in table.rows
                ],
            }
            for table in career.tables
        ],
    }


def career_from_json(data: object) -> CareerDraft:
    """A career from its JSON; a shape that is not a career's is refused with a
    RulesError (the rules' own checks are `career_problems`')."""
    career: Any = mapping(data, "A career")
    try:
        publication = career.get("publication")
        return CareerDraft(
            name=text(career["name"], "A career's name"),
            description=text(career.get("description", ""), "A career's description"),
            survival_failure=text(
                career.get("survival_failure", FOLLOW_HOUSE_RULE),
                "What a failed survival roll does",
            ),
            publication=(
                None
                if publication is None
                else PublishedCareer(
                    career_id=text(publication["id"], "A published career's id"),
                    version=whole(publication["version"], "A published career's version"),
                )
            ),
            specialisations=tuple(
                (whole(item["roll"], "A specialisation's roll"), text(item["name"], "A name"))
                for item in career["specialisations"]
            ),
            survival={
                one_of(learner, LearnerType, "a learner type"): whole(target, "A survival target")
                for learner, target in mapping(career["survival"], "The survival targets").items()
            },
            skills=tuple(
                SkillDraft(
                    name=text(skill["name"], "A skill's name"),
                    prerequisite_text=text(
                        skill.get("prerequisite_text", "None"), "A prerequisite"
                    ),
                    description=text(skill.get("description", ""), "A description"),
                    specialty_required=bool(skill.get("specialty_required", False)),
                    specialties=tuple(
                        text(name, "A specialty") for name in skill.get("specialties", [])
                    ),
                )
                for skill in career.get("skills", [])
            ),
            tables=tuple(
                TableDraft(
                    specialisation=(
                        None
                        if table.get("specialisation") is None
                        else text(table["specialisation"], "A table's specialisation")
                    ),
                    learning=one_of(table["learning"], Learning, "a side of the tables"),
                    rows=tuple(
                        RowDraft(
                            roll=whole(row["roll"], "A row's roll"),
                            skill=text(row.get("skill", ""), "A row's skill"),
                            specialty=text(row.get("specialty", ""), "A row's specialty"),
                            characteristic=text(
                                row.get("characteristic", ""), "A row's characteristic"
                            ),
                            amount=whole(row.get("amount", 0), "A row's amount"),
                        )
                        for row in table["rows"]
                    ),
                )
                for table in career["tables"]
            ),
        )
    except RulesError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise RulesError(f"This is not a career ({error!r}).") from error


def career_from_book(rulebook: Rulebook, name: str) -> CareerDraft:
    """A copy of the book's career `name`, to start a homebrew career from."""
    instance(rulebook, Rulebook, "the rule book")
    text(name, "A career")
    if name not in rulebook.specialisations:
        raise RulesError(f"The book has no career called “{name}”.")
    tables = [table for table in rulebook.tables if table.career == name]
    return CareerDraft(
        name=f"{name} (copy)",
        specialisations=tuple(sorted(rulebook.specialisations[name].items())),
        survival_failure=(
            rulebook.survival_failures[name].value
            if name in rulebook.survival_failures
            else FOLLOW_HOUSE_RULE
        ),
        survival={
            learner: rulebook.survival_targets[(name, learner)]
            for learner in LearnerType
            if (name, learner) in rulebook.survival_targets
        },
        tables=tuple(
            TableDraft(
                specialisation=table.specialisation,
                learning=table.learning,
                rows=tuple(
                    RowDraft(
                        roll=entry.roll,
                        skill=entry.skill or "",
                        specialty=entry.specialty,
                        characteristic=entry.characteristic or "",
                        amount=entry.amount,
                    )
                    for entry in table.entries
                ),
            )
            for table in tables
        ),
    )
