"""Messages a player reads: numbers agree with their verbs, skills read as on the sheet,
a failed survival roll is not called a death before anyone chose one."""

from __future__ import annotations

import pytest

from rules.errors import RulesError
from rules.infinity_drive.characteristics import validate_point_buy
from rules.infinity_drive.house_rules import BOOK_DEFAULTS
from rules.infinity_drive.profile import Characteristics
from rules.infinity_drive.rulebook import TableEntry, load_book
from rules.infinity_drive.survival import apply_setback, survival_check

FIFTY = {"Mus": 7, "Grc": 7, "Res": 7, "Int": 8, "Sty": 7, "Chz": 7, "Mtp": 7}


@pytest.mark.parametrize(
    ("mus", "message"),
    [
        (6, "You have spent 49 of 50 points; 1 is left."),
        (5, "You have spent 48 of 50 points; 2 are left."),
    ],
)
def test_points_left_agree_with_their_verb(mus: int, message: str) -> None:
    with pytest.raises(RulesError) as refused:
        validate_point_buy(FIFTY | {"Mus": mus}, BOOK_DEFAULTS)
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("entry", "label"),
    [
        (
            TableEntry(3, "Knowledge(Underworld)", "Knowledge", "Underworld"),
            "Knowledge (Underworld)",
        ),
        (TableEntry(8, "Communication", "Communications"), "Communications"),
        (TableEntry(2, "+1 Mus", characteristic="Mus", amount=1), "+1 Mus"),
    ],
)
def test_a_table_entry_reads_as_the_sheet_writes_it(entry: TableEntry, label: str) -> None:
    assert entry.label == label


def test_the_book_text_is_kept_for_the_rules_reference() -> None:
    book = load_book()
    underworld = next(
        entry for table in book.tables for entry in table.entries if entry.specialty == "Underworld"
    )
    assert underworld.book_text == "Knowledge(Underworld)"
    assert underworld.label == "Knowledge (Underworld)"


def test_a_failed_survival_roll_says_failed_not_that_the_character_died() -> None:
    failed = survival_check(
        career="Citizen", learner_type="academic", rulebook=load_book(), faces=(1, 1)
    )
    assert not failed.survived
    assert failed.explanation.endswith(": failed.")
    assert "did not survive" not in failed.explanation


@pytest.mark.parametrize(
    ("rolls_left", "effect"),
    [
        (3, "one fewer skill roll and Mus −1 (8 → 7)"),
        (0, "no skill rolls left, so Mus −2 (8 → 6)"),
    ],
)
def test_a_setback_says_what_it_cost(rolls_left: int, effect: str) -> None:
    setback = apply_setback(Characteristics.of(FIFTY | {"Mus": 8}), "Mus", rolls_left)
    assert setback.effect == effect
    assert setback.explanation == f"Setback: {effect}."
