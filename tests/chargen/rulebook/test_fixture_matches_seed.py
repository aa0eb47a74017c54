"""Every row of fixtures/infinity_drive.json against the seed text, parsed independently.

The parser here reads the seed's tab-separated tables itself (it shares no code with
whatever wrote the fixture), so a typo in the fixture or a row in the wrong place fails.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from rules.infinity_drive.rulebook import BOOK_FIXTURE

# A copy of the seed kept in the repository (docs/seeds/), so a bare clone tests alone.
SEED = Path(__file__).resolve().parents[3] / "docs" / "seeds" / "003_409c17da7080cfeb.txt"

# The book's spellings that docs/rulings.md maps onto a skill-list name.
SPELLING_RULINGS = {
    "Medicine": "Medical",
    "Electrical": "Electronics",
    "Communication": "Communications",
    "Mechanised armour": "Mechanised Armour",
    "Zero-G movement": "Zero-G Movement",
}
SPECIALTY_RULINGS = {("Navigation", "Planetary"): "Planet"}
SKILLS_ADDED_BY_RULING = {"Engineering", "Unarmed Combat"}
CHARACTERISTIC_CODES = {"Mus", "Grc", "Res", "Int", "Sty", "Chz", "Mtp"}


def _plain(text: str) -> str:
    return re.sub(r"</?[a-z]+>", "", text).strip()


@cache
def seed_lines() -> tuple[str, ...]:
    return tuple(SEED.read_text(encoding="utf-8").splitlines())


def seed_section(first: str, stop: str) -> list[list[str]]:
    """Tab-split lines from the line starting with `first` up to the one starting with `stop`."""
    lines = seed_lines()
    begin = next(i for i, line in enumerate(lines) if line.startswith(first))
    end = next(i for i, line in enumerate(lines) if i > begin and line.startswith(stop))
    return [[_plain(cell) for cell in line.split("\t")] for line in lines[begin:end]]


@cache
def seed_career_tables() -> dict[str, dict[int, str]]:
    """{table heading: {2d6 roll: entry text}} for every career table in the seed."""
    tables: dict[str, dict[int, str]] = {}
    left = right = ""
    for cells in seed_section("### Military Skill Tables", "### Rules for generating skills"):
        headings = [cell for cell in cells if cell.endswith(" Table")]
        if len(headings) == 2:
            left, right = headings
            tables[left], tables[right] = {}, {}
        elif left and len(cells) == 4 and cells[0].isdigit() and cells[2].isdigit():
            tables[left][int(cells[0])] = cells[1]
            tables[right][int(cells[2])] = cells[3]
    return tables


@cache
def seed_skills() -> dict[str, tuple[str, str, bool]]:
    """{skill name: (description, prerequisites, free at rank 0)} from The Skills Table."""
    skills = {}
    for cells in seed_section("### The Skills Table", "### Character Starting Skills"):
        if len(cells) == 4 and cells[0] != "Name":
            name = re.sub(r"\(\s*specialty\s*\)", "", cells[0]).strip()
            skills[name] = (cells[1], cells[2], cells[3] == "Yes")
    return skills


def seed_two_column_table(first: str, stop: str) -> list[list[str]]:
    return [cells for cells in seed_section(first, stop) if len(cells) >= 2 and cells[0]]


@cache
def fixture_records() -> tuple[dict[str, Any], ...]:
    return tuple(json.loads(BOOK_FIXTURE.read_text(encoding="utf-8")))


def records_of(model: str) -> list[dict[str, Any]]:
    return [record for record in fixture_records() if record["model"] == f"rulebook.{model}"]


def by_pk(model: str) -> dict[int, dict[str, Any]]:
    return {record["pk"]: record["fields"] for record in records_of(model)}


def test_the_seed_parser_finds_every_table() -> None:
    tables = seed_career_tables()
    assert len(tables) == 28
    assert all(sorted(rows) == list(range(2, 13)) for rows in tables.values())
    assert tables["Army Academic Table"][3] == "Navigation (Planetary)"
    assert tables["Rogue Forces Action Table"][3] == "Knowledge(Underworld)"


def test_fixture_has_the_same_tables_as_the_seed() -> None:
    assert sorted(fields["name"] for fields in by_pk("careertable").values()) == sorted(
        seed_career_tables()
    )


@pytest.mark.parametrize("heading", sorted(seed_career_tables()))
def test_every_row_of_the_table_matches_the_seed(heading: str) -> None:
    table_pk = next(pk for pk, fields in by_pk("careertable").items() if fields["name"] == heading)
    rows = {
        fields["roll"]: fields["book_text"]
        for fields in by_pk("tablerow").values()
        if fields["table"] == table_pk
    }
    assert rows == seed_career_tables()[heading]


def _expected_meaning(book_text: str) -> tuple[str | None, str, str, int]:
    """(skill, specialty, characteristic, amount) that the rulings give a book entry."""
    raise_characteristic = re.fullmatch(r"\+(\d) (\w+)", book_text)
    if raise_characteristic:
        assert raise_characteristic.group(2) in CHARACTERISTIC_CODES
        return None, "", raise_characteristic.group(2), int(raise_characteristic.group(1))
    with_specialty = re.fullmatch(r"([^(]+?) ?\(([^)]+)\)", book_text)
    name, specialty = (
        (with_specialty.group(1), with_specialty.group(2)) if with_specialty else (book_text, "")
    )
    name = SPELLING_RULINGS.get(name, name)
    specialty = SPECIALTY_RULINGS.get((name, specialty), specialty)
    return name, specialty, "", 0


def test_every_row_means_what_the_rulings_say() -> None:
    skills = by_pk("skill")
    for fields in by_pk("tablerow").values():
        skill = skills[fields["skill"]]["name"] if fields["skill"] is not None else None
        actual = (skill, fields["specialty"], fields["characteristic"], fields["amount"])
        assert actual == _expected_meaning(fields["book_text"]), fields["book_text"]


def test_every_skill_a_row_names_is_a_skill() -> None:
    skill_pks = set(by_pk("skill"))
    skill_rows = [fields for fields in by_pk("tablerow").values() if fields["skill"] is not None]
    assert len(skill_rows) == 28 * 9
    assert all(fields["skill"] in skill_pks for fields in skill_rows)


def test_skills_match_the_skills_table() -> None:
    fixture_skills = {fields["name"]: fields for fields in by_pk("skill").values()}
    book = seed_skills()
    assert set(fixture_skills) == set(book) | SKILLS_ADDED_BY_RULING
    for name, (description, prerequisites, free) in book.items():
        fields = fixture_skills[name]
        assert fields["prerequisite_text"] == prerequisites, name
        assert fields["free_at_rank_zero"] is free, name
        assert fields["description"] == description, name
        assert fields["added_by_ruling"] is False, name
    assert [fields["name"] for fields in sorted(fixture_skills.values(), key=_sort_key)][
        : len(book)
    ] == list(book)


def _sort_key(fields: dict[str, Any]) -> int:
    return fields["sort_order"]


def test_skills_added_by_ruling_have_no_prerequisites_and_are_not_free() -> None:
    for fields in by_pk("skill").values():
        if fields["name"] in SKILLS_ADDED_BY_RULING:
            assert fields["added_by_ruling"] is True
            assert fields["prerequisite_text"] == "None"
            assert fields["free_at_rank_zero"] is False
            assert fields["description"]


def test_specialty_skills_and_their_lists() -> None:
    skills = {fields["name"]: fields for fields in by_pk("skill").values()}
    required = {name for name, fields in skills.items() if fields["specialty_required"]}
    assert required == {"Knowledge", "Navigation", "Pilot", "Psychic", "Weapon"}
    closed = {name for name, fields in skills.items() if fields["specialties_closed"]}
    assert closed == {"Navigation", "Psychic"}
    psychic_text = seed_skills()["Psychic"][0]
    assert psychic_text.endswith(", ".join(skills["Psychic"]["specialties"]) + ".")
    assert skills["Navigation"]["specialties"] == ["Planet", "Inter-planet", "Inter-stellar"]
    assert "Military" in skills["Knowledge"]["specialties"]
    assert "Underworld" in skills["Knowledge"]["specialties"]
    named_in_tables = {
        fields["specialty"] for fields in by_pk("tablerow").values() if fields["specialty"]
    }
    all_listed = {specialty for fields in skills.values() for specialty in fields["specialties"]}
    assert named_in_tables <= all_listed


@pytest.mark.parametrize(
    ("career", "first_line"),
    [("Military", "### Military Skill Tables"), ("Citizen", "## Citizen Skill Tables")],
)
def test_specialisation_die_tables(career: str, first_line: str) -> None:
    book = {
        int(cells[0]): cells[1].rstrip(",")  # "Covert," — see docs/rulings.md
        for cells in seed_two_column_table(
            first_line, "Army Action Table" if career == "Military" else "Business Action Table"
        )
        if cells[0].isdigit()
    }
    career_pk = next(pk for pk, fields in by_pk("career").items() if fields["name"] == career)
    fixture = {
        fields["die_roll"]: fields["name"]
        for fields in by_pk("specialisation").values()
        if fields["career"] == career_pk
    }
    assert fixture == book
    assert len(book) == 6


def test_every_specialisation_has_an_action_and_an_academic_table() -> None:
    tables = by_pk("careertable").values()
    for specialisation_pk, specialisation in by_pk("specialisation").items():
        mine = [fields for fields in tables if fields["specialisation"] == specialisation_pk]
        assert sorted(fields["learning"] for fields in mine) == ["academic", "action"]
        assert all(fields["career"] == specialisation["career"] for fields in mine)
        heading_name = (
            "Rogue Forces" if specialisation["name"] == "Rogue" else specialisation["name"]
        )
        assert all(fields["name"].startswith(heading_name + " ") for fields in mine)
    planetside = [fields for fields in tables if fields["specialisation"] is None]
    assert sorted(fields["slug"] for fields in planetside) == [
        "citizen-planetside-academic",
        "citizen-planetside-action",
        "military-planetside-academic",
        "military-planetside-action",
    ]


def test_learning_matches_the_heading() -> None:
    for fields in by_pk("careertable").values():
        assert fields["name"].endswith(f" {fields['learning'].title()} Table")


def test_survival_targets() -> None:
    learner = {"Action": "action", "Academic": "academic", "Neither Academic or Action": "balanced"}
    book = {}
    for cells in seed_two_column_table("Character Type\t", "The reason this roll"):
        if cells[0] == "Character Type":
            continue
        career, kind = cells[0].split(" ", 1)
        book[(career, learner[kind])] = int(cells[1])
    careers = {pk: fields["name"] for pk, fields in by_pk("career").items()}
    fixture = {
        (careers[fields["career"]], fields["learner_type"]): fields["target"]
        for fields in by_pk("survivaltarget").values()
    }
    assert fixture == book
    assert len(book) == 6


def test_characteristic_test_difficulties() -> None:
    book = [
        (cells[0], cells[1], int(cells[2]), int(cells[3]))
        for cells in seed_two_column_table("Difficulty\tDice to Roll\tMinimum", "## Skills")[1:]
    ]
    fixture = [
        (fields["name"], fields["dice"], fields["minimum"], fields["maximum"])
        for fields in sorted(by_pk("characteristictestdifficulty").values(), key=_sort_key)
    ]
    assert fixture == book
    assert len(book) == 5


def test_skill_check_difficulties() -> None:
    book = [
        (cells[0], cells[1])
        for cells in seed_two_column_table("## Skill Difficulty", "You will note")[1:]
    ]
    fixture = [
        (fields["name"], fields["dice"])
        for fields in sorted(by_pk("skillcheckdifficulty").values(), key=_sort_key)
    ]
    assert fixture == book
    assert len(book) == 5


def test_modifier_bands_follow_the_book_and_the_ruling() -> None:
    book_rows = seed_two_column_table("Characteristic Value Range", "There are not sections")[1:]
    book_texts = [cells[0] for cells in book_rows if not cells[0].startswith("For every")]
    bands = sorted(by_pk("modifierband").values(), key=lambda fields: fields["low"])
    assert [fields["book_text"] for fields in bands] == book_texts
    assert [fields["modifier"] for fields in bands] == [
        int(cells[1]) for cells in book_rows if not cells[0].startswith("For every")
    ]
    # The printed ranges, with hexadecimal read and "(11)" read as 0x11 = 17.
    assert [(fields["low"], fields["high"]) for fields in bands] == [
        (0, 1),
        (2, 4),
        (5, 7),
        (8, 10),
        (11, 13),
        (14, 17),
    ]


def test_grades_of_success_as_printed() -> None:
    book = seed_two_column_table("Grade of Success\t", "The actual application")[1:]
    grades = sorted(by_pk("gradeofsuccess").values(), key=_sort_key)
    assert [(fields["name"], fields["book_text"]) for fields in grades] == [
        (cells[0], cells[1]) for cells in book
    ]
    assert [(fields["low_margin"], fields["high_margin"]) for fields in grades] == [
        (None, -7),
        (-6, -4),
        (-3, -1),
        (0, 3),
        (3, 5),
        (6, None),
    ]
    text = "\n".join(seed_lines())
    for fields in grades:
        assert f"**{fields['name']}:** {fields['description']}" in text
