"""The open tables before a skill roll: each row's legality, why not, and the exact odds."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from rules.errors import RulesError
from rules.infinity_drive.creation import (
    CareerChosen,
    CreationState,
    Method,
    MethodChosen,
    PointBuyAssigned,
    RaceApplied,
    SkillRolled,
    SpecialisationRolled,
    TableLegality,
    apply_step,
    replay,
    table_legality,
)
from rules.infinity_drive.rulebook import load_book
from rules.infinity_drive.skills import SkillRank, SkillSheet
from rules.odds import as_percent, chance_of_totals
from tests.rules.infinity_drive.test_treva_replay import CAREER_STEPS, CHARACTERISTIC_STEPS

BOOK = load_book()
# An academic learner (Int+Sty 16 > Int+Chz 15): 16 rolls, 12 of them academic.
ARMY_BUY = {"Mus": 7, "Grc": 8, "Res": 6, "Int": 9, "Sty": 7, "Chz": 6, "Mtp": 7}


def army() -> CreationState:
    """Military, Army (6 on 1d6), waiting for the first skill roll."""
    return replay(
        [
            MethodChosen(Method.POINT_BUY),
            PointBuyAssigned.of(ARMY_BUY),
            RaceApplied(None),
            CareerChosen("Military"),
            SpecialisationRolled((6,)),
        ],
        rulebook=BOOK,
    )


def by_slug(state: CreationState) -> dict[str, TableLegality]:
    return {view.table.slug: view for view in table_legality(state, BOOK)}


def row(view: TableLegality, roll: int) -> tuple[bool, str]:
    found = next(entry for entry in view.entries if entry.entry.roll == roll)
    return found.legal, found.reason


# --- The book's worked example --------------------------------------------------------


def test_treva_before_her_first_skill_roll() -> None:
    """Treva (58A5873, Citizen, Construction): the odds of a legal row, exactly."""
    treva = replay(CHARACTERISTIC_STEPS + CAREER_STEPS, rulebook=BOOK)
    views = by_slug(treva)
    assert list(views) == ["construction-academic", "construction-action"]
    academic, action = views["construction-academic"], views["construction-action"]
    # Academic: 3 Computer (Int 7 and Sty 9) and 9 Psychic (Mtp 8) are out of reach,
    # 2 + 4 = 6 of the 36 ways.
    assert academic.legal_rolls == (2, 4, 5, 6, 7, 8, 10, 11, 12)
    assert academic.chance == Fraction(30, 36) == Fraction(5, 6)
    assert as_percent(academic.chance) == "83.3%"
    legal, reason = row(academic, 9)
    assert not legal
    assert "Psychic needs Mtp 8" in reason
    assert "roll again once" in reason
    # Action: 5 Computer (4 ways), and 12 "+1 Res" would take Res A past its maximum.
    assert action.legal_rolls == (2, 3, 4, 6, 7, 8, 9, 10, 11)
    assert action.chance == Fraction(31, 36)
    legal, reason = row(action, 12)
    assert not legal
    assert "above its maximum of A" in reason
    assert "history reason" in reason
    assert academic.closed_reason == action.closed_reason == ""


def test_a_pending_roll_is_set_aside() -> None:
    """While a roll waits for its table the rows read as for a fresh roll."""
    treva = replay(CHARACTERISTIC_STEPS + CAREER_STEPS, rulebook=BOOK)
    waiting = apply_step(treva, SkillRolled((4, 5)), rulebook=BOOK)
    assert table_legality(waiting, BOOK) == table_legality(treva, BOOK)


# --- Both sides of each boundary ------------------------------------------------------


def test_army_tables_exact_odds() -> None:
    views = by_slug(army())
    # Academic: 6 Tactics (Chz 8) and 8 Computer (Sty 9) fail: 5 + 5 of 36 ways.
    assert views["army-academic"].chance == Fraction(26, 36)
    # Action: 5 Intimidation (Mus 8 or Chz 7) fails: 4 of 36 ways.
    assert views["army-action"].chance == Fraction(8, 9)


def test_prerequisite_boundary() -> None:
    """Intimidation needs Mus 8 or Chz 7: Chz 6 is one short, Chz 7 is enough."""
    state = army()
    legal, reason = row(by_slug(state)["army-action"], 5)
    assert not legal
    assert reason.startswith("Intimidation needs Mus 8 or Chz 7")
    chz_seven = replace(state, characteristics=state.characteristics.with_value("Chz", 7))
    legal, reason = row(by_slug(chz_seven)["army-action"], 5)
    assert legal
    assert reason == "Intimidation at rank 0."
    assert by_slug(chz_seven)["army-action"].chance == 1


def test_rank_six_boundary() -> None:
    """Recon (4 on the Army Action table) may rise to 6, and no further."""
    state = army()
    at_five = replace(state, skills=SkillSheet((SkillRank("Recon", "", 5),)))
    legal, reason = row(by_slug(at_five)["army-action"], 4)
    assert legal
    assert reason == "Recon rises from rank 5 to 6."
    at_six = replace(state, skills=SkillSheet((SkillRank("Recon", "", 6),)))
    view = by_slug(at_six)["army-action"]
    legal, reason = row(view, 4)
    assert not legal
    assert "already at rank 6" in reason
    assert view.chance == Fraction(8, 9) - Fraction(3, 36)


def test_quota_boundary() -> None:
    """An academic learner owing 8 academic rolls may read an action table with 9 rolls
    left, and not with 8: then every row of it is closed, and the chance is nil."""
    state = army()
    nine_left = replace(state, rolls_used=7, academic_rolls=4, action_rolls=3)
    open_view = by_slug(nine_left)["army-action"]
    assert open_view.closed_reason == ""
    assert open_view.chance == Fraction(8, 9)
    eight_left = replace(state, rolls_used=8, academic_rolls=4, action_rolls=4)
    views = by_slug(eight_left)
    closed = views["army-action"]
    assert closed.closed_reason == "You still owe 8 academic rolls."
    assert closed.legal_rolls == ()
    assert closed.chance == 0
    assert all(entry.reason == closed.closed_reason for entry in closed.entries)
    # After the first group the Planetside tables are open too; the academic ones stay so.
    assert list(views) == [
        "army-academic",
        "army-action",
        "military-planetside-academic",
        "military-planetside-action",
    ]
    assert views["army-academic"].chance == Fraction(26, 36)


def test_no_career_yet_means_no_tables() -> None:
    assert table_legality(CreationState(), BOOK) == ()


def test_junk_is_refused() -> None:
    with pytest.raises(RulesError):
        table_legality("a state", BOOK)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        table_legality(army(), "the book")  # type: ignore[arg-type]


# --- The odds themselves --------------------------------------------------------------


@pytest.mark.parametrize(
    ("totals", "expected"),
    [
        ([7], Fraction(6, 36)),
        ([2, 12], Fraction(2, 36)),
        ([2, 12, 12], Fraction(2, 36)),
        (range(2, 13), Fraction(1)),
        ([], Fraction(0)),
        ([1, 13], Fraction(0)),
    ],
)
def test_chance_of_totals_on_2d6(totals: list[int], expected: Fraction) -> None:
    assert chance_of_totals(totals) == expected


def test_chance_of_totals_on_1d6() -> None:
    assert chance_of_totals([1, 2], "1d6") == Fraction(1, 3)


@pytest.mark.parametrize("junk", ["7", 7, [7.0], [None], {7: 1}])
def test_chance_of_totals_refuses_junk(junk: object) -> None:
    with pytest.raises(RulesError):
        chance_of_totals(junk)  # type: ignore[arg-type]


def test_a_malformed_count_is_refused() -> None:
    with pytest.raises(RulesError):
        table_legality(replace(army(), rolls_used=0.0), BOOK)  # type: ignore[arg-type]
