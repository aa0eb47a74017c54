"""What a player does to a character, one keyword-only function per action.

Each runs in one transaction: load the log, ask rules/ (through progress.py), write
the step through log.py (which makes repeats harmless), refresh the snapshot.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import cast

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from chargen.campaigns.models import Campaign
from chargen.core.limits import creation_cap, creation_cap_reached
from chargen.core.log import FIRST_SEQUENCE, STALE_MESSAGE, effective
from chargen.core.log_reads import LockedLog
from chargen.core.start_key import already_started
from chargen.infinity_drive.campaign_rules import (
    INFINITY_DRIVE,
    house_rules_for,
    house_rules_to_json,
)
from chargen.infinity_drive.concept_log import concept_payload
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.log import NewEntry, Written, log_undo, log_write
from chargen.infinity_drive.models import (
    Character,
    CharacterStatus,
    CreationLogEntry,
)
from chargen.infinity_drive.part_two import NOTE
from chargen.infinity_drive.progress import Progress, progress_for
from chargen.infinity_drive.services_race import (  # the race step; callers import it from here
    character_choose_non_humanoid,
    character_choose_race,
    non_humanoid_races_for,
    race_propose,
    races_for,
)
from chargen.infinity_drive.wizard.entry_kinds import simple_roll
from chargen.infinity_drive.wizard.log_walk import (
    UNDOABLE_KINDS,
    Kind,
)
from chargen.infinity_drive.wizard.step_write import dice_for_step, refresh, take_step
from rules.infinity_drive import creation


def character_start(
    *,
    owner: AbstractBaseUser,
    campaign: Campaign | None,
    name: str,
    concept: str,
    start_key: uuid.UUID | None = None,
) -> Character:
    """Save a new draft at once, so nothing is lost even if the browser closes now.

    The draft keeps its campaign's house rules as they are now (the book's outside
    any campaign): a GM's later change applies to characters started after it. The
    same start form sent again (`start_key`) gets the draft the first one made.
    """
    name = name.strip()
    if not name:
        raise StepRefused("Give your character a name.", field="name")
    if campaign is not None and not campaign.is_member(owner):
        raise StepRefused("You are not in that campaign.", field="campaign")
    if campaign is not None and campaign.game != INFINITY_DRIVE:
        raise StepRefused(
            f"“{campaign.name}” plays {campaign.get_game_display()}, not Infinity Drive.",
            field="campaign",
        )
    with transaction.atomic():
        made = already_started(Character, owner, start_key)
        if made is not None:
            return cast(Character, made)
        cap = creation_cap("MAX_INFINITY_DRIVE_DRAFTS")
        drafts = Character.objects.filter(owner_id=owner.pk, status=CharacterStatus.DRAFT)
        if creation_cap_reached(owner=owner, cap=cap, count=drafts.count):
            raise StepRefused(
                f"You already have {cap} drafts, the most one player may "
                "keep. Finish one of them before starting another."
            )
        character = Character.objects.create(
            owner_id=owner.pk,
            campaign=campaign,
            name=name,
            concept=concept.strip(),
            start_key=start_key,
            status=CharacterStatus.DRAFT,
            house_rules=house_rules_to_json(house_rules_for(campaign)),
        )
        # The name and concept are the log's first row (a new log: its only key).
        _write_concept(character, FIRST_SEQUENCE, character.name, character.concept)
        return character


def character_update_concept(
    *, character: Character, expected_sequence: int, name: str, concept: str
) -> Character:
    """Rename or re-describe a draft: a `concept` row appended at the form's one-time
    key (no dice are involved, so it may change freely while a draft). Nothing is
    written when neither changed."""
    name, concept = name.strip(), concept.strip()
    if not name:
        raise StepRefused("Give your character a name.", field="name")
    if character.is_editable and (name, concept) == (character.name, character.concept):
        return character
    _write_concept(character, expected_sequence, name, concept)
    character.refresh_from_db()
    return character


def _write_concept(character: Character, expected_sequence: int, name: str, concept: str) -> None:
    def build(entries: list[CreationLogEntry]) -> NewEntry:
        if not character.is_editable:
            raise StepRefused(
                f"{character.name} is {character.get_status_display().lower()}; "
                "its concept can no longer be changed."
            )
        return NewEntry(Kind.CONCEPT, concept_payload(name, concept))

    def after(locked: Character, entries: list[CreationLogEntry]) -> None:
        locked.name, locked.concept = name, concept
        locked.save(update_fields=["name", "concept", "updated"])
        # The list snapshot too, from the first row on: a character only started is
        # listed (and checked by check_snapshots) like any other.
        refresh(locked, entries)

    written = log_write(
        character=character,
        expected_sequence=expected_sequence,
        kinds=[Kind.CONCEPT],
        build=build,
        after=after,
    )
    if not written.created and written.entry.payload != concept_payload(name, concept):
        # Another tab saved other words at this key first: these were not saved.
        raise StepRefused(STALE_MESSAGE)


def character_choose_method(
    *,
    character: Character,
    expected_sequence: int,
    method: str,
    locked_log: LockedLog[CreationLogEntry] | None = None,
) -> Written:
    """Point buy or dice: locked once chosen."""
    return take_step(
        character=character,
        expected_sequence=expected_sequence,
        kind=Kind.METHOD,
        make=lambda progress: NewEntry(Kind.METHOD, {"method": method}),
        locked_log=locked_log,
    )


def character_assign_points(
    *,
    character: Character,
    expected_sequence: int,
    values: Mapping[str, int],
    locked_log: LockedLog[CreationLogEntry] | None = None,
) -> Written:
    return take_step(
        character=character,
        expected_sequence=expected_sequence,
        kind=Kind.POINT_BUY,
        make=lambda progress: NewEntry(Kind.POINT_BUY, {"values": dict(values)}),
        locked_log=locked_log,
    )


def character_roll_characteristic(
    *,
    character: Character,
    expected_sequence: int,
    typed_faces: str = "",
    characteristic: str = "",
    locked_log: LockedLog[CreationLogEntry] | None = None,
    place_if_only_slot: bool = False,
) -> Written:
    """Roll the characteristic dice once; the player places it before the next roll.

    A non-humanoid race rolls different dice for each characteristic, so its player
    names the characteristic first (`characteristic`) and the roll goes straight there.
    With `place_if_only_slot`, the last roll goes into the last free characteristic with
    it (nothing is left to choose), as an ordinary placing the player may undo.
    """

    def make(progress: Progress) -> NewEntry:
        if progress.state.non_humanoid is None:
            return NewEntry(
                Kind.CHARACTERISTIC_ROLL,
                roll=dice_for_step(progress, progress.characteristic_dice, typed_faces),
            )
        if characteristic not in progress.unfilled_codes:
            raise StepRefused(
                "Choose a characteristic that is still to be rolled.", field="characteristic"
            )
        return NewEntry(
            Kind.CHARACTERISTIC_ROLL,
            {"characteristic": characteristic},
            roll=dice_for_step(progress, progress.dice_for(characteristic), typed_faces),
        )

    written = take_step(
        character=character,
        expected_sequence=expected_sequence,
        kind=Kind.CHARACTERISTIC_ROLL,
        make=make,
        locked_log=locked_log,
    )
    if place_if_only_slot:
        _place_in_only_slot(character, written)
    return written


def _place_in_only_slot(character: Character, roll: Written) -> None:
    """Place an unplaced roll in the one characteristic still free, at the next key (a
    repeated roll finds the placing already written after it, and writes nothing)."""
    entries = list(roll.entries)
    if entries[-1].sequence != roll.entry.sequence or roll.entry.payload.get("characteristic"):
        return
    progress = progress_for(character, entries)
    codes = progress.unfilled_codes
    if progress.unplaced_roll is None or len(codes) != 1:
        return
    character_place_characteristic(
        character=character, expected_sequence=roll.entry.sequence + 1, characteristic=codes[0]
    )


def character_place_characteristic(
    *,
    character: Character,
    expected_sequence: int,
    characteristic: str,
    locked_log: LockedLog[CreationLogEntry] | None = None,
) -> Written:
    return take_step(
        character=character,
        expected_sequence=expected_sequence,
        kind=Kind.CHARACTERISTIC_PLACE,
        make=lambda progress: NewEntry(
            Kind.CHARACTERISTIC_PLACE, {"characteristic": characteristic}
        ),
        locked_log=locked_log,
    )


def character_choose_career(
    *,
    character: Character,
    expected_sequence: int,
    career: str,
    locked_log: LockedLog[CreationLogEntry] | None = None,
) -> Written:
    return take_step(
        character=character,
        expected_sequence=expected_sequence,
        kind=Kind.CAREER,
        make=lambda progress: NewEntry(Kind.CAREER, {"career": career}),
        locked_log=locked_log,
    )


def character_roll(
    *,
    character: Character,
    expected_sequence: int,
    kind: str,
    typed_faces: str = "",
    locked_log: LockedLog[CreationLogEntry] | None = None,
    place_if_only_choice: bool = False,
) -> Written:
    """A roll of the step table's dice alone (specialisation, skill, survival, ...).

    With `place_if_only_choice`, a skill roll that one table alone can take is placed
    there with it (`place_only_choice`), as the wizard does."""
    row = simple_roll(kind)
    if row is None or row.simple_dice is None:
        raise StepRefused("There is no such roll in character creation.")
    dice = row.simple_dice
    written = take_step(
        character=character,
        expected_sequence=expected_sequence,
        kind=kind,
        make=lambda progress: NewEntry(kind, roll=dice_for_step(progress, dice, typed_faces)),
        locked_log=locked_log,
    )
    if place_if_only_choice:
        place_only_choice(character=character, roll=written)
    return written


PLACED_WITH_ROLL = "placed_with_roll"


def place_only_choice(*, character: Character, roll: Written) -> Written | None:
    """Place a skill roll on the one table it can go on, when nothing is left to decide.

    Written as the ordinary table choice it is, at the next sequence and marked
    `placed_with_roll` so the page says so; the player's Undo takes it back like any
    table choice (an undo row of its own). A repeated roll (a double-click, a second
    tab) finds the choice already written at that key and writes nothing more."""
    entry = roll.entry
    if entry.kind not in {Kind.SKILL_ROLL, Kind.SKILL_REROLL}:
        return None
    entries = list(roll.entries)
    if entries[-1].sequence != entry.sequence:
        return None  # something came after the roll already: the page shows it
    progress = progress_for(character, entries)
    state = progress.state
    if state.pending is None or Kind.TABLE_CHOICE not in progress.allowed_kinds:
        return None
    only = creation.only_choice(creation.skill_roll_options(state, progress.rulebook))
    if only is None:
        return None
    payload = {"table": only.table_slug, "specialty": "", "history_reason": ""}
    return take_step(
        character=character,
        expected_sequence=entry.sequence + 1,
        kind=Kind.TABLE_CHOICE,
        make=lambda progress: NewEntry(Kind.TABLE_CHOICE, {**payload, PLACED_WITH_ROLL: True}),
    )


def character_roll_specialisation(
    *, character: Character, expected_sequence: int, typed_faces: str = ""
) -> Written:
    return character_roll(
        character=character,
        expected_sequence=expected_sequence,
        kind=Kind.SPECIALISATION_ROLL,
        typed_faces=typed_faces,
    )


def character_roll_skill(
    *, character: Character, expected_sequence: int, typed_faces: str = ""
) -> Written:
    return character_roll(
        character=character,
        expected_sequence=expected_sequence,
        kind=Kind.SKILL_ROLL,
        typed_faces=typed_faces,
    )


def character_reroll_skill(
    *,
    character: Character,
    expected_sequence: int,
    table: str,
    typed_faces: str = "",
    locked_log: LockedLog[CreationLogEntry] | None = None,
    place_if_only_choice: bool = False,
) -> Written:
    """Rule 7: the one reroll when the entry's prerequisite is not met (and, as
    `character_roll`, placed with it where one table alone can take it)."""
    written = take_step(
        character=character,
        expected_sequence=expected_sequence,
        kind=Kind.SKILL_REROLL,
        make=lambda progress: NewEntry(
            Kind.SKILL_REROLL,
            {"table": table},
            roll=dice_for_step(progress, creation.SKILL_DICE, typed_faces),
        ),
        locked_log=locked_log,
    )
    if place_if_only_choice:
        place_only_choice(character=character, roll=written)
    return written


def character_choose_table(
    *,
    character: Character,
    expected_sequence: int,
    table: str,
    specialty: str = "",
    history_reason: str = "",
    locked_log: LockedLog[CreationLogEntry] | None = None,
) -> Written:
    """Read the pending skill roll on one table (which may lose the roll, with its reason)."""
    return take_step(
        character=character,
        expected_sequence=expected_sequence,
        kind=Kind.TABLE_CHOICE,
        also_kinds=(Kind.SKILL_REROLL,),
        make=lambda progress: NewEntry(
            Kind.TABLE_CHOICE,
            {
                "table": table,
                "specialty": specialty.strip(),
                "history_reason": history_reason.strip(),
            },
            history_note=history_reason.strip(),
        ),
        locked_log=locked_log,
    )


def character_roll_survival(
    *, character: Character, expected_sequence: int, typed_faces: str = ""
) -> Written:
    return character_roll(
        character=character,
        expected_sequence=expected_sequence,
        kind=Kind.SURVIVAL_ROLL,
        typed_faces=typed_faces,
    )


def character_choose_survival_outcome(
    *,
    character: Character,
    expected_sequence: int,
    outcome: str,
    locked_log: LockedLog[CreationLogEntry] | None = None,
) -> Written:
    """Death or a setback, where the campaign lets the player choose."""
    return take_step(
        character=character,
        expected_sequence=expected_sequence,
        kind=Kind.SURVIVAL_OUTCOME,
        make=lambda progress: NewEntry(Kind.SURVIVAL_OUTCOME, {"outcome": outcome}),
        locked_log=locked_log,
    )


def character_choose_setback(
    *,
    character: Character,
    expected_sequence: int,
    characteristic: str,
    locked_log: LockedLog[CreationLogEntry] | None = None,
) -> Written:
    return take_step(
        character=character,
        expected_sequence=expected_sequence,
        kind=Kind.SETBACK,
        make=lambda progress: NewEntry(Kind.SETBACK, {"characteristic": characteristic}),
        locked_log=locked_log,
    )


def _latest_race_id(entries: Sequence[CreationLogEntry]) -> str | None:
    for entry in reversed(entries):
        if entry.kind in {Kind.RACE, Kind.RACE_CHANGE, Kind.NON_HUMANOID}:
            return (entry.payload or {}).get("race_id")
    return None


def character_undo(*, character: Character, expected_sequence: int) -> CreationLogEntry:
    """Take back the newest decision (never a roll, never the method, never a death)."""

    def after(character: Character, entries: list[CreationLogEntry]) -> None:
        race_id = _latest_race_id(effective(entries))
        if str(character.race_id or "") != str(race_id or ""):
            character.race_id = race_id
            character.save(update_fields=["race", "updated"])
        refresh(character, entries)

    return log_undo(
        character=character,
        expected_sequence=expected_sequence,
        undoable_kinds=UNDOABLE_KINDS,
        passed_over_kinds=frozenset({NOTE}),
        after=after,
    )


__all__ = [
    "character_choose_non_humanoid",
    "character_choose_race",
    "non_humanoid_races_for",
    "race_propose",
    "races_for",
]
