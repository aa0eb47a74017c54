"""History and details as a fold over events: the latest note and details win."""

from __future__ import annotations

from rules.infinity_drive.history_state import (
    DetailsGiven,
    HistoryEvent,
    HistoryState,
    NoteWritten,
    history_changes,
    replay_history,
)

GIVEN = {18: "", 23: "Skimming the stock system."}  # sequence → note given with the roll


def test_the_latest_details_and_notes_win_and_others_keep_the_note_given() -> None:
    state = replay_history(
        [
            DetailsGiven("34", "Tall."),
            NoteWritten(18, "Signed up for a quick credit."),
            NoteWritten(18, "Signed up as a warehouse admin."),
            DetailsGiven("35", "Scarred."),
        ]
    )
    assert (state.age, state.appearance, state.done) == ("35", "Scarred.", True)
    assert state.note_for(18, GIVEN[18]) == "Signed up as a warehouse admin."
    assert state.note_for(23, GIVEN[23]) == "Skimming the stock system."


def test_history_is_done_only_with_age_and_appearance() -> None:
    assert not HistoryState().done
    assert not replay_history([DetailsGiven("34", "  ")]).done


def test_a_save_changes_only_what_differs() -> None:
    state = replay_history([DetailsGiven("34", "Tall."), NoteWritten(18, "Old.")])
    changes = history_changes(
        state,
        notes={18: "New.", 23: GIVEN[23], 99: "not a history roll"},
        given_with_roll=GIVEN,
        age="34",
        appearance="Tall.",
    )
    assert changes == (NoteWritten(18, "New."),)
    assert (
        history_changes(
            state,
            notes={18: "Old.", 23: GIVEN[23]},
            given_with_roll=GIVEN,
            age="34",
            appearance="Tall.",
        )
        == ()
    )
    details = history_changes(state, notes={}, given_with_roll=GIVEN, age="34", appearance="Grey.")
    assert details == (DetailsGiven("34", "Grey."),)


def test_saving_the_same_form_again_changes_nothing() -> None:
    notes = {18: "Mine.", 23: "Also mine."}

    def save(state: HistoryState) -> tuple[HistoryEvent, ...]:
        return history_changes(
            state, notes=notes, given_with_roll=GIVEN, age="40", appearance="Grey."
        )

    first = save(HistoryState())
    assert len(first) == 3  # two notes and the details
    assert save(replay_history(first)) == ()
