"""How steps 7 and 8 write to the creation log: the character locked, the guards, and the
sequence number every form carries as its one-time key.

A form expects to write at the log's length + 1 as it was when the page was drawn. When
that sequence is already taken, the request is a repeat (a double-click, a replayed
POST) if the entry there is one of its kinds and the request asks for nothing the log
does not already say (the same quantity, the same notes): it answers with what is
saved. Otherwise the page was drawn before another change, and nothing is written.
The list's snapshot is refreshed in the same transaction as every write.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from django.db import IntegrityError, transaction

from chargen.core.log import STALE_MESSAGE
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.log import NewEntry, log_write
from chargen.infinity_drive.models import Character, CharacterStatus, CreationLogEntry
from chargen.infinity_drive.progress import progress_for
from chargen.infinity_drive.selectors_finish import Finish
from rules.errors import RulesError

STALE = STALE_MESSAGE
NOT_NEXT = STALE_MESSAGE


# --- Guards ---------------------------------------------------------------------------


def locked_character(character: Character) -> Character:
    """Re-read the character inside the transaction, so two requests never both spend
    the same credits (SQLite's IMMEDIATE transactions queue them; PostgreSQL locks)."""
    return (
        Character.objects.select_for_update(of=("self",))
        .select_related("campaign", "race")
        .get(pk=character.pk)
    )


def refuse_unless_editable(character: Character) -> None:
    if not character.is_editable:
        raise StepRefused(
            f"{character.name} is {character.get_status_display().lower()}; "
            "it can no longer be changed."
        )


def refuse_unless_skills_done(finish: Finish) -> None:
    if finish.progress.state.dead:
        raise StepRefused("This character died in their career; there is no equipment to buy.")
    if not finish.skills_done:
        raise StepRefused("Finish your skill rolls (step 6) before choosing equipment.")


def refuse_dice_after_return(character: Character) -> None:
    # "A returned character can be changed by its player where no dice are involved."
    if character.status == CharacterStatus.RETURNED:
        raise StepRefused("The GM returned this character: it can be changed, but not re-rolled.")


# --- The one-time key -----------------------------------------------------------------


def saved_repeat(
    finish: Finish,
    *,
    expected_sequence: int,
    kinds: Collection[str],
    nothing_new: Callable[[], bool],
) -> CreationLogEntry | None:
    """The entry this request repeats, or None when its sequence is the next one.

    Checked before the request itself. `nothing_new` answers True when the request asks
    for nothing the log does not already hold (a request the rules refuse asks for
    something), which makes it a repeat of the entry at its sequence.
    """
    if expected_sequence > finish.next_sequence:
        raise StepRefused(NOT_NEXT)
    if expected_sequence == finish.next_sequence:
        return None
    saved = finish.entry_at(expected_sequence)
    if saved is not None and saved.kind in kinds:
        try:
            if nothing_new():
                return saved
        except (StepRefused, RulesError):
            pass
    raise StepRefused(STALE)


def refresh_snapshot(character: Character, entries: Sequence[CreationLogEntry]) -> None:
    """The list's summary of the whole log, written with the entries it reflects."""
    character.snapshot = progress_for(character, entries).snapshot()
    character.save(update_fields=["snapshot", "updated"])


def write_entry(
    *, character: Character, expected_sequence: int, kinds: Collection[str], new: NewEntry
) -> CreationLogEntry:
    """One decision through the log's write path, the snapshot refreshed with it."""
    written = log_write(
        character=character,
        expected_sequence=expected_sequence,
        kinds=tuple(kinds),
        build=lambda entries: new,
        after=refresh_snapshot,
    )
    if not written.created:
        # The character row is locked, so only a writer that skips the lock gets here.
        raise StepRefused(STALE)
    return written.entry


def write_entries(
    *, finish: Finish, expected_sequence: int, new: Sequence[NewEntry]
) -> tuple[CreationLogEntry, ...]:
    """Several decisions of one form at `expected_sequence` onwards, in one INSERT.

    The caller has checked the sequence (`saved_repeat`) with the character row locked;
    the unique (character, sequence) constraint still stands guard.
    """
    character = finish.character
    rows = [
        CreationLogEntry(
            character=character,
            sequence=expected_sequence + offset,
            kind=entry.kind,
            payload=entry.payload,
        )
        for offset, entry in enumerate(new)
    ]
    try:
        with transaction.atomic():
            created = CreationLogEntry.objects.bulk_create(rows)
    except IntegrityError as error:
        raise StepRefused(STALE) from error
    refresh_snapshot(character, [*finish.entries, *created])
    return tuple(created)
