"""A character's creation, derived: its log translated into rules/ steps and replayed.

This is the thin translation between the database's log rows and the pure reducer in
rules/infinity_drive/creation/. No rule lives here: only which row kind becomes
which step, which roll is still waiting for the player's decision, and which row
kinds the wizard may write next.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property

from chargen.characters import part_two as part_two_log
from chargen.characters.house_rules import character_house_rules
from chargen.characters.models import (
    Character,
    CreationLogEntry,
    Race,
    RaceStatus,
)
from chargen.characters.pinned import (
    RaceCopy,
    character_rulebook,
    humanoid_race,
    non_humanoid_race,
    race_copy,
)
from chargen.core.log import effective
from rules.dice import DiceSpec
from rules.errors import RulesError
from rules.infinity_drive import creation
from rules.infinity_drive.codes import characteristics_in_play
from rules.infinity_drive.creation import Expect
from rules.infinity_drive.house_rules import HouseRules
from rules.infinity_drive.rulebook import Rulebook


class Kind:
    """The log's row kinds (CreationLogEntry.kind)."""

    METHOD = "method"
    NON_HUMANOID = "non_humanoid"  # a GM's non-humanoid race, chosen instead of a method
    POINT_BUY = "point_buy"
    CHARACTERISTIC_ROLL = "characteristic_roll"
    CHARACTERISTIC_PLACE = "characteristic_place"
    RACE = "race"
    RACE_CHANGE = "race_change"  # a new race after the GM rejected the first
    CAREER = "career"
    SPECIALISATION_ROLL = "specialisation_roll"
    SKILL_ROLL = "skill_roll"
    SKILL_REROLL = "skill_reroll"
    TABLE_CHOICE = "table_choice"
    SURVIVAL_ROLL = "survival_roll"
    SURVIVAL_OUTCOME = "survival_outcome"
    SETBACK = "setback"
    # Steps 7 and 8 (part_two.py): logged like every step, but not part of creation as
    # rules/infinity_drive/creation.py replays it.
    EQUIPMENT_OPTION = part_two_log.EQUIPMENT_OPTION
    BACKGROUND_ROLL = part_two_log.BACKGROUND_ROLL
    CREDITS = part_two_log.CREDITS
    PURCHASE = part_two_log.PURCHASE
    SALE = part_two_log.SALE
    DETAILS = part_two_log.DETAILS
    NOTE = part_two_log.NOTE


# Decisions without dice that the player may take back while they are the newest step.
# The method and the survival outcome are not: "once you choose the system, you must
# stick to it", and death is final.
UNDOABLE_KINDS: frozenset[str] = frozenset(
    {
        Kind.POINT_BUY,
        Kind.CHARACTERISTIC_PLACE,
        Kind.RACE,
        Kind.CAREER,
        Kind.TABLE_CHOICE,
        Kind.SETBACK,
    }
)

UNDO_LABELS: dict[str, str] = {
    Kind.POINT_BUY: "the point-buy values",
    Kind.CHARACTERISTIC_PLACE: "where the last roll went",
    Kind.RACE: "the race choice",
    Kind.CAREER: "the career choice",
    Kind.TABLE_CHOICE: "the last table choice",
    Kind.SETBACK: "the setback choice",
}


def group_closed_by(rolls_used: int) -> int:
    """The group of four skill rolls a survival roll closes (a last group may be short)."""
    return max(1, -(-rolls_used // creation.GROUP_SIZE))


@dataclass(frozen=True)
class Death:
    """How a character died, as its pages tell it: the failed survival roll, the group of
    skill rolls it closed, and when the death was recorded."""

    roll: CreationLogEntry
    target: int
    group: int
    skill_rolls: int
    when: datetime


RACE_KINDS: frozenset[str] = frozenset({Kind.RACE, Kind.RACE_CHANGE, Kind.NON_HUMANOID})


def race_in_force(entries: Sequence[CreationLogEntry], fallback: Race | None) -> RaceCopy | None:
    """The race the character has now, as its newest race step recorded it.

    Steps written before races were copied into the log (none since the migration that
    filled them in) fall back to the character's race row.
    """
    for entry in reversed(entries):
        if entry.kind in RACE_KINDS:
            payload = entry.payload or {}
            return payload["race"] if "race" in payload else race_copy(fallback)
    return race_copy(fallback)


def step_for(
    entry: CreationLogEntry, previous: CreationLogEntry | None, race: RaceCopy | None
) -> creation.Step | None:
    """The rules/ step of one log row; `race` is the race in force (`race_in_force`)."""
    payload = entry.payload or {}
    faces = tuple(entry.faces or ())
    kind = entry.kind
    if kind == Kind.METHOD:
        return creation.MethodChosen(creation.Method(payload["method"]))
    if kind == Kind.POINT_BUY:
        return creation.PointBuyAssigned.of(payload["values"])
    if kind == Kind.NON_HUMANOID:
        chosen = payload.get("race", race)
        if chosen is None:
            raise RulesError("The non-humanoid race of this character is missing.")
        return non_humanoid_race(chosen)
    if kind == Kind.CHARACTERISTIC_ROLL:
        if payload.get("characteristic"):
            # A non-humanoid names the characteristic first: its dice depend on it.
            return creation.CharacteristicRolled(payload["characteristic"], faces)
        return None  # becomes a step once the player places it
    if kind == Kind.CHARACTERISTIC_PLACE:
        if previous is None or previous.kind != Kind.CHARACTERISTIC_ROLL:
            raise RulesError("A characteristic was placed without a roll before it.")
        return creation.CharacteristicRolled(payload["characteristic"], tuple(previous.faces))
    if kind == Kind.RACE:
        # The race the character has now: a replacement chosen after a rejection
        # stands where the first choice stood, and the later steps replay over it.
        return creation.RaceApplied(humanoid_race(race) if race is not None else None)
    if kind == Kind.RACE_CHANGE:
        return None
    if kind == Kind.CAREER:
        return creation.CareerChosen(payload["career"])
    if kind == Kind.SPECIALISATION_ROLL:
        return creation.SpecialisationRolled(faces)
    if kind == Kind.SKILL_ROLL:
        return creation.SkillRolled(faces)
    if kind == Kind.SKILL_REROLL:
        return creation.Rerolled(payload["table"], faces)
    if kind == Kind.TABLE_CHOICE:
        return creation.TableChosen(
            table_slug=payload["table"],
            specialty=payload.get("specialty", ""),
            history_reason=payload.get("history_reason", ""),
            note=entry.history_note,
        )
    if kind == Kind.SURVIVAL_ROLL:
        return creation.SurvivalRolled(faces)
    if kind == Kind.SURVIVAL_OUTCOME:
        return creation.SurvivalOutcomeChosen(payload["outcome"])
    if kind == Kind.SETBACK:
        return creation.SetbackChosen(payload["characteristic"])
    if kind in part_two_log.PART_TWO_KINDS:
        return None  # replayed by part_two.py
    raise RulesError(f"Unknown step “{kind}” in the creation log.")


def steps_for(
    entries: Sequence[CreationLogEntry], race: Race | None
) -> tuple[list[creation.Step], CreationLogEntry | None]:
    """The rules/ steps of a log, and the characteristic roll still waiting to be placed.

    `race` is the character's race row, read only for race steps older than the copy.
    """
    steps: list[creation.Step] = []
    previous: CreationLogEntry | None = None
    in_force = race_in_force(entries, race)
    for entry in entries:
        step = step_for(entry, previous, in_force)
        if step is not None:
            steps.append(step)
        previous = entry
    unplaced = (
        previous
        if previous
        and previous.kind == Kind.CHARACTERISTIC_ROLL
        and not (previous.payload or {}).get("characteristic")
        else None
    )
    return steps, unplaced


@dataclass(frozen=True)
class Progress:
    """Everything a wizard page needs to know about where a character's creation stands."""

    character: Character
    entries: tuple[CreationLogEntry, ...]  # in force: no undo rows nor what they cancelled
    state: creation.CreationState
    unplaced_roll: CreationLogEntry | None
    rulebook: Rulebook
    house_rules: HouseRules
    last_sequence: int = 0  # the whole log's, undo rows included

    @property
    def next_sequence(self) -> int:
        return self.last_sequence + 1

    @property
    def expecting(self) -> Expect:
        return self.state.expecting

    @cached_property
    def part_two(self) -> part_two_log.PartTwo:
        """Equipment, purse, purchases, age, appearance and notes (steps 7 and 8)."""
        return part_two_log.part_two_replay(self.entries)

    @cached_property
    def allowed_kinds(self) -> frozenset[str]:
        """The row kinds the wizard may write next."""
        expecting = self.state.expecting
        if expecting == Expect.CHARACTERISTIC_ROLL and self.state.non_humanoid is not None:
            return frozenset({Kind.CHARACTERISTIC_ROLL})
        if expecting == Expect.CHARACTERISTIC_ROLL:
            return frozenset(
                {Kind.CHARACTERISTIC_PLACE if self.unplaced_roll else Kind.CHARACTERISTIC_ROLL}
            )
        if expecting == Expect.TABLE_CHOICE:
            return frozenset({Kind.TABLE_CHOICE, Kind.SKILL_REROLL})
        if expecting == Expect.METHOD:
            return frozenset({Kind.METHOD, Kind.NON_HUMANOID})
        simple = {
            Expect.POINT_BUY: Kind.POINT_BUY,
            Expect.RACE: Kind.RACE,
            Expect.CAREER: Kind.CAREER,
            Expect.SPECIALISATION_ROLL: Kind.SPECIALISATION_ROLL,
            Expect.SKILL_ROLL: Kind.SKILL_ROLL,
            Expect.SURVIVAL_ROLL: Kind.SURVIVAL_ROLL,
            Expect.SURVIVAL_OUTCOME: Kind.SURVIVAL_OUTCOME,
            Expect.SETBACK: Kind.SETBACK,
        }
        return frozenset({simple[expecting]}) if expecting in simple else frozenset()

    @property
    def next_step_message(self) -> str:
        if self.unplaced_roll is not None:
            return "Place the roll you have just made on a characteristic."
        return self.state.next_step_message

    # --- What the stepper asks -------------------------------------------------------

    @property
    def characteristics_done(self) -> bool:
        return self.state.expecting not in {
            Expect.METHOD,
            Expect.POINT_BUY,
            Expect.CHARACTERISTIC_ROLL,
        }

    @property
    def race_done(self) -> bool:
        if not self.characteristics_done or self.state.expecting == Expect.RACE:
            return False
        race = self.character.race
        return race is None or race.status != RaceStatus.REJECTED

    @property
    def career_done(self) -> bool:
        return self.state.specialisation is not None

    @property
    def skills_done(self) -> bool:
        return self.state.expecting in {Expect.COMPLETE, Expect.DEAD}

    @property
    def codes_in_play(self) -> tuple[str, ...]:
        return characteristics_in_play(self.house_rules.metaphysical_in_play)

    @property
    def unfilled_codes(self) -> tuple[str, ...]:
        return creation.characteristics_to_roll(self.state, self.house_rules)

    @property
    def characteristic_dice(self) -> DiceSpec:
        return self.house_rules.dice_spec

    def dice_for(self, code: str) -> DiceSpec:
        """The dice a roll for `code` uses (a non-humanoid race's own, else the campaign's)."""
        return creation.characteristic_dice(self.state, code, self.house_rules)

    @property
    def race_name(self) -> str | None:
        """The race's name as the character's race step recorded it (None: base humanoid)."""
        if self.state.non_humanoid is not None:
            return self.state.non_humanoid.name
        return self.state.race.name if self.state.race is not None else None

    @property
    def dice_by_code(self) -> list[tuple[str, str]]:
        """(code, dice) for each characteristic still to roll, for a non-humanoid's form."""
        return [(code, str(self.dice_for(code))) for code in self.unfilled_codes]

    @property
    def finish_blockers(self) -> list[str]:
        """Why steps 1–6 do not yet allow finishing (empty when they do)."""
        blockers = []
        if self.state.dead:
            blockers.append("This character died in their career.")
        elif not self.skills_done:
            blockers.append(f"Creation is not complete: {self.next_step_message}")
        race = self.character.race
        if race is not None and race.status == RaceStatus.PROPOSED:
            blockers.append(f"The GM has not yet approved the race {race.name}.")
        if race is not None and race.status == RaceStatus.REJECTED:
            blockers.append(f"The GM rejected the race {race.name}; choose another race.")
        return blockers

    # --- Undo -------------------------------------------------------------------------

    @property
    def undoable_entry(self) -> CreationLogEntry | None:
        if not self.entries or not self.character.is_editable:
            return None
        newest = self.entries[-1]
        return newest if newest.kind in UNDOABLE_KINDS and not newest.dice else None

    @property
    def undoable_label(self) -> str:
        entry = self.undoable_entry
        return UNDO_LABELS.get(entry.kind, "") if entry else ""

    # --- Death ------------------------------------------------------------------------

    @cached_property
    def death(self) -> Death | None:
        """The failed survival roll that ended the career, or None while the character lives."""
        state = self.state
        survival_entries = [entry for entry in self.entries if entry.kind == Kind.SURVIVAL_ROLL]
        if not state.dead or not survival_entries or not state.survival_rolls:
            return None
        # Death comes with the roll itself, or with the player's "death" chosen after it.
        decided = next(
            entry
            for entry in reversed(self.entries)
            if entry.kind in {Kind.SURVIVAL_ROLL, Kind.SURVIVAL_OUTCOME}
        )
        return Death(
            roll=survival_entries[-1],
            target=state.survival_rolls[-1].target,
            group=group_closed_by(state.rolls_used),
            skill_rolls=state.rolls_used,
            when=decided.created,
        )

    # --- Summary for lists ----------------------------------------------------------

    def snapshot(self) -> dict[str, object]:
        state = self.state
        return {
            "profile": state.profile,
            "expecting": state.expecting.value,
            "progress_label": self.progress_label,
            "skills": state.skill_notation if state.career else "",
            "rolls_left": state.rolls_left,
            "dead": state.dead,
            "entered_rolls": sum(1 for entry in self.entries if entry.entered),
            "server_rolls": sum(1 for entry in self.entries if entry.dice and not entry.entered),
            **self.part_two.snapshot(),
        }

    @property
    def progress_label(self) -> str:
        state = self.state
        if state.dead:
            return "Died in their career"
        if state.expecting == Expect.COMPLETE:
            return "Skills done: equipment and history next"
        if state.career and state.learner:
            return (
                f"Skills: {state.rolls_used} of {state.rolls_total - state.rolls_forfeited} rolls"
            )
        if self.characteristics_done:
            return "Race and career next"
        return "Characteristics in progress"


def progress_for(
    character: Character,
    entries: Sequence[CreationLogEntry],
    *,
    rulebook: Rulebook | None = None,
) -> Progress:
    """Replay `entries` (the whole log, already loaded) into a Progress.

    Under the character's pinned rule data unless `rulebook` is given (the upgrade page
    replays a draft under the current data to show what would change).
    """
    book = rulebook if rulebook is not None else character_rulebook(character)
    house_rules = character_house_rules(character)  # its own, fixed when it was started
    in_force = effective(entries)
    steps, unplaced = steps_for(in_force, character.race)
    state = creation.replay(steps, rulebook=book, house_rules=house_rules)
    return Progress(
        character=character,
        entries=in_force,
        last_sequence=entries[-1].sequence if entries else 0,
        state=state,
        unplaced_roll=unplaced,
        rulebook=book,
        house_rules=house_rules,
    )
