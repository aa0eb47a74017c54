"""History and details (step 8) as a fold over their events.

"For every roll that you make on the table, even the ones that net you nothing, you
need to build a little piece of history for your character. [...] As a final step to
the history you will need to decide your age and appearance as well."

A roll's note is first the one given with the roll (a table choice's history reason, or
nothing); each later edit is an event naming the roll, and the latest wins. Age and
appearance are one event per save, the latest wins. Earlier versions stay in the log.

Pure: plain values in, plain values out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class DetailsGiven:
    age: str
    appearance: str


@dataclass(frozen=True)
class NoteWritten:
    """The player's note for the roll logged at `sequence`."""

    sequence: int
    text: str


HistoryEvent = DetailsGiven | NoteWritten


@dataclass(frozen=True)
class HistoryState:
    age: str = ""
    appearance: str = ""
    # (roll sequence, latest note), in the order the rolls were first written about.
    edited_notes: tuple[tuple[int, str], ...] = ()

    @property
    def done(self) -> bool:
        return bool(self.age.strip() and self.appearance.strip())

    def note_for(self, sequence: int, given_with_roll: str = "") -> str:
        """The roll's note now: the latest edit, else the one given with the roll."""
        return next(
            (text for edited, text in self.edited_notes if edited == sequence), given_with_roll
        )


def apply_history(state: HistoryState, event: HistoryEvent) -> HistoryState:
    if isinstance(event, DetailsGiven):
        return replace(state, age=event.age, appearance=event.appearance)
    notes = dict(state.edited_notes)
    notes[event.sequence] = event.text
    return replace(state, edited_notes=tuple(notes.items()))


def replay_history(events: Iterable[HistoryEvent]) -> HistoryState:
    state = HistoryState()
    for event in events:
        state = apply_history(state, event)
    return state


def history_changes(
    state: HistoryState,
    *,
    notes: Mapping[int, str],
    given_with_roll: Mapping[int, str],
    age: str,
    appearance: str,
) -> tuple[HistoryEvent, ...]:
    """The events a save of the history form makes: one per note that differs from the
    roll's note now, and the details when either differs. Nothing when nothing changed,
    so saving the same form twice writes once.

    `given_with_roll` holds every roll that takes a note (with the note given with it);
    a note for any other sequence is not a history roll and is ignored.
    """
    changes: list[HistoryEvent] = [
        NoteWritten(sequence, text)
        for sequence, text in sorted(notes.items())
        if sequence in given_with_roll
        and text != state.note_for(sequence, given_with_roll[sequence])
    ]
    if (age, appearance) != (state.age, state.appearance):
        changes.append(DetailsGiven(age, appearance))
    return tuple(changes)
