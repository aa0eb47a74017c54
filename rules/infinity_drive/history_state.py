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
from typing import cast

from rules.errors import MalformedInput
from rules.inputs import instance, listed, mapping, text, whole

__all__ = [
    "DetailsGiven",
    "HistoryEvent",
    "HistoryState",
    "NoteWritten",
    "apply_history",
    "history_changes",
    "replay_history",
]


@dataclass(frozen=True)
class DetailsGiven:
    age: str
    appearance: str

    def __post_init__(self) -> None:
        text(self.age, "The age")
        text(self.appearance, "The appearance")


@dataclass(frozen=True)
class NoteWritten:
    """The player's note for the roll logged at `sequence`."""

    sequence: int
    text: str

    def __post_init__(self) -> None:
        whole(self.sequence, "The roll's place in the log", minimum=1)
        text(self.text, "A history note")


HistoryEvent = DetailsGiven | NoteWritten


@dataclass(frozen=True)
class HistoryState:
    age: str = ""
    appearance: str = ""
    # (roll sequence, latest note), in the order the rolls were first written about.
    edited_notes: tuple[tuple[int, str], ...] = ()

    def __post_init__(self) -> None:
        text(self.age, "The age")
        text(self.appearance, "The appearance")
        notes = tuple(_note_pair(pair) for pair in listed(self.edited_notes, "The edited notes"))
        object.__setattr__(self, "edited_notes", notes)

    @property
    def done(self) -> bool:
        return bool(self.age.strip() and self.appearance.strip())

    def note_for(self, sequence: int, given_with_roll: str = "") -> str:
        """The roll's note now: the latest edit, else the one given with the roll."""
        whole(sequence, "The roll's place in the log")
        text(given_with_roll, "The note given with the roll")
        return next(
            (text for edited, text in self.edited_notes if edited == sequence), given_with_roll
        )


def _note_pair(pair: object) -> tuple[int, str]:
    if not isinstance(pair, tuple | list) or len(pair) != 2:
        raise MalformedInput("An edited note must be a roll's place and its text.")
    sequence, note = pair
    return whole(sequence, "The roll's place in the log", minimum=1), text(note, "A note")


def apply_history(state: HistoryState, event: HistoryEvent) -> HistoryState:
    instance(state, HistoryState, "The history so far")
    if not isinstance(event, DetailsGiven | NoteWritten):
        raise MalformedInput("A history event must be the details or a note.")
    if isinstance(event, DetailsGiven):
        return replace(state, age=event.age, appearance=event.appearance)
    notes = dict(state.edited_notes)
    notes[event.sequence] = event.text
    return replace(state, edited_notes=tuple(notes.items()))


def replay_history(events: Iterable[HistoryEvent]) -> HistoryState:
    state = HistoryState()
    for event in listed(events, "The history events"):
        state = apply_history(state, cast(HistoryEvent, event))  # checked there
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
    instance(state, HistoryState, "The history so far")
    notes = {
        whole(sequence, "The roll's place in the log"): text(note, "A history note")
        for sequence, note in mapping(notes, "The notes").items()
    }
    given_with_roll = {
        whole(sequence, "The roll's place in the log"): text(note, "The note given with a roll")
        for sequence, note in mapping(given_with_roll, "The notes given with rolls").items()
    }
    text(age, "The age")
    text(appearance, "The appearance")
    changes: list[HistoryEvent] = [
        NoteWritten(sequence, text)
        for sequence, text in sorted(notes.items())
        if sequence in given_with_roll
        and text != state.note_for(sequence, given_with_roll[sequence])
    ]
    if (age, appearance) != (state.age, state.appearance):
        changes.append(DetailsGiven(age, appearance))
    return tuple(changes)
