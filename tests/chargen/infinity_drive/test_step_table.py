"""The step table is the one place a kind of log row is described; everything reads it."""

from __future__ import annotations

from chargen.infinity_drive.gm.labels import log_kind_label
from chargen.infinity_drive.wizard.entry_kinds import STEP_TABLE, Kind, kinds_answering
from chargen.infinity_drive.wizard.log_walk import UNDOABLE_KINDS
from rules.infinity_drive.creation import Expect
from rules.infinity_drive.creation.state import EXPECTED_STEP_TYPES


def test_every_kind_of_row_has_one_row_in_the_table() -> None:
    kinds = {value for name, value in vars(Kind).items() if name.isupper()}
    assert kinds == set(STEP_TABLE)


def test_every_expectation_of_the_reducer_is_answered_by_some_kind() -> None:
    for expecting, step_types in EXPECTED_STEP_TYPES.items():
        assert bool(kinds_answering(expecting)) == bool(step_types), expecting
    assert not kinds_answering(Expect.COMPLETE)
    assert not kinds_answering(Expect.DEAD)


def test_no_roll_can_be_undone_and_the_method_stays_chosen() -> None:
    assert not any(STEP_TABLE[kind].dice for kind in UNDOABLE_KINDS)
    assert Kind.METHOD not in UNDOABLE_KINDS
    assert Kind.SURVIVAL_OUTCOME not in UNDOABLE_KINDS  # death is final
    assert Kind.SETBACK in UNDOABLE_KINDS


def test_the_gm_reads_the_tables_words() -> None:
    assert log_kind_label(Kind.SKILL_REROLL) == "Skill reroll"
    assert log_kind_label("mishap_roll") == "Mishap roll"  # a kind added later
