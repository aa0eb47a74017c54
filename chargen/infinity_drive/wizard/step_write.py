"""Writing one creation step: check it against the rules, then log it once.

Shared by the wizard's services (services.py, services_race.py): `take_step` asks
rules/ (through progress.py) whether the step may come now, and writes it through
log.py, which makes repeats harmless; `refresh` keeps the list snapshot in step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from chargen.core.log_reads import LockedLog
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.log import NewEntry, Written, keep_derived, log_write
from chargen.infinity_drive.models import Character, CharacterStatus, CreationLogEntry
from chargen.infinity_drive.progress import Progress, progress_after, progress_for
from chargen.infinity_drive.wizard.log_walk import Kind, last_step_row, race_in_force, step_for
from chargen.rulebook.homebrew import rulebook_version_for_new_character
from rules.dice import DiceSpec, Roll, roll
from rules.errors import DiceError, RulesError
from rules.infinity_drive import creation
from rules.typed_dice import typed_roll

# --- The creation log's steps ---------------------------------------------------------


def progress_with(progress: Progress, new: NewEntry) -> None:
    """Check the new step against the rules before it is written (raises RulesError)."""
    if new.kind == Kind.RACE_CHANGE or (
        new.kind == Kind.CHARACTERISTIC_ROLL and not new.payload.get("characteristic")
    ):
        return
    character = progress.character
    candidate = CreationLogEntry(
        character=character,
        sequence=progress.next_sequence,
        kind=new.kind,
        payload=new.payload,
        dice=str(new.roll.spec) if new.roll else "",
        faces=list(new.roll.faces) if new.roll else [],
        entered=bool(new.roll and new.roll.entered),
        history_note=new.history_note,
    )
    previous = last_step_row(progress.entries)
    in_force = race_in_force([*progress.entries, candidate], character.race)
    step = step_for(candidate, previous, in_force)
    if step is None:
        return
    try:
        creation.apply_step(
            progress.state, step, rulebook=progress.rulebook, house_rules=progress.house_rules
        )
    except creation.StepError as error:
        raise RulesError(str(error.__cause__ or error)) from error


def refresh(
    character: Character, entries: list[CreationLogEntry], before: Progress | None = None
) -> None:
    """Keep the snapshot (and a death) in step with the log, in the same transaction.

    `before` is the progress the write checked its step against, replayed from the log
    before the new row: the new progress is then that one step further (`progress_after`)
    rather than a whole replay. It is kept for the answer (log.py's `log_as_written`)
    unless the character is pinned only now: a reload would replay under the pinned data."""
    progress = (
        progress_after(before, entries) if before is not None else progress_for(character, entries)
    )
    character.snapshot = progress.snapshot()
    fields = ["snapshot", "updated"]
    if character.rule_version_id is not None:
        keep_derived(character, entries, progress)
    else:
        # Started before any rule data was loaded: pinned by its first step instead.
        character.rule_version_id = rulebook_version_for_new_character(character.campaign)
        fields.append("rule_version")
    if progress.state.dead and character.status != CharacterStatus.DEAD:
        character.status = CharacterStatus.DEAD
        fields.append("status")
    character.save(update_fields=fields)


def take_step(
    *,
    character: Character,
    expected_sequence: int,
    kind: str,
    make: Callable[[Progress], NewEntry],
    also_kinds: Sequence[str] = (),
    locked_log: LockedLog[CreationLogEntry] | None = None,
) -> Written:
    """Write one step if the creation is waiting for it and the rules allow it
    (`locked_log`: the lock and log the caller's transaction read, see `log_write`)."""
    checked: list[Progress] = []  # the progress `build` read, for `refresh` to extend

    def build(entries: list[CreationLogEntry]) -> NewEntry:
        progress = progress_for(character, entries)
        if kind not in progress.allowed_kinds:
            raise StepRefused(f"Not now: {progress.next_step_message}")
        new = make(progress)
        progress_with(progress, new)
        checked.append(progress)
        return new

    return log_write(
        character=character,
        expected_sequence=expected_sequence,
        kinds=(kind, *also_kinds),
        build=build,
        after=lambda character, entries: refresh(
            character, entries, checked[-1] if checked else None
        ),
        locked_log=locked_log,
    )


def dice_for_step(progress: Progress, spec: DiceSpec, typed_faces: str) -> Roll:
    """The server's secure roll, or the faces the player typed where the campaign allows."""
    if not typed_faces.strip():
        return roll(spec)
    if not progress.house_rules.physical_dice_allowed:
        raise StepRefused("This campaign's GM asks for the server's dice.", field="faces")
    try:
        return typed_roll(spec, typed_faces)
    except DiceError as error:
        raise StepRefused(str(error), field="faces") from error
