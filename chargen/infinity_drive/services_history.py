"""Step 8, history and details: the player's note for each roll, age and appearance.

"For every roll that you make on the table, even the ones that net you nothing, you need
to build a little piece of history [...] As a final step to the history you will need to
decide your age and appearance as well."

Nothing already written changes: saving the form appends one `note` entry per note that
differs from the roll's note now and one `details` entry when age or appearance differ,
all in one INSERT at the sequence the form expected. The earlier versions stay in the
log for the GM to read.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import takewhile

from django.db import transaction

from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.log import NewEntry
from chargen.infinity_drive.models import Character, CreationLogEntry
from chargen.infinity_drive.part_two import HISTORY_KINDS, history_entry
from chargen.infinity_drive.part_two_write import (
    locked_character,
    refuse_unless_editable,
    refuse_unless_skills_done,
    saved_repeat,
    write_entries,
)
from chargen.infinity_drive.selectors_finish import Finish, finish_load
from rules.infinity_drive.history_state import HistoryEvent, history_changes

MAX_NOTE_LENGTH = 4000
MAX_AGE_LENGTH = 60


def own_words(text: str, prompt: str) -> str:
    """A note as stored: stripped, and never the prompt it was hinted with (a prompt is
    the field's placeholder, not the player's history: repeating it is no note)."""
    text = text.strip()
    return "" if prompt and text == prompt.strip() else text


def _changes(
    finish: Finish, notes: Mapping[int, str], age: str, appearance: str
) -> tuple[HistoryEvent, ...]:
    prompts = {item.sequence: item.prompt for item in finish.history}
    return history_changes(
        finish.details,
        notes={
            sequence: own_words(note, prompts.get(sequence, ""))[:MAX_NOTE_LENGTH]
            for sequence, note in notes.items()
        },
        given_with_roll={item.sequence: item.entry.history_note for item in finish.history},
        age=age.strip()[:MAX_AGE_LENGTH],
        appearance=appearance.strip()[:MAX_NOTE_LENGTH],
    )


@transaction.atomic
def history_save(
    *,
    character: Character,
    expected_sequence: int,
    notes: Mapping[int, str],
    age: str,
    appearance: str,
) -> tuple[CreationLogEntry, ...]:
    """Save the player's history notes (by the log sequence of their roll), age and
    appearance: the entries this save appended, or those the same form saved when it is
    posted again (none when nothing changed). Sequences that are not one of this
    character's history rolls are ignored, never created."""
    character = locked_character(character)
    refuse_unless_editable(character)
    finish = finish_load(character)
    refuse_unless_skills_done(finish)
    if not finish.equipment_done:
        raise StepRefused("Choose your equipment (step 7) before writing the history.")
    saved = saved_repeat(
        finish,
        expected_sequence=expected_sequence,
        kinds=HISTORY_KINDS,
        nothing_new=lambda: not _changes(finish, notes, age, appearance),
    )
    if saved is not None:
        later = (entry for entry in finish.entries if entry.sequence >= saved.sequence)
        return tuple(takewhile(lambda entry: entry.kind in HISTORY_KINDS, later))
    changes = _changes(finish, notes, age, appearance)
    if not changes:
        return ()
    new = [NewEntry(*history_entry(event)) for event in changes]
    return write_entries(finish=finish, expected_sequence=expected_sequence, new=new)
