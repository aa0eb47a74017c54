"""The wizard's second half: equipment (step 7), history and details (8), review and
finish (9), and the character sheet built from the replayed log.

Every function here is keyword-only and runs in one transaction. Rolls on the
variable background tables go through the creation log (log.py), so a repeated POST
returns the roll already saved; purchases set a quantity rather than add one, so a
double-click or a replayed POST buys nothing twice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

from django.db import transaction

from chargen.characters.access import refuse_unless_still_in_campaign
from chargen.characters.campaign_rules import house_rules_for
from chargen.characters.errors import StepRefused
from chargen.characters.house_rules import RuleChange, house_rules_changes
from chargen.characters.log import NewEntry, log_entries, log_write
from chargen.characters.models import (
    Character,
    CharacterStatus,
    CreationLogEntry,
    EquipmentOption,
)
from chargen.characters.progress import Kind, Progress, progress_for
from chargen.content.backgrounds import BackgroundResult, background_table_value
from chargen.content.models import (
    BackgroundTable,
    CharacterEquipment,
    EquipmentItem,
    HistoryPromptKey,
)
from chargen.content.services import CampaignContent, content_for_campaign, history_prompt_text
from rules.dice import Roll, entered_roll, parse_faces, roll
from rules.errors import RulesError
from rules.infinity_drive.characteristics import characteristic_modifier, characteristic_name
from rules.infinity_drive.creation import Expect
from rules.infinity_drive.house_rules import EquipmentOptions
from rules.infinity_drive.profile import hex_value

# The log row kinds this half of the wizard writes. Part 1's replay knows nothing of
# them, so they are kept out of what it replays (`finish_load`).
BACKGROUND_ROLL = Kind.BACKGROUND_ROLL
PART_TWO_KINDS: frozenset[str] = frozenset({BACKGROUND_ROLL})

MAX_QUANTITY = 99
MAX_NOTE_LENGTH = 4000


# --- Loading --------------------------------------------------------------------------


@dataclass(frozen=True)
class Finish:
    """A character's whole creation as the equipment, history, review and sheet pages
    need it: the replayed steps 1–6, the full log, the campaign's content, purchases."""

    progress: Progress
    entries: tuple[CreationLogEntry, ...]
    content: CampaignContent
    purchases: tuple[CharacterEquipment, ...]

    @property
    def character(self) -> Character:
        return self.progress.character

    @property
    def next_sequence(self) -> int:
        return (self.entries[-1].sequence if self.entries else 0) + 1

    @property
    def skills_done(self) -> bool:
        return self.progress.state.expecting == Expect.COMPLETE

    @property
    def background_entries(self) -> tuple[CreationLogEntry, ...]:
        return tuple(entry for entry in self.entries if entry.kind == BACKGROUND_ROLL)

    @property
    def next_background_table(self) -> BackgroundTable | None:
        rolled = {entry.payload.get("table_key") for entry in self.background_entries}
        return next(
            (table for table in self.content.background_tables if table.key not in rolled), None
        )

    @property
    def equipment_done(self) -> bool:
        character = self.character
        return (
            character.equipment_option != EquipmentOption.UNCHOSEN and character.credits is not None
        )

    @property
    def history_done(self) -> bool:
        return bool(self.character.age.strip() and self.character.appearance.strip())

    @property
    def catalogue(self) -> list[tuple[EquipmentItem, int]]:
        """Each catalogue item with how many the character owns (0 when none)."""
        owned = {purchase.name: purchase.quantity for purchase in self.purchases}
        return [(item, owned.get(item.name, 0)) for item in self.content.equipment]

    @property
    def spent(self) -> int:
        return sum(purchase.total_price for purchase in self.purchases)

    @property
    def option_choices(self) -> list[tuple[str, str]]:
        allowed = self.progress.house_rules.equipment_options
        choices = []
        if allowed in {EquipmentOptions.BOTH, EquipmentOptions.STANDARD}:
            credits = self.progress.house_rules.starting_credits
            choices.append((EquipmentOption.STANDARD.value, f"Standard: {credits:,} cr"))
        if allowed in {EquipmentOptions.BOTH, EquipmentOptions.VARIABLE}:
            choices.append((EquipmentOption.VARIABLE.value, "Variable background: roll on tables"))
        return choices

    @cached_property
    def house_rules_changes(self) -> list[RuleChange]:
        """Rules the campaign changed since this character started (it keeps its own)."""
        return house_rules_changes(self.character)

    @cached_property
    def history(self) -> tuple[HistoryItem, ...]:
        return history_items(self)

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
    progress = progress_for(
        character, [entry for entry in entries if entry.kind not in PART_TWO_KINDS]
    )
    return Finish(
        progress=progress,
        entries=tuple(entries),
        content=content_for_campaign(character.campaign),
        purchases=tuple(CharacterEquipment.objects.filter(character=character)),
    )


# --- Guards ---------------------------------------------------------------------------


def _refuse_unless_editable(character: Character) -> None:
    if not character.is_editable:
        raise StepRefused(
            f"{character.name} is {character.get_status_display().lower()}; "
            "it can no longer be changed."
        )


def _refuse_unless_skills_done(finish: Finish) -> None:
    if finish.progress.state.dead:
        raise StepRefused("This character died in their career; there is no equipment to buy.")
    if not finish.skills_done:
        raise StepRefused("Finish your skill rolls (step 6) before choosing equipment.")


def _refuse_dice_after_return(character: Character) -> None:
    # "A returned character can be changed by its player where no dice are involved."
    if character.status == CharacterStatus.RETURNED:
        raise StepRefused("The GM returned this character: it can be changed, but not re-rolled.")


def _locked_character(character: Character) -> Character:
    """Re-read the character inside the transaction, so two requests never both spend
    the same credits (SQLite's IMMEDIATE transactions queue them; PostgreSQL locks)."""
    return (
        Character.objects.select_for_update(of=("self",))
        .select_related("campaign", "race")
        .get(pk=character.pk)
    )


# --- Step 7: equipment ----------------------------------------------------------------


@transaction.atomic
def equipment_choose_option(*, character: Character, option: str) -> Character:
    """Choose the standard or the variable background option. Once chosen, it is locked:
    "once you choose one option there is no going back with your character"."""
    character = _locked_character(character)
    _refuse_unless_editable(character)
    finish = finish_load(character)
    _refuse_unless_skills_done(finish)
    if option not in dict(finish.option_choices):
        raise StepRefused("This campaign does not offer that equipment option.", field="option")
    if character.equipment_option == option:
        return character  # the same choice posted again changes nothing
    if character.equipment_option != EquipmentOption.UNCHOSEN:
        raise StepRefused(
            f"You chose the {character.get_equipment_option_display().lower()} already; "
            "as the book says, once you choose there is no going back.",
            field="option",
        )
    character.equipment_option = option
    character.credits = (
        finish.progress.house_rules.starting_credits if option == EquipmentOption.STANDARD else None
    )
    character.save(update_fields=["equipment_option", "credits", "updated"])
    return character


def _background_roll(finish: Finish, spec_text: str, faces_text: str) -> Roll:
    if faces_text.strip():
        if not finish.progress.house_rules.physical_dice_allowed:
            raise StepRefused("This campaign's GM asks for server dice: leave the field empty.")
        try:
            return entered_roll(spec_text, parse_faces(faces_text))
        except RulesError as error:
            raise StepRefused(str(error), field="faces") from error
    return roll(spec_text)


def equipment_roll_background(
    *, character: Character, expected_sequence: int, faces_text: str = ""
) -> CreationLogEntry:
    """Roll (or read the typed faces for) the next variable background table.

    The roll is written to the creation log before anyone sees it; the same form
    posted again returns the roll already saved. Once every table is rolled, the
    character's credits are the starting cash the tables gave.
    """
    with transaction.atomic():
        character = _locked_character(character)
        _refuse_unless_editable(character)
        _refuse_dice_after_return(character)
        finish = finish_load(character)
        _refuse_unless_skills_done(finish)
        if character.equipment_option != EquipmentOption.VARIABLE:
            raise StepRefused("Background tables are rolled only under the variable option.")

        def build(entries: list[CreationLogEntry]) -> NewEntry:
            table = finish.next_background_table
            if table is None:
                raise StepRefused("Every background table is rolled already.")
            value = background_table_value(table)
            rolled = _background_roll(finish, table.dice, faces_text)
            row = value.result_for(rolled.total)
            return NewEntry(
                kind=BACKGROUND_ROLL,
                payload={
                    "table_key": value.key,
                    "table_name": value.name,
                    "low": row.low,
                    "high": row.high,
                    "result": row.result,
                    "credits": row.credits,
                    "assets": row.assets,
                    "debts": row.debts,
                },
                roll=rolled,
            )

        def after(saved: Character, entries: list[CreationLogEntry]) -> None:
            rolled = {
                entry.payload["table_key"] for entry in entries if entry.kind == BACKGROUND_ROLL
            }
            if all(table.key in rolled for table in finish.content.background_tables):
                cash = sum(
                    entry.payload.get("credits", 0)
                    for entry in entries
                    if entry.kind == BACKGROUND_ROLL
                )
                saved.credits = max(0, cash) - finish.spent
                saved.save(update_fields=["credits", "updated"])

        written = log_write(
            character=character,
            expected_sequence=expected_sequence,
            kinds=(BACKGROUND_ROLL,),
            build=build,
            after=after,
        )
        return written.entry


@transaction.atomic
def equipment_set_quantity(
    *, character: Character, item_id: int, quantity: int
) -> CharacterEquipment | None:
    """Own `quantity` of a catalogue item (0 sells it back). Setting a number rather than
    adding one makes a double-click or a replayed POST harmless."""
    character = _locked_character(character)
    _refuse_unless_editable(character)
    finish = finish_load(character)
    _refuse_unless_skills_done(finish)
    if not finish.equipment_done:
        raise StepRefused("Choose your equipment option (and roll its tables) before buying.")
    if not 0 <= quantity <= MAX_QUANTITY:
        raise StepRefused(f"Buy between 0 and {MAX_QUANTITY} of an item.", field="quantity")
    item = finish.content.equipment_by_pk().get(item_id)
    owned = next((p for p in finish.purchases if item and p.name == item.name), None)
    if item is None:
        raise StepRefused("That item is not in this campaign's catalogue.", field="item")
    current_cost = owned.total_price if owned else 0
    # A kept purchase keeps the price paid; only the change is charged at today's price.
    unit_price = owned.unit_price if owned else item.price
    change = unit_price * quantity - current_cost
    credits = character.credits or 0
    if change > credits:
        raise StepRefused(
            f"{quantity} × {item.name} costs {unit_price * quantity:,} credits; you have "
            f"{credits + current_cost:,} to spend on it.",
            field="quantity",
        )
    character.credits = credits - change
    character.save(update_fields=["credits", "updated"])
    if quantity == 0:
        if owned:
            owned.delete()
        return None
    if owned:
        owned.quantity = quantity
        owned.save(update_fields=["quantity"])
        return owned
    return CharacterEquipment.objects.create(
        character=character,
        item=item,
        name=item.name,
        category=item.category,
        unit_price=item.price,
        quantity=quantity,
        bought_by=character.owner,
    )


# --- Step 8: history and details -----------------------------------------------------


@dataclass(frozen=True)
class HistoryItem:
    """One roll's piece of history: the log entry that holds the note, the roll's dice,
    what it gave, and the prompt pre-filled from the table entry, career and specialisation."""

    entry: CreationLogEntry
    dice_entries: tuple[CreationLogEntry, ...]
    title: str
    outcome: str
    prompt: str

    @property
    def note(self) -> str:
        return self.entry.history_note

    @property
    def entered(self) -> bool:
        return any(entry.entered for entry in self.dice_entries)


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

    for entry in finish.entries:
        kind = entry.kind
        if kind == Kind.SPECIALISATION_ROLL:
            table = f"{career} specialisation table"
            items.append(
                HistoryItem(
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
            table = rulebook.table(record.table_slug)
            table_entry = table.entry(record.total)
            key = _prompt_key_for_record(record.outcome, record.lost, table_entry.is_characteristic)
            items.append(
                HistoryItem(
                    entry,
                    tuple(dice_since_choice),
                    f"Skill roll {record.roll_number}: {table_entry.label}",
                    f"{record.total} on the {table.name}. {record.outcome}",
                    prompt(key, table_entry.label, table.name, record.total),
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
                HistoryItem(
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
                HistoryItem(
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


@transaction.atomic
def history_save(
    *, character: Character, notes: Mapping[int, str], age: str, appearance: str
) -> Character:
    """Save the player's history notes (by log sequence), age and appearance.

    Only `history_note` changes on a log entry; sequences that are not one of this
    character's history rolls are ignored, never created.
    """
    character = _locked_character(character)
    _refuse_unless_editable(character)
    finish = finish_load(character)
    _refuse_unless_skills_done(finish)
    if not finish.equipment_done:
        raise StepRefused("Choose your equipment (step 7) before writing the history.")
    by_sequence = {item.entry.sequence: item.entry for item in finish.history}
    for sequence, note in notes.items():
        entry = by_sequence.get(sequence)
        cleaned = note.strip()[:MAX_NOTE_LENGTH]
        if entry is not None and entry.history_note != cleaned:
            CreationLogEntry.objects.filter(pk=entry.pk).update(history_note=cleaned)
    character.age = age.strip()[:60]
    character.appearance = appearance.strip()[:MAX_NOTE_LENGTH]
    character.save(update_fields=["age", "appearance", "updated"])
    return character


# --- Step 9: review and finish --------------------------------------------------------


@transaction.atomic
def character_finish(*, character: Character) -> Character:
    """Finish the character, or submit it to the GM when the campaign asks for approval."""
    character = _locked_character(character)
    _refuse_unless_editable(character)
    finish = finish_load(character)
    blockers = finish.finish_blockers
    if blockers:
        raise StepRefused(" ".join(blockers))
    campaign = character.campaign
    needs_approval = bool(campaign and house_rules_for(campaign).approval_required)
    if needs_approval:
        refuse_unless_still_in_campaign(
            character, what=f"{character.name} cannot be submitted to its GM"
        )
    character.status = CharacterStatus.SUBMITTED if needs_approval else CharacterStatus.FINISHED
    character.snapshot = {**finish.progress.snapshot(), **roll_counts(finish.entries)}
    character.save(update_fields=["status", "snapshot", "updated"])
    return character


# --- The sheet --------------------------------------------------------------------------


@dataclass(frozen=True)
class CharacteristicLine:
    code: str
    name: str
    value: int
    hex: str
    modifier: int

    @property
    def modifier_text(self) -> str:
        return f"{self.modifier:+d}" if self.modifier else "0"


def characteristic_lines(finish: Finish) -> list[CharacteristicLine]:
    characteristics = finish.progress.state.characteristics
    # The modifier table as the admin keeps it (the book's when the database has none).
    bands = finish.progress.rulebook.modifier_bands
    return [
        CharacteristicLine(
            code=code,
            name=characteristic_name(code),
            value=characteristics[code],
            hex=hex_value(characteristics[code]),
            modifier=characteristic_modifier(characteristics[code], bands),
        )
        for code in finish.progress.codes_in_play
        if code in characteristics
    ]


def roll_counts(entries: Sequence[CreationLogEntry]) -> dict[str, int]:
    """How many rolls the server made and how many the player typed in."""
    return {
        "server_rolls": sum(1 for entry in entries if entry.dice and not entry.entered),
        "entered_rolls": sum(1 for entry in entries if entry.dice and entry.entered),
    }


def background_results(finish: Finish) -> list[BackgroundResult]:
    return [
        BackgroundResult(
            low=entry.payload.get("low", 0),
            high=entry.payload.get("high", 0),
            result=entry.payload.get("result", ""),
            credits=entry.payload.get("credits", 0),
            assets=entry.payload.get("assets", ""),
            debts=entry.payload.get("debts", ""),
        )
        for entry in finish.background_entries
    ]
