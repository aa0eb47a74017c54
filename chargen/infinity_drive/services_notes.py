"""One roll's history note, saved on its own as the player types.

"For every roll that you make on the table [...] you need to build a little piece of
history": the note is offered beside the roll when it is made and on the history step,
and each save appends one `note` entry for one roll (the latest note for a roll wins on
replay, see part_two.py). Nothing already written changes.

The one-time key is the log's next sequence as the page was drawn, as for every step
form. A save writes its note exactly there, so the page's other forms move on by one
and stay valid (the page is told so). A request whose key is already taken is a repeat
when the entry there is this very note (a double submit, a retried request): it answers
"saved" and writes nothing. Text that is already the roll's note writes nothing either.
Anything else was drawn before another change (a second tab) and is refused unwritten,
so a stale page never overwrites a newer note.

A prompt is a hint shown as the field's placeholder and never the player's text: a note
that only repeats its roll's prompt is saved as no note at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.log import NewEntry
from chargen.infinity_drive.models import Character, CreationLogEntry
from chargen.infinity_drive.part_two import NOTE, history_entry
from chargen.infinity_drive.part_two_write import (
    locked_character,
    refuse_unless_editable,
    write_entry,
)
from chargen.infinity_drive.pinned import character_content
from chargen.infinity_drive.progress import Progress
from chargen.infinity_drive.selectors_finish import Finish, HistoryItem, finish_load
from chargen.infinity_drive.services_history import MAX_NOTE_LENGTH, own_words
from rules.infinity_drive.history_state import NoteWritten

NOTE_FIELD = "text"
NOT_A_HISTORY_ROLL = "That roll takes no history note; reload the page."
NOTE_STALE = (
    "This page is out of date: the character changed since it was drawn (another tab?). "
    "Copy your text, reload the page, and paste it back."
)


def too_long_message(length: int) -> str:
    return f"Keep this note to at most {MAX_NOTE_LENGTH:,} characters (it has {length:,})."


@dataclass(frozen=True)
class NoteSaved:
    """What a note save did: `written` is False when the log already held the note.

    `moved_from` → `moved_to` is how the page's one-time key moves (equal when it
    does not): the page's other forms carry it and must follow.
    """

    roll: int
    text: str
    written: bool
    moved_from: int
    moved_to: int


def _item(finish: Finish, roll: int) -> HistoryItem:
    item = next((item for item in finish.history if item.sequence == roll), None)
    if item is None:
        raise StepRefused(NOT_A_HISTORY_ROLL)
    return item


def _is_this_note(entry: CreationLogEntry | None, roll: int, text: str) -> bool:
    if entry is None or entry.kind != NOTE:
        return False
    payload = entry.payload or {}
    return payload.get("sequence") == roll and payload.get("text", "") == text


@transaction.atomic
def note_save(*, character: Character, expected_sequence: int, roll: int, text: str) -> NoteSaved:
    """Save the player's note for the roll logged at `roll` (see the module's notes).

    Refused, with nothing written: a note over MAX_NOTE_LENGTH (the message names the
    limit), a sequence that is no history roll of this character, a character that can
    no longer change, and a page drawn before another change.
    """
    stripped = text.strip()
    if len(stripped) > MAX_NOTE_LENGTH:
        raise StepRefused(too_long_message(len(stripped)), field=NOTE_FIELD)
    character = locked_character(character)
    refuse_unless_editable(character)
    finish = finish_load(character)
    item = _item(finish, roll)
    note = own_words(stripped, item.prompt)
    unmoved = NoteSaved(roll, note, False, expected_sequence, expected_sequence)
    if expected_sequence < finish.next_sequence and _is_this_note(
        finish.entry_at(expected_sequence), roll, note
    ):
        return NoteSaved(roll, note, False, expected_sequence, expected_sequence + 1)
    if note == item.note:
        return unmoved
    if expected_sequence != finish.next_sequence:
        raise StepRefused(NOTE_STALE)
    write_entry(
        character=character,
        expected_sequence=expected_sequence,
        kinds=(NOTE,),
        new=NewEntry(*history_entry(NoteWritten(roll, note))),
    )
    return NoteSaved(roll, note, True, expected_sequence, expected_sequence + 1)


# --- The note beside the roll just made -------------------------------------------------


def latest_roll_note(finish: Finish, kinds: frozenset[str]) -> HistoryItem | None:
    """The newest roll that takes a history note, when it is one of `kinds` (the rolls
    the page shows being made): the note offered beside it."""
    items = finish.history
    return items[-1] if items and items[-1].entry.kind in kinds else None


def roll_note_context(finish: Finish, kinds: frozenset[str], back: str) -> dict[str, object]:
    """What a rolling step's page needs for `_roll_note.html`."""
    return {
        "roll_note": latest_roll_note(finish, kinds),
        "note_limit": MAX_NOTE_LENGTH,
        "back": back,
        "page_sequence": finish.next_sequence,
    }


def part_one_roll_note_context(
    progress: Progress, kinds: frozenset[str], back: str
) -> dict[str, object]:
    """The same for steps 1–6, whose pages load the replayed log without the content
    (the prompts are read only once a roll takes a note)."""
    if not any(entry.kind in kinds for entry in progress.entries):
        return {"roll_note": None}
    finish = Finish(
        progress=progress,
        entries=progress.entries,
        content=character_content(progress.character),
    )
    return roll_note_context(finish, kinds, back)
