"""A character's creation, derived: its log translated into rules/ steps and replayed.

This is the thin translation between the database's log rows and the pure reducer in
rules/infinity_drive/creation/. No rule lives here: only which row kind becomes
which step, which roll is still waiting for the player's decision, and which row
kinds the wizard may write next.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from chargen.core import roll_keys
from chargen.core.export import provenance
from chargen.core.log import effective
from chargen.core.replay_cache import cached_replay, replay_key
from chargen.core.ruledata import rule_data
from chargen.infinity_drive import part_two as part_two_log
from chargen.infinity_drive.house_rules import character_house_rules
from chargen.infinity_drive.models import (
    Character,
    CreationLogEntry,
    RaceStatus,
)
from chargen.infinity_drive.pinned import (
    RaceCopy,
    character_rulebook,
)
from chargen.infinity_drive.wizard.entry_kinds import kinds_answering
from chargen.infinity_drive.wizard.log_walk import (  # re-exported: the wizard imports them here
    UNDOABLE_KINDS,
    Death,
    Kind,
    group_closed_by,
    last_step_row,
    race_in_force,
    step_for,
    steps_for,
    undo_label,
)
from chargen.rulebook.homebrew_version import pinned_version_number
from rules.dice import DiceSpec
from rules.errors import RulesError
from rules.infinity_drive import creation
from rules.infinity_drive.codes import characteristics_in_play
from rules.infinity_drive.creation import Expect
from rules.infinity_drive.homebrew_careers import is_homebrew_career
from rules.infinity_drive.house_rules import HouseRules
from rules.infinity_drive.rulebook import Rulebook


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
    # The race the steps were translated with (log_steps.race_in_force), and whether the
    # replay was under the character's own rule data (no `rulebook` given).
    race_in_force: RaceCopy | None = None
    own_rule_data: bool = False

    @property
    def next_sequence(self) -> int:
        return self.last_sequence + 1

    @property
    def expecting(self) -> Expect:
        return self.state.expecting

    @cached_property
    def homebrew_career(self) -> bool:
        """Whether the character's career is its campaign's own (shown as "homebrew")."""
        career = self.state.career
        return career is not None and is_homebrew_career(self.rulebook, career)

    @cached_property
    def homebrew_version(self) -> int | None:
        """The published version of the character's homebrew career that it read (None
        for a book career, or when the data it pinned does not say)."""
        career = self.state.career
        version_id = self.character.rule_version_id
        if career is None or not self.homebrew_career or not version_id:
            return None
        return pinned_version_number(
            self.character.campaign, self.rulebook, career, lambda: rule_data(version_id)
        )

    @cached_property
    def part_two(self) -> part_two_log.PartTwo:
        """Equipment, purse, purchases, age, appearance and notes (steps 7 and 8)."""
        return part_two_log.part_two_replay(self.entries)

    @cached_property
    def allowed_kinds(self) -> frozenset[str]:
        """The row kinds the wizard may write next (the step table says which answer what)."""
        expecting = self.state.expecting
        answering = kinds_answering(expecting)
        if expecting == Expect.CHARACTERISTIC_ROLL:
            # A rolled characteristic is placed before the next roll; a non-humanoid
            # names the characteristic as it rolls, so nothing waits to be placed.
            placing = self.unplaced_roll is not None and self.state.non_humanoid is None
            return answering & {Kind.CHARACTERISTIC_PLACE if placing else Kind.CHARACTERISTIC_ROLL}
        return answering

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
        # A history note written since is no decision: the one before it is still undoable.
        decisions = [
            entry for entry in self.entries if entry.kind not in {part_two_log.NOTE, Kind.CONCEPT}
        ]
        if not decisions:
            return None
        newest = decisions[-1]
        return newest if newest.kind in UNDOABLE_KINDS and not newest.dice else None

    @property
    def undoable_label(self) -> str:
        entry = self.undoable_entry
        return undo_label(entry, self.state) if entry else ""

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
            # The sheet's counts without the imported one: a snapshot's keys stay the
            # ones stored before it was counted (check_snapshots compares every key).
            **{
                key: count
                for key, count in roll_counts(self.entries, self._known_keys()).items()
                if key != "imported_rolls"
            },
            **self.part_two.snapshot(),
        }

    def _known_keys(self) -> dict[str, str]:
        # From the cache while it holds every key these rows name (a write refreshes the
        # snapshot, and reading the key table each time cost a query a step).
        return roll_keys.known_public_keys_covering(entry.key_id for entry in self.entries)

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


def roll_counts(entries: Sequence[CreationLogEntry], known_keys: dict[str, str]) -> dict[str, int]:
    """How many rolls this server made, how many the player typed in, and how many came in
    a file from another server (signed by a key not in `known_keys`: unverified here).

    `known_keys` is roll_keys.known_public_keys(), read once by the caller for a whole page.
    """
    counted = Counter(provenance(entry, known_keys) for entry in entries)
    return {
        "server_rolls": counted["server"],
        "entered_rolls": counted["typed"],
        "imported_rolls": counted["imported"],
    }


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
    race = race_in_force(in_force, character.race)
    steps, unplaced = steps_for(in_force, character.race)
    state = cached_replay(
        replay_key_of(character, entries, in_force) if rulebook is None else None,
        lambda: creation.replay(steps, rulebook=book, house_rules=house_rules),
    )
    return Progress(
        character=character,
        entries=in_force,
        last_sequence=entries[-1].sequence if entries else 0,
        state=state,
        unplaced_roll=unplaced,
        rulebook=book,
        house_rules=house_rules,
        race_in_force=race,
        own_rule_data=rulebook is None,
    )


def progress_after(before: Progress, entries: Sequence[CreationLogEntry]) -> Progress:
    """`progress_for(before.character, entries)`, where `entries` is the log `before` was
    replayed from with one row appended, without replaying the whole log again.

    Replay is `apply_step` folded over the log's steps from a new character, so when the
    new row is in force (no undo), leaves the race the steps are read with alone, and
    the rule data and house rules are those `before` used, the new state is `before`'s
    with the new row's one step applied: the state a full replay gives, and it is
    stored under the same cache key. Any other log takes `progress_for`.
    """
    character = before.character
    in_force = effective(entries)
    newest = in_force[-1] if in_force else None
    house_rules = character_house_rules(character)
    extends = (
        before.own_rule_data
        and character.rule_version_id is not None
        and newest is not None
        and newest is entries[-1]
        and len(in_force) == len(before.entries) + 1
        and all(old is new for old, new in zip(before.entries, in_force, strict=False))
        and race_in_force(in_force, character.race) == before.race_in_force
        and character_rulebook(character) is before.rulebook
        and house_rules == before.house_rules
    )
    if not extends or newest is None:
        return progress_for(character, entries)
    previous = last_step_row(before.entries)
    try:
        step = step_for(newest, previous, before.race_in_force)
        # One step applied to the state in hand costs less than asking Redis for it.
        state = cached_replay(
            replay_key_of(character, entries, in_force),
            lambda: (
                before.state
                if step is None
                else creation.apply_step(
                    before.state, step, rulebook=before.rulebook, house_rules=house_rules
                )
            ),
            ask_shared=False,
        )
    except RulesError:
        # Refused: the full replay raises as it always has (its message names the step).
        return progress_for(character, entries)
    unplaced = (
        newest
        if newest.kind == Kind.CHARACTERISTIC_ROLL
        and not (newest.payload or {}).get("characteristic")
        else before.unplaced_roll
        if newest.kind == Kind.CONCEPT
        else None
    )
    return replace(
        before,
        entries=in_force,
        last_sequence=entries[-1].sequence,
        state=state,
        unplaced_roll=unplaced,
    )


def replay_key_of(
    character: Character,
    entries: Sequence[CreationLogEntry],
    in_force: Sequence[CreationLogEntry],
) -> str | None:
    """The cache key of this replay (chargen/core/replay_cache.py), or None: a character
    with no pinned rule version reads the live tables, which can change under one key."""
    if not character.rule_version_id:
        return None
    return replay_key(
        system="infinity_drive",
        subject_id=character.pk,
        entry_hashes=[entry.entry_hash for entry in entries],
        inputs=[
            character.rule_version_id,
            character.house_rules,
            # Race steps older than the copy in the log read the race row.
            race_in_force(in_force, character.race),
        ],
    )
