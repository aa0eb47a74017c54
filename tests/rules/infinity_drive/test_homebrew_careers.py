"""A GM's own career is checked as the book is: each kind of broken table is refused at
its field; a sound career becomes rule data the engine, the odds and the autopilot read
exactly as they read the book's."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.errors import RulesError
from rules.infinity_drive.autopilot import generate_npc
from rules.infinity_drive.creation import replay
from rules.infinity_drive.homebrew_careers import (
    CareerDraft,
    RowDraft,
    SkillDraft,
    TableDraft,
    career_from_book,
    career_from_json,
    career_problems,
    career_to_json,
    rulebook_with_careers,
)
from rules.infinity_drive.homebrew_preview import career_preview
from rules.infinity_drive.house_rules import HouseRules
from rules.infinity_drive.profile import Characteristics
from rules.infinity_drive.rulebook import BOOK_FIXTURE, LearnerType, Learning, load_book
from rules.odds.infinity_drive import survival_chance
from tests.rules.odds_brute_force import enumerate_faces

BOOK = load_book()
RECORDS = json.loads(BOOK_FIXTURE.read_text(encoding="utf-8"))
SAMPLE = Characteristics.of({"Mus": 7, "Grc": 8, "Res": 6, "Int": 9, "Sty": 7, "Chz": 6, "Mtp": 7})

ACTION_ROWS = ("Drive", "Gambling", "+1 Grc", "Hacking", "Evade", "Stealth", "Bribery",
               "+1 Chz", "Recon", "Survival", "+1 Res")  # fmt: skip
ACADEMIC_ROWS = ("+1 Int", "Local", "Hacking", "Clerical", "Swim", "Gunnery", "Electronics",
                 "Engineering", "Communications", "Gravitics", "+1 Sty")  # fmt: skip


def rows(names: tuple[str, ...]) -> tuple[RowDraft, ...]:
    made = []
    for roll, name in zip(range(2, 13), names, strict=True):
        if name.startswith("+"):
            made.append(RowDraft(roll, characteristic=name[3:], amount=int(name[1])))
        else:
            made.append(RowDraft(roll, skill=name))
    return tuple(made)


def smuggler() -> CareerDraft:
    """Two specialisations (Runner 1–3, Fence 4–6), a new skill, every table whole."""
    sides = {Learning.ACTION: rows(ACTION_ROWS), Learning.ACADEMIC: rows(ACADEMIC_ROWS)}
    tables = tuple(
        TableDraft(where, learning, sides[learning])
        for where in (None, "Runner", "Fence")
        for learning in Learning
    )
    return CareerDraft(
        name="Smuggler",
        specialisations=(
            (1, "Runner"),
            (2, "Runner"),
            (3, "Runner"),
            (4, "Fence"),
            (5, "Fence"),
            (6, "Fence"),
        ),
        tables=tables,
        survival={LearnerType.ACTION: 6, LearnerType.ACADEMIC: 7, LearnerType.BALANCED: 6},
        skills=(SkillDraft("Hacking", prerequisite_text="Int: 8"),),
    )


def with_row(career: CareerDraft, table: int, row: int, new: RowDraft) -> CareerDraft:
    changed = list(career.tables[table].rows)
    changed[row] = new
    tables = list(career.tables)
    tables[table] = replace(career.tables[table], rows=tuple(changed))
    return replace(career, tables=tuple(tables))


# --- A sound career -----------------------------------------------------------------------


def test_the_example_uses_the_books_skills() -> None:
    for name in {*ACTION_ROWS, *ACADEMIC_ROWS} - {"Hacking"}:
        assert name.startswith("+") or name in BOOK.skills, name


def test_a_sound_career_has_no_problems_and_joins_the_book() -> None:
    assert career_problems(smuggler(), BOOK) == {}
    records, book = rulebook_with_careers(RECORDS, [smuggler()])
    assert book.careers == (*BOOK.careers, "Smuggler")
    assert book.specialisations["Smuggler"] == {1: "Runner", 2: "Runner", 3: "Runner",
                                                4: "Fence", 5: "Fence", 6: "Fence"}  # fmt: skip
    assert [table.name for table in book.specialisation_tables("Smuggler", "Fence")] == [
        "Fence Academic Table",
        "Fence Action Table",
    ]
    assert book.skill("Hacking").prerequisite_text == "Int: 8"
    assert book.survival_target("Smuggler", LearnerType.ACADEMIC) == 7
    assert book.table("homebrew-smuggler-runner-action").entry(4).label == "+1 Grc"
    # The book's own records are kept as they were, each key still its own.
    assert records[: len(RECORDS)] == RECORDS
    assert len({(record["model"], record["pk"]) for record in records}) == len(records)


def test_a_copy_of_a_book_career_renamed_is_sound_and_reads_the_same() -> None:
    copy = career_from_book(BOOK, "Military")
    assert copy.name == "Military (copy)"
    assert career_problems(copy, BOOK) == {}
    _, book = rulebook_with_careers(RECORDS, [copy])
    for original, copied in zip(
        BOOK.specialisation_tables("Military", "Army"),
        book.specialisation_tables("Military (copy)", "Army"),
        strict=True,
    ):
        assert [entry.label for entry in original.entries] == [
            entry.label for entry in copied.entries
        ]


def test_the_json_round_trip_keeps_the_career() -> None:
    career = smuggler()
    assert career_from_json(json.loads(json.dumps(career_to_json(career)))) == career


def test_a_hidden_book_career_leaves_the_rule_data_and_frees_its_name() -> None:
    _, book = rulebook_with_careers(RECORDS, [], hidden=["Military"])
    assert "Military" not in book.careers
    assert not [table for table in book.tables if table.career == "Military"]
    mine = replace(career_from_book(BOOK, "Military"), name="Military")
    assert "name" in career_problems(mine, BOOK)
    _, replaced = rulebook_with_careers(RECORDS, [mine], hidden=["Military"])
    assert "Military" in replaced.careers


# --- Each kind of broken career, refused at its field ------------------------------------


def test_a_2d6_result_with_no_row_is_named() -> None:
    career = smuggler()
    holed = replace(career.tables[0], rows=career.tables[0].rows[:5] + career.tables[0].rows[6:])
    broken = replace(career, tables=(holed, *career.tables[1:]))
    assert career_problems(broken, BOOK) == {
        "tables.0": ["No row for a roll of 7: every 2d6 result needs one."]
    }


def test_a_result_covered_twice_is_named() -> None:
    broken = with_row(smuggler(), 1, 3, RowDraft(4, skill="Swim"))
    assert career_problems(broken, BOOK) == {
        "tables.1": [
            "No row for a roll of 5: every 2d6 result needs one.",
            "A roll of 4 has two rows: one row per result.",
        ]
    }


def test_an_unknown_skill_is_named_at_its_row() -> None:
    broken = with_row(smuggler(), 2, 0, RowDraft(2, skill="Basket Weaving"))
    assert career_problems(broken, BOOK) == {
        "tables.2.rows.0": [
            "There is no skill called “Basket Weaving”: define it with this career first."
        ]
    }


def test_a_new_skill_needs_a_prerequisite_in_the_books_notation() -> None:
    broken = replace(smuggler(), skills=(SkillDraft("Hacking", prerequisite_text="Brains: 8"),))
    problems = career_problems(broken, BOOK)
    assert list(problems) == ["skills.0.prerequisite_text"]
    assert "“Brains” is not a characteristic" in problems["skills.0.prerequisite_text"][0]
    clash = replace(smuggler(), skills=(SkillDraft("Pilot"), SkillDraft("Hacking")))
    assert career_problems(clash, BOOK) == {
        "skills.0.name": ["There is already a skill called “Pilot”."]
    }


def test_a_characteristic_raise_must_name_a_characteristic() -> None:
    broken = with_row(smuggler(), 0, 2, RowDraft(4, characteristic="Luck", amount=1))
    assert career_problems(broken, BOOK) == {
        "tables.0.rows.2": ["“Luck” is not a characteristic (Mus, Grc, Res, Int, Sty, Chz, Mtp)."]
    }
    both = with_row(smuggler(), 0, 2, RowDraft(4, skill="Pilot", characteristic="Mus", amount=1))
    assert career_problems(both, BOOK) == {
        "tables.0.rows.2": ["A row gives a skill or raises a characteristic, not both."]
    }


def test_specialisation_rolls_must_cover_one_to_six_once() -> None:
    career = smuggler()
    short = replace(career, specialisations=career.specialisations[:5])
    assert career_problems(short, BOOK) == {
        "specialisations": ["No specialisation for a roll of 6: the 1d6 must land on one."]
    }
    doubled = replace(career, specialisations=(*career.specialisations[:5], (5, "Fence")))
    assert career_problems(doubled, BOOK)["specialisations"] == [
        "No specialisation for a roll of 6: the 1d6 must land on one.",
        "A roll of 5 names two specialisations.",
    ]


def test_every_specialisation_needs_both_tables() -> None:
    career = smuggler()
    assert career_problems(replace(career, tables=career.tables[:5]), BOOK) == {
        "tables": ["Fence has no academic table."]
    }


def test_a_survival_target_must_be_beatable_on_2d6() -> None:
    career = smuggler()
    broken = replace(career, survival={**career.survival, LearnerType.ACTION: 12})
    assert career_problems(broken, BOOK) == {
        "survival.action": ["A survival roll must beat the target on 2d6: 12 cannot be beaten"]
    }


def test_a_career_may_not_take_a_book_careers_name() -> None:
    assert career_problems(replace(smuggler(), name="Military"), BOOK) == {
        "name": ["There is already a career called “Military”; choose another name."]
    }


def test_a_table_no_character_could_ever_use_is_reported() -> None:
    """Every row raises Metaphysical or needs it, in a campaign that has no Metaphysical."""
    career = smuggler()
    psychic = SkillDraft("Farsight", prerequisite_text="Mtp: 6")
    useless = tuple(
        RowDraft(roll, characteristic="Mtp", amount=1)
        if roll % 2
        else RowDraft(roll, skill="Farsight")
        for roll in range(2, 13)
    )
    tables = (replace(career.tables[0], rows=useless), *career.tables[1:])
    broken = replace(career, tables=tables, skills=(*career.skills, psychic))
    expected = {
        "tables.0": [
            "No character could ever use this table: every row names a characteristic that is "
            "not in play or a skill whose prerequisite no one can meet."
        ]
    }
    assert career_problems(broken, BOOK, metaphysical_in_play=False) == expected
    # With Metaphysical in play, the same table is usable.
    assert career_problems(broken, BOOK, metaphysical_in_play=True) == {}
    # One row anyone can use is enough.
    rescued = with_row(broken, 0, 0, RowDraft(2, skill="Pilot"))
    assert career_problems(rescued, BOOK, metaphysical_in_play=False) == {}


def test_a_career_with_problems_is_not_made_into_rule_data() -> None:
    broken = replace(smuggler(), specialisations=())
    with pytest.raises(RulesError, match="Smuggler"):
        rulebook_with_careers(RECORDS, [broken])


def test_a_pack_that_is_not_a_career_is_refused_in_words() -> None:
    with pytest.raises(RulesError, match="not a career"):
        career_from_json({"name": "Smuggler"})
    with pytest.raises(RulesError):
        career_from_json({**career_to_json(smuggler()), "survival": {"wizard": 6}})


# --- Odds for a sample character ----------------------------------------------------------


def test_the_preview_gives_each_tables_exact_chance_and_the_survival_odds() -> None:
    _, book = rulebook_with_careers(RECORDS, [smuggler()])
    preview = career_preview(book, "Smuggler", SAMPLE)
    assert preview.learner_type == LearnerType.ACADEMIC  # Int+Sty 16 > Int+Chz 15
    assert preview.survival_target == 7
    assert preview.survival_chance == survival_chance(7) == Fraction(15, 36)
    assert len(preview.tables) == 6  # each table once, Planetside included
    for view in preview.tables:
        # Hacking (Int: 8) is open to Int 9; every other row too: all 36 ways are legal.
        if not view.closed_reason:
            legal = [faces for faces in enumerate_faces(2, 6) if sum(faces) in view.legal_rolls]
            assert view.chance == Fraction(len(legal), 36)
    dull = Characteristics.of({"Mus": 7, "Grc": 8, "Res": 6, "Int": 5, "Sty": 9, "Chz": 6,
                               "Mtp": 7})  # fmt: skip
    runner = next(
        view
        for view in career_preview(book, "Smuggler", dull).tables
        if view.table.slug == "homebrew-smuggler-runner-academic"
    )
    hacking = next(row for row in runner.entries if row.entry.roll == 4)
    assert not hacking.legal
    assert runner.chance == Fraction(33, 36)  # every result but a 4 (3 ways in 36)


def test_the_preview_of_a_book_career_matches_the_wizards_odds() -> None:
    copy = career_from_book(BOOK, "Military")
    _, book = rulebook_with_careers(RECORDS, [copy])
    mine = {view.table.name: view.chance for view in career_preview(book, copy.name, SAMPLE).tables}
    theirs = {
        view.table.name: view.chance for view in career_preview(BOOK, "Military", SAMPLE).tables
    }
    assert mine == {name.replace("Military Planetside", "Military (copy) Planetside"): chance
                    for name, chance in theirs.items()}  # fmt: skip


# --- The autopilot builds legal characters under a homebrew career ------------------------


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_the_autopilot_finishes_a_legal_character_in_a_homebrew_career(seed: int) -> None:
    _, book = rulebook_with_careers(RECORDS, [smuggler()])
    house = HouseRules()
    npc = generate_npc(seed=seed, rulebook=book, house_rules=house, career="Smuggler")
    assert npc.state.is_complete
    assert npc.state.career == "Smuggler"
    assert replay(npc.steps, rulebook=book, house_rules=house) == npc.state
    assert npc.state.rolls_used + npc.state.rolls_forfeited == npc.state.rolls_total
