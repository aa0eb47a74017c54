"""The wizard's second half as its pages read it: the whole log replayed (steps 1–6 by
progress.py, steps 7–8 by part_two.py), the campaign's content, and the history items.

Nothing here writes. A fixed number of queries however long the log is.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from chargen.content.models import HistoryPromptKey
from chargen.content.pinned import CatalogueItem, PinnedBackgroundTable, PinnedContent
from chargen.content.services import history_prompt_text
from chargen.infinity_drive.house_rules import RuleChange, house_rules_changes
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character, CreationLogEntry
from chargen.infinity_drive.part_two import BACKGROUND_ROLL, PartTwo
from chargen.infinity_drive.pinned import character_content
from chargen.infinity_drive.progress import Kind, Progress, progress_for
from rules.infinity_drive.creation import Expect
from rules.infinity_drive.equipment_state import STANDARD, VARIABLE, EquipmentState, Holding
from rules.infinity_drive.history_state import HistoryState
from rules.infinity_drive.house_rules import EquipmentOptions


@dataclass(frozen=True)
class Finish:
    """A character's whole creation as the equipment, history, review and sheet pages
    need it: the replayed log (steps 1–8) and the campaign's content (as pinned when the
    character started)."""

    progress: Progress
    entries: tuple[CreationLogEntry, ...]  # in force: no undo rows nor what they cancelled
    content: PinnedContent
    log: tuple[CreationLogEntry, ...] = ()  # the whole log, for the one-time key

    @property
    def character(self) -> Character:
        return self.progress.character

    @property
    def next_sequence(self) -> int:
        return self.progress.next_sequence

    def entry_at(self, sequence: int) -> CreationLogEntry | None:
        return next((entry for entry in self.log if entry.sequence == sequence), None)

    @property
    def skills_done(self) -> bool:
        return self.progress.state.expecting == Expect.COMPLETE

    # --- Step 7 ---------------------------------------------------------------------

    @property
    def part_two(self) -> PartTwo:
        return self.progress.part_two

    @property
    def equipment(self) -> EquipmentState:
        return self.part_two.equipment

    @property
    def option(self) -> str:
        return self.equipment.option

    @property
    def option_label(self) -> str:
        return self.part_two.option_label

    @property
    def credits(self) -> int | None:
        return self.equipment.credits

    @property
    def purchases(self) -> tuple[Holding, ...]:
        return self.equipment.holdings

    @property
    def spent(self) -> int:
        return self.equipment.spent

    @property
    def equipment_done(self) -> bool:
        return self.equipment.done

    @property
    def background_entries(self) -> tuple[CreationLogEntry, ...]:
        return tuple(entry for entry in self.entries if entry.kind == BACKGROUND_ROLL)

    @property
    def next_background_table(self) -> PinnedBackgroundTable | None:
        rolled = {entry.payload.get("table_key") for entry in self.background_entries}
        return next(
            (table for table in self.content.background_tables if table.key not in rolled), None
        )

    @property
    def catalogue(self) -> list[tuple[CatalogueItem, int]]:
        """Each catalogue item with how many the character owns (0 when none)."""
        owned = {holding.name: holding.quantity for holding in self.purchases}
        return [(item, owned.get(item.name, 0)) for item in self.content.equipment]

    @property
    def option_choices(self) -> list[tuple[str, str]]:
        allowed = self.progress.house_rules.equipment_options
        choices = []
        if allowed in {EquipmentOptions.BOTH, EquipmentOptions.STANDARD}:
            credits = self.progress.house_rules.starting_credits
            choices.append((STANDARD, f"Standard: {credits:,} cr to spend, alike for every player"))
        if allowed in {EquipmentOptions.BOTH, EquipmentOptions.VARIABLE}:
            choices.append(
                (VARIABLE, "Variable background: roll for background, cash, assets and debts")
            )
        return choices

    # --- Step 8 ---------------------------------------------------------------------

    @property
    def details(self) -> HistoryState:
        return self.part_two.history

    @property
    def age(self) -> str:
        return self.details.age

    @property
    def appearance(self) -> str:
        return self.details.appearance

    @property
    def history_done(self) -> bool:
        return self.details.done

    @cached_property
    def history(self) -> tuple[HistoryItem, ...]:
        return history_items(self)

    @property
    def history_written(self) -> tuple[HistoryItem, ...]:
        """The rolls with the player's note: what a sheet prints as the character's history.
        A roll without one prints nothing (the GM's roll log still lists every roll)."""
        return tuple(item for item in self.history if item.written_note)

    @property
    def history_unwritten_count(self) -> int:
        return len(self.history) - len(self.history_written)

    # --- Step 9 ---------------------------------------------------------------------

    @cached_property
    def house_rules_changes(self) -> list[RuleChange]:
        """Rules the campaign changed since this character started (it keeps its own)."""
        return house_rules_changes(self.character)

    @property
    def finish_blockers(self) -> list[str]:
        """Why the character cannot be finished yet, in the player's words (empty: it can)."""
        character = self.character
        # Steps 1–6 (incomplete, dead, a race the GM has not approved) say their own reasons.
        blockers = list(self.progress.finish_blockers)
        if not self.equipment_done:
            blockers.append("Choose your equipment option (and roll its tables) on step 7.")
        if not self.history_done:
            blockers.append("Give your character's age and appearance on step 8.")
        if not character.is_editable:
            blockers.append(
                f"{character.name} is already {character.get_status_display().lower()}."
            )
        return blockers


def finish_load(character: Character) -> Finish:
    """One character's creation, loaded in a fixed number of queries however long its log."""
    entries = log_entries(character)
    progress = progress_for(character, entries)
    return Finish(
        progress=progress,
        entries=progress.entries,
        content=character_content(character),
        log=tuple(entries),
    )


# --- History items ----------------------------------------------------------------------


@dataclass(frozen=True)
class HistoryItem:
    """One roll's piece of history: the log entry the note belongs to, the roll's dice,
    what it gave, the prompt pre-filled from the table entry, career and specialisation,
    and the note as it stands (the latest edit, else the one given with the roll)."""

    entry: CreationLogEntry
    dice_entries: tuple[CreationLogEntry, ...]
    title: str
    outcome: str
    prompt: str
    note: str = ""

    @property
    def sequence(self) -> int:
        return self.entry.sequence

    @property
    def entered(self) -> bool:
        return any(entry.entered for entry in self.dice_entries)

    @property
    def written_note(self) -> str:
        """The player's own note ("" when none is written yet). The prompt is only a
        hint: a note that merely repeats it (saved by an older form that pre-filled the
        field with it) is not history and reads as not written."""
        note = self.note.strip()
        return "" if note == self.prompt.strip() else note


def _prompt_key_for_record(outcome: str, lost: bool, is_characteristic: bool) -> str:
    if lost:
        lowered = outcome.lower()
        if "prerequisite" in lowered or "reroll" in lowered:
            return HistoryPromptKey.LOST_PREREQUISITE
        if "rank 6" in lowered:
            return HistoryPromptKey.LOST_RANK_SIX
        return HistoryPromptKey.LOST_MAXIMUM
    if is_characteristic:
        return HistoryPromptKey.CHARACTERISTIC
    if "at rank 0" in outcome:
        return HistoryPromptKey.SKILL_NEW
    return HistoryPromptKey.SKILL


def history_items(finish: Finish) -> tuple[HistoryItem, ...]:
    """Every roll that needs a history, in order: the specialisation, each skill roll
    (its note lives on the table choice), each survival roll and setback, and each
    background roll. Characteristic rolls have no table entry and are not asked for."""
    state = finish.progress.state
    rulebook = finish.progress.rulebook
    prompts = finish.content.history_prompts
    notes = finish.details
    career = state.career or ""
    specialisation = state.specialisation or ""
    records = iter(state.records)
    survivals = iter(state.survival_rolls)
    # Each failed survival roll the character lived through led to one setback, in order.
    setbacks = iter(state.setbacks)
    items: list[HistoryItem] = []
    dice_since_choice: list[CreationLogEntry] = []

    def prompt(key: str, entry: str, table: str, rolled: object) -> str:
        return history_prompt_text(
            prompts=prompts,
            key=key,
            entry=entry,
            table=table,
            career=career,
            specialisation=specialisation,
            roll=str(rolled),
        )

    def item(
        entry: CreationLogEntry,
        dice: tuple[CreationLogEntry, ...],
        title: str,
        outcome: str,
        prompt_text: str,
    ) -> HistoryItem:
        note = notes.note_for(entry.sequence, entry.history_note)
        return HistoryItem(entry, dice, title, outcome, prompt_text, note)

    for entry in finish.entries:
        kind = entry.kind
        if kind == Kind.SPECIALISATION_ROLL:
            table = f"{career} specialisation table"
            items.append(
                item(
                    entry,
                    (entry,),
                    f"Career: {career}, {specialisation}",
                    f"Rolled {entry.total}: {specialisation}.",
                    prompt(HistoryPromptKey.CAREER, specialisation, table, entry.total),
                )
            )
        elif kind in {Kind.SKILL_ROLL, Kind.SKILL_REROLL}:
            dice_since_choice.append(entry)
        elif kind == Kind.TABLE_CHOICE:
            record = next(records, None)
            if record is None:
                continue
            rulebook_table = rulebook.table(record.table_slug)
            table_entry = rulebook_table.entry(record.total)
            key = _prompt_key_for_record(record.outcome, record.lost, table_entry.is_characteristic)
            items.append(
                item(
                    entry,
                    tuple(dice_since_choice),
                    f"Skill roll {record.roll_number}: {table_entry.label}",
                    f"{record.total} on the {rulebook_table.name}. {record.outcome}",
                    prompt(key, table_entry.label, rulebook_table.name, record.total),
                )
            )
            dice_since_choice = []
        elif kind == Kind.SURVIVAL_ROLL:
            result = next(survivals, None)
            survived = result is None or result.survived
            explanation = result.explanation if result else ""
            setback = None if survived else next(setbacks, None)
            title, outcome, prompt_entry = "Survival roll", explanation, explanation
            if setback is not None:
                title = "Survival roll: a setback"
                outcome = f"{explanation} Suffered a setback: {setback.effect}."
                prompt_entry = setback.effect  # the prompt itself says it was a setback
            elif not survived:
                title = "Survival roll: failed"
            items.append(
                item(
                    entry,
                    (entry,),
                    title,
                    outcome,
                    prompt(
                        HistoryPromptKey.SURVIVAL if survived else HistoryPromptKey.SETBACK,
                        prompt_entry,
                        "survival roll",
                        entry.total,
                    ),
                )
            )
        elif kind == BACKGROUND_ROLL:
            payload = entry.payload
            items.append(
                item(
                    entry,
                    (entry,),
                    payload.get("table_name", "Background"),
                    payload.get("result", ""),
                    prompt(
                        HistoryPromptKey.BACKGROUND,
                        payload.get("result", ""),
                        payload.get("table_name", ""),
                        entry.total,
                    ),
                )
            )
    return tuple(items)
