"""Infinity Drive character creation as a log of steps replayed through a pure reducer.

The wizard stores each decision and each roll as a step; the character is what
`replay(steps, rulebook=..., house_rules=...)` makes of them. `apply_step` refuses an
illegal or out-of-order step with a RulesError and leaves the state as it was, and
`CreationState.expecting` says which step may come next.

A non-humanoid race (a GM ruling) is a third way to characteristics: `NonHumanoidChosen`
stands where `MethodChosen` would, then one `CharacteristicRolled` per characteristic,
in the player's order, each with that race's dice for it; no `RaceApplied` follows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum

from rules.dice import DiceSpec, check_faces
from rules.errors import RulesError
from rules.infinity_drive.aliens import (
    NonHumanoidDice,
    NonHumanoidRace,
    Race,
    apply_race,
    validate_non_humanoid_race,
    validate_race,
)
from rules.infinity_drive.characteristics import (
    HUMANOID_MAXIMUM,
    characteristic_name,
    validate_point_buy,
)
from rules.infinity_drive.codes import characteristics_in_play
from rules.infinity_drive.house_rules import (
    BOOK_DEFAULTS,
    HouseRules,
    NonHumanoidMaximum,
    SurvivalFailure,
)
from rules.infinity_drive.learner import Learner, learner_for
from rules.infinity_drive.profile import Characteristics, hex_value
from rules.infinity_drive.rulebook import CareerTable, Learning, Rulebook, TableEntry
from rules.infinity_drive.skills import (
    EntryOutcome,
    OutcomeKind,
    SkillSheet,
    evaluate_entry,
    skill_order,
    starting_skills,
)
from rules.infinity_drive.survival import Setback, SurvivalResult, apply_setback, survival_check

GROUP_SIZE = 4
SPECIALISATION_DICE = DiceSpec(1, 6)
SKILL_DICE = DiceSpec(2, 6)


class Method(StrEnum):
    POINT_BUY = "point_buy"
    DICE = "dice"
    # Chosen by `NonHumanoidChosen` (which names the race), never by `MethodChosen`.
    NON_HUMANOID = "non_humanoid"


# --- Steps: one row of the creation log each ------------------------------------------


@dataclass(frozen=True)
class MethodChosen:
    method: Method


@dataclass(frozen=True)
class NonHumanoidChosen:
    """Characteristics by a GM's non-humanoid race, chosen before any is rolled: its dice
    decide how many d6 each characteristic rolls."""

    plan: NonHumanoidDice
    name: str
    description: str = ""

    @property
    def race(self) -> NonHumanoidRace:
        return NonHumanoidRace(self.name, self.plan, self.description)


@dataclass(frozen=True)
class PointBuyAssigned:
    values: tuple[tuple[str, int], ...]

    @classmethod
    def of(cls, values: Mapping[str, int]) -> PointBuyAssigned:
        return cls(tuple((code, int(value)) for code, value in values.items()))


@dataclass(frozen=True)
class CharacteristicRolled:
    """One roll of the characteristic dice, put into a characteristic as it is rolled."""

    characteristic: str
    faces: tuple[int, ...]


@dataclass(frozen=True)
class RaceApplied:
    """The character's race: None for the base humanoid."""

    race: Race | None = None


@dataclass(frozen=True)
class CareerChosen:
    career: str


@dataclass(frozen=True)
class SpecialisationRolled:
    faces: tuple[int, ...]


@dataclass(frozen=True)
class SkillRolled:
    faces: tuple[int, ...]


@dataclass(frozen=True)
class Rerolled:
    """Rule 7: the entry on `table_slug` needs a prerequisite the character lacks; roll again."""

    table_slug: str
    faces: tuple[int, ...]


@dataclass(frozen=True)
class TableChosen:
    """Read the pending roll on one table; `history_reason` lets a characteristic pass its
    maximum (rule 5); `note` is the player's history for this roll."""

    table_slug: str
    specialty: str = ""
    history_reason: str = ""
    note: str = ""


@dataclass(frozen=True)
class SurvivalRolled:
    faces: tuple[int, ...]


@dataclass(frozen=True)
class SurvivalOutcomeChosen:
    """After a failed survival roll under the player-choice house rule: death or setback."""

    outcome: SurvivalFailure


@dataclass(frozen=True)
class SetbackChosen:
    characteristic: str


Step = (
    MethodChosen
    | NonHumanoidChosen
    | PointBuyAssigned
    | CharacteristicRolled
    | RaceApplied
    | CareerChosen
    | SpecialisationRolled
    | SkillRolled
    | Rerolled
    | TableChosen
    | SurvivalRolled
    | SurvivalOutcomeChosen
    | SetbackChosen
)


class Expect(StrEnum):
    """The step the creation is waiting for."""

    METHOD = "method"
    POINT_BUY = "point_buy"
    CHARACTERISTIC_ROLL = "characteristic_roll"
    RACE = "race"
    CAREER = "career"
    SPECIALISATION_ROLL = "specialisation_roll"
    SKILL_ROLL = "skill_roll"
    TABLE_CHOICE = "table_choice"
    SURVIVAL_ROLL = "survival_roll"
    SURVIVAL_OUTCOME = "survival_outcome"
    SETBACK = "setback"
    COMPLETE = "complete"
    DEAD = "dead"


EXPECTED_STEP_TYPES: dict[Expect, tuple[type, ...]] = {
    Expect.METHOD: (MethodChosen, NonHumanoidChosen),
    Expect.POINT_BUY: (PointBuyAssigned,),
    Expect.CHARACTERISTIC_ROLL: (CharacteristicRolled,),
    Expect.RACE: (RaceApplied,),
    Expect.CAREER: (CareerChosen,),
    Expect.SPECIALISATION_ROLL: (SpecialisationRolled,),
    Expect.SKILL_ROLL: (SkillRolled,),
    Expect.TABLE_CHOICE: (TableChosen, Rerolled),
    Expect.SURVIVAL_ROLL: (SurvivalRolled,),
    Expect.SURVIVAL_OUTCOME: (SurvivalOutcomeChosen,),
    Expect.SETBACK: (SetbackChosen,),
    Expect.COMPLETE: (),
    Expect.DEAD: (),
}

EXPECT_MESSAGES: dict[Expect, str] = {
    Expect.METHOD: "Choose how to generate characteristics: point buy or dice.",
    Expect.POINT_BUY: "Spend your points on your characteristics.",
    Expect.CHARACTERISTIC_ROLL: "Roll the next characteristic and choose where it goes.",
    Expect.RACE: "Choose your race (or stay a base humanoid).",
    Expect.CAREER: "Choose a career path: Military or Citizen.",
    Expect.SPECIALISATION_ROLL: "Roll 1d6 for your specialisation.",
    Expect.SKILL_ROLL: "Roll 2d6 for your next skill.",
    Expect.TABLE_CHOICE: "Choose the table to read your roll on.",
    Expect.SURVIVAL_ROLL: "Roll 2d6 to survive this period of your career.",
    Expect.SURVIVAL_OUTCOME: "Your character failed the survival roll: choose death or a setback.",
    Expect.SETBACK: "Choose the characteristic your setback reduces.",
    Expect.COMPLETE: "Creation is complete.",
    Expect.DEAD: "This character died in their career; start a new one.",
}


# --- State --------------------------------------------------------------------------


@dataclass(frozen=True)
class HistoryEntry:
    """One piece of history: what happened (`prompt`, written by the engine) and the
    player's own words (`note`)."""

    kind: str  # "career", "skill", "survival", "setback"
    roll_number: int | None
    prompt: str
    note: str = ""


@dataclass(frozen=True)
class LostRoll:
    roll_number: int
    reason: str


@dataclass(frozen=True)
class SkillRollRecord:
    roll_number: int
    group: int
    faces: tuple[int, ...]
    rerolled_faces: tuple[int, ...]
    total: int
    table_slug: str
    learning: Learning
    outcome: str
    lost: bool


@dataclass(frozen=True)
class PendingRoll:
    faces: tuple[int, ...]
    total: int
    first_faces: tuple[int, ...] = ()
    rerolled_skill: str | None = None  # the skill whose prerequisite failed

    @property
    def is_reroll(self) -> bool:
        return self.rerolled_skill is not None


@dataclass(frozen=True)
class CreationState:
    expecting: Expect = Expect.METHOD
    method: Method | None = None
    characteristics: Characteristics = field(default_factory=lambda: Characteristics(()))
    characteristic_rolls: tuple[tuple[str, tuple[int, ...], int], ...] = ()
    race: Race | None = None
    career: str | None = None
    specialisation: str | None = None
    learner: Learner | None = None
    skills: SkillSheet = field(default_factory=SkillSheet)
    rolls_used: int = 0
    rolls_forfeited: int = 0  # taken away by setbacks
    academic_rolls: int = 0
    action_rolls: int = 0
    pending: PendingRoll | None = None
    records: tuple[SkillRollRecord, ...] = ()
    lost_rolls: tuple[LostRoll, ...] = ()
    survival_rolls: tuple[SurvivalResult, ...] = ()
    setbacks: tuple[Setback, ...] = ()
    dead: bool = False
    history: tuple[HistoryEntry, ...] = ()
    events: tuple[str, ...] = ()  # one explanation per step applied, for the player
    non_humanoid: NonHumanoidRace | None = None
    # The campaign's house rule for a non-humanoid's maximum, kept from the step that
    # chose the race: skill-roll options are read from the state alone (the wizard and
    # the autopilot pass no house rules there), and a character's rules never change.
    non_humanoid_maximum: NonHumanoidMaximum = NonHumanoidMaximum.DICE

    @property
    def profile(self) -> str:
        return self.characteristics.profile

    @property
    def learner_type(self) -> str | None:
        return self.learner.learner_type.value if self.learner else None

    @property
    def rolls_total(self) -> int:
        return self.learner.rolls if self.learner else 0

    @property
    def rolls_left(self) -> int:
        return max(0, self.rolls_total - self.rolls_forfeited - self.rolls_used)

    @property
    def current_group(self) -> int:
        """1-based group of four the next (or pending) skill roll belongs to."""
        return self.rolls_used // GROUP_SIZE + 1

    @property
    def index_in_group(self) -> int:
        """1-based position of the next (or pending) skill roll within its group."""
        return self.rolls_used % GROUP_SIZE + 1

    def rolls_on(self, learning: Learning) -> int:
        return self.academic_rolls if learning == Learning.ACADEMIC else self.action_rolls

    @property
    def owed(self) -> dict[Learning, int]:
        """Rolls still owed to each side of the tables."""
        owed = {Learning.ACADEMIC: 0, Learning.ACTION: 0}
        if self.learner and self.learner.quota_side:
            side = self.learner.quota_side
            owed[side] = self.learner.owed(self.rolls_on(side), self.rolls_left)
        return owed

    @property
    def quota_message(self) -> str:
        if not self.learner:
            return ""
        side = self.learner.quota_side
        if side is None:
            return "A balanced learner may use any table."
        owed = self.owed[side]
        if owed == 0:
            return f"Your {side.value} quota is met; any table will do."
        return f"You still owe {owed} {side.value} roll{'s' if owed != 1 else ''}."

    @property
    def is_complete(self) -> bool:
        return self.expecting == Expect.COMPLETE

    @property
    def next_step_message(self) -> str:
        if self.non_humanoid is not None and self.expecting == Expect.CHARACTERISTIC_ROLL:
            waiting = ", ".join(
                f"{characteristic_name(code)} {self.non_humanoid.dice_for(code)}"
                for code, _count in self.non_humanoid.plan.dice
                if code not in self.characteristics
            )
            return (
                f"Choose a characteristic and roll its dice ({self.non_humanoid.name}); "
                f"still to roll: {waiting}."
            )
        return EXPECT_MESSAGES[self.expecting]

    @property
    def race_name(self) -> str:
        """What the character is: a non-humanoid race, an alien humanoid race, or neither."""
        if self.non_humanoid is not None:
            return self.non_humanoid.name
        return self.race.name if self.race else "Humanoid"

    @property
    def skill_notation(self) -> str:
        return self.skills.notation

    def maximum(self, code: str) -> int | None:
        """Rule 5's maximum for `code`, or None when a non-humanoid has none (house rule)."""
        if self.non_humanoid is not None:
            return self.non_humanoid.maximum(code, self.non_humanoid_maximum)
        return self.race.maximum(code) if self.race else HUMANOID_MAXIMUM


def characteristics_to_roll(state: CreationState, house_rules: HouseRules) -> tuple[str, ...]:
    """The characteristics still waiting for a roll, in profile order (a bodiless race's
    Mus, Grc and Res are never rolled)."""
    if state.expecting != Expect.CHARACTERISTIC_ROLL:
        return ()
    return tuple(
        code
        for code in characteristics_in_play(house_rules.metaphysical_in_play)
        if code not in state.characteristics
    )


def characteristic_dice(state: CreationState, code: str, house_rules: HouseRules) -> DiceSpec:
    """The dice a roll for `code` uses: the race's d6 for a non-humanoid, else the campaign's."""
    if state.non_humanoid is not None:
        return state.non_humanoid.dice_for(code)
    return house_rules.dice_spec


# --- Options for a skill roll ---------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """One table the roll may be read on: what it gives and whether it may be chosen."""

    table_slug: str
    table_name: str
    learning: Learning
    entry: TableEntry
    legal: bool
    reason: str  # why not, or what choosing it does
    reroll_offered: bool = False
    needs_history_reason: bool = False
    needs_specialty: bool = False
    loses_roll: bool = False
    specialty_choices: tuple[str, ...] = ()


def open_tables(state: CreationState, rulebook: Rulebook) -> tuple[CareerTable, ...]:
    """The specialisation's tables; after the first group of four, the Planetside ones too."""
    if state.career is None or state.specialisation is None:
        return ()
    tables = rulebook.specialisation_tables(state.career, state.specialisation)
    if state.rolls_used >= GROUP_SIZE:
        tables += rulebook.planetside_tables(state.career)
    return tables


def _evaluate(
    state: CreationState,
    rulebook: Rulebook,
    table: CareerTable,
    total: int,
    specialty: str = "",
    history_reason: str = "",
) -> tuple[Option, EntryOutcome | None]:
    entry = table.entry(total)
    assert state.learner is not None
    base = {
        "table_slug": table.slug,
        "table_name": table.name,
        "learning": table.learning,
        "entry": entry,
    }
    quota_reason = state.learner.may_use(
        table.learning, state.rolls_on(state.learner.quota_side or table.learning), state.rolls_left
    )
    if quota_reason:
        return Option(**base, legal=False, reason=quota_reason), None
    bodiless_loss = _bodiless_loss(state, entry)
    if bodiless_loss is not None:
        return Option(**base, legal=True, reason=bodiless_loss.message, loses_roll=True), (
            bodiless_loss
        )
    outcome = evaluate_entry(
        entry=entry,
        rulebook=rulebook,
        skills=state.skills,
        characteristics=state.characteristics,
        maximum=state.maximum,
        specialty=specialty,
        history_reason=history_reason,
    )
    specialty_choices: tuple[str, ...] = ()
    if entry.skill and not entry.specialty:
        definition = rulebook.skill(entry.skill)
        if definition.specialty_required:
            specialty_choices = tuple(
                dict.fromkeys(state.skills.specialties(entry.skill) + definition.specialties)
            )
    pending = state.pending
    if outcome.kind == OutcomeKind.PREREQUISITE_NOT_MET:
        if pending is None or not pending.is_reroll:
            return Option(
                **base,
                legal=False,
                reason=f"{outcome.message} You may roll again once instead.",
                reroll_offered=True,
            ), outcome
        if outcome.skill == pending.rerolled_skill:
            why = f"The reroll gave {outcome.skill} again, so the roll is lost."
        else:
            why = f"{outcome.message} Only one reroll is allowed, so the roll is lost."
        return Option(**base, legal=True, reason=why, loses_roll=True), outcome
    if outcome.kind == OutcomeKind.NEEDS_SPECIALTY:
        return Option(
            **base,
            legal=True,
            reason=outcome.message,
            needs_specialty=True,
            specialty_choices=specialty_choices,
        ), outcome
    return Option(
        **base,
        legal=True,
        reason=outcome.message,
        needs_history_reason=outcome.needs_history_reason,
        loses_roll=outcome.kind == OutcomeKind.LOST,
        specialty_choices=specialty_choices,
    ), outcome


def _bodiless_loss(state: CreationState, entry: TableEntry) -> EntryOutcome | None:
    """A bodiless race's Mus, Grc and Res stay 0: an entry raising one loses the roll, and
    no history reason changes that (ruling: it has no body to raise)."""
    race = state.non_humanoid
    code = entry.characteristic
    if race is None or not entry.is_characteristic or code is None or race.has_body_part(code):
        return None
    return EntryOutcome(
        OutcomeKind.LOST,
        f"{entry.book_text}: the {race.name} have no body, so {characteristic_name(code)} "
        "stays 0 and the roll is lost.",
        characteristic=code,
    )


def skill_roll_options(
    state: CreationState, rulebook: Rulebook, roll_total: int | None = None
) -> list[Option]:
    """Every table the player may read `roll_total` (default: the pending roll) on now."""
    if state.learner is None:
        raise RulesError("Choose a career before rolling for skills.")
    total = (
        roll_total if roll_total is not None else (state.pending.total if state.pending else None)
    )
    if total is None:
        raise RulesError("Roll 2d6 for a skill first.")
    if not SKILL_DICE.minimum <= total <= SKILL_DICE.maximum:
        raise RulesError(f"A skill roll is 2 to 12; {total} is not.")
    return [_evaluate(state, rulebook, table, total)[0] for table in open_tables(state, rulebook)]


# --- The reducer ----------------------------------------------------------------------


def _note(state: CreationState, event: str, **changes: object) -> CreationState:
    return replace(state, events=(*state.events, event), **changes)


def _after_characteristics(state: CreationState, house_rules: HouseRules) -> Expect:
    if state.non_humanoid is not None:
        return Expect.CAREER  # the race is already chosen; no humanoid race step follows
    return Expect.RACE if house_rules.alien_humanoids_allowed else Expect.CAREER


def _after_roll_taken(state: CreationState, house_rules: HouseRules) -> Expect:
    group_done = state.rolls_used % GROUP_SIZE == 0 or state.rolls_left == 0
    if group_done and house_rules.career_survival:
        return Expect.SURVIVAL_ROLL
    return Expect.SKILL_ROLL if state.rolls_left > 0 else Expect.COMPLETE


def _table_in_play(state: CreationState, rulebook: Rulebook, slug: str) -> CareerTable:
    table = rulebook.table(slug)
    if table not in open_tables(state, rulebook):
        if table.career == state.career and table.is_planetside:
            raise RulesError(
                f"The {table.name} opens after your first group of four rolls, which come "
                "only from your specialisation's tables."
            )
        raise RulesError(f"The {table.name} is not one of your {state.specialisation} tables.")
    return table


def _skill_prompt(
    state: CreationState, roll_number: int, table: CareerTable, total: int, result: str
) -> str:
    return (
        f"Roll {roll_number} ({state.career}, {state.specialisation}): {total} on the "
        f"{table.name} — {table.entry(total).label}. {result} What happened during your "
        f"time in {state.specialisation} that explains this?"
    )


def _apply_table_choice(
    state: CreationState, step: TableChosen, rulebook: Rulebook, house_rules: HouseRules
) -> CreationState:
    pending = state.pending
    assert pending is not None
    table = _table_in_play(state, rulebook, step.table_slug)
    option, outcome = _evaluate(
        state, rulebook, table, pending.total, step.specialty, step.history_reason
    )
    if not option.legal:
        raise RulesError(option.reason)
    if option.needs_specialty:
        raise RulesError(f"Choose a specialty for {option.entry.skill}.")
    assert outcome is not None
    roll_number = state.rolls_used + 1
    skills = state.skills
    characteristics = state.characteristics
    lost = option.loses_roll
    if not lost:
        if outcome.kind == OutcomeKind.CHARACTERISTIC:
            assert outcome.characteristic is not None
            assert outcome.new_value is not None
            characteristics = characteristics.with_value(outcome.characteristic, outcome.new_value)
        else:
            assert outcome.skill is not None
            assert outcome.new_rank is not None
            skills = skills.with_rank(
                outcome.skill, outcome.specialty, outcome.new_rank, skill_order(rulebook)
            )
    record = SkillRollRecord(
        roll_number=roll_number,
        group=state.current_group,
        faces=pending.first_faces or pending.faces,
        rerolled_faces=pending.faces if pending.is_reroll else (),
        total=pending.total,
        table_slug=table.slug,
        learning=table.learning,
        outcome=option.reason,
        lost=lost,
    )
    history = HistoryEntry(
        "skill",
        roll_number,
        _skill_prompt(state, roll_number, table, pending.total, option.reason),
        step.note.strip() or step.history_reason.strip(),
    )
    updated = replace(
        state,
        characteristics=characteristics,
        skills=skills,
        rolls_used=state.rolls_used + 1,
        academic_rolls=state.academic_rolls + (table.learning == Learning.ACADEMIC),
        action_rolls=state.action_rolls + (table.learning == Learning.ACTION),
        pending=None,
        records=(*state.records, record),
        lost_rolls=(
            (*state.lost_rolls, LostRoll(roll_number, option.reason)) if lost else state.lost_rolls
        ),
        history=(*state.history, history),
    )
    return _note(
        updated,
        f"Roll {roll_number}: {option.reason}",
        expecting=_after_roll_taken(updated, house_rules),
    )


def _apply_reroll(state: CreationState, step: Rerolled, rulebook: Rulebook) -> CreationState:
    pending = state.pending
    assert pending is not None
    if pending.is_reroll:
        raise RulesError("You have already rerolled this roll; choose a table.")
    table = _table_in_play(state, rulebook, step.table_slug)
    option, outcome = _evaluate(state, rulebook, table, pending.total)
    if not option.reroll_offered or outcome is None:
        raise RulesError(
            f"{option.entry.label} on the {table.name} needs no reroll: "
            "you may only reroll a skill whose prerequisite you do not meet."
        )
    faces = check_faces(SKILL_DICE, step.faces)
    total = SKILL_DICE.total(faces)
    return _note(
        state,
        f"{outcome.skill}: prerequisite not met, rerolled {total}.",
        pending=PendingRoll(
            faces=faces,
            total=total,
            first_faces=pending.faces,
            rerolled_skill=outcome.skill,
        ),
    )


def _apply_survival(
    state: CreationState, step: SurvivalRolled, rulebook: Rulebook, house_rules: HouseRules
) -> CreationState:
    assert state.career is not None
    assert state.learner is not None
    result = survival_check(
        career=state.career,
        learner_type=state.learner.learner_type,
        rulebook=rulebook,
        faces=check_faces(DiceSpec(2, 6), step.faces),
    )
    rolled = replace(state, survival_rolls=(*state.survival_rolls, result))
    if result.survived:
        following = Expect.SKILL_ROLL if state.rolls_left > 0 else Expect.COMPLETE
        return _note(rolled, result.explanation, expecting=following)
    if house_rules.survival_failure == SurvivalFailure.DEATH:
        return _dies(rolled, result.explanation)
    if house_rules.survival_failure == SurvivalFailure.SETBACK:
        return _note(rolled, result.explanation, expecting=Expect.SETBACK)
    return _note(rolled, result.explanation, expecting=Expect.SURVIVAL_OUTCOME)


def _dies(state: CreationState, explanation: str) -> CreationState:
    prompt = (
        f"Your character died during their {state.specialisation} career after "
        f"{state.rolls_used} skill rolls. {explanation}"
    )
    return _note(
        state,
        f"{explanation} The character dies.",
        dead=True,
        expecting=Expect.DEAD,
        history=(*state.history, HistoryEntry("survival", None, prompt)),
    )


def _apply_setback(state: CreationState, step: SetbackChosen) -> CreationState:
    setback = apply_setback(state.characteristics, step.characteristic, state.rolls_left)
    updated = replace(
        state,
        characteristics=setback.characteristics,
        rolls_forfeited=state.rolls_forfeited + setback.rolls_lost,
        setbacks=(*state.setbacks, setback),
        history=(
            *state.history,
            HistoryEntry(
                "setback",
                None,
                f"{setback.explanation} What went wrong in your {state.specialisation} career?",
            ),
        ),
    )
    following = Expect.SKILL_ROLL if updated.rolls_left > 0 else Expect.COMPLETE
    return _note(updated, setback.explanation, expecting=following)


def _non_humanoid_dice(race: NonHumanoidRace, code: str, faces_given: int) -> DiceSpec:
    """The race's dice for `code`; a wrong number of faces is refused naming the
    characteristic, since each one rolls its own number of dice."""
    spec = race.dice_for(code)
    if faces_given != spec.count:
        raise RulesError(
            f"{characteristic_name(code)} rolls {spec} for the {race.name}; "
            f"{faces_given} {'die was' if faces_given == 1 else 'dice were'} given."
        )
    return spec


def _apply_characteristic_roll(
    state: CreationState, step: CharacteristicRolled, house_rules: HouseRules
) -> CreationState:
    in_play = characteristics_in_play(house_rules.metaphysical_in_play)
    code = step.characteristic
    if code not in in_play:
        raise RulesError(f"“{code}” is not a characteristic in play.")
    race = state.non_humanoid
    if race is not None and not race.has_body_part(code):
        raise RulesError(
            f"The {race.name} have no body: {characteristic_name(code)} is 0 and is never rolled."
        )
    if code in state.characteristics:
        raise RulesError(f"{characteristic_name(code)} already has a value; choose another.")
    spec = (
        house_rules.dice_spec
        if race is None
        else _non_humanoid_dice(race, code, len(tuple(step.faces)))
    )
    faces = check_faces(spec, step.faces)
    value = spec.total(faces)
    characteristics = state.characteristics.with_value(code, value)
    filled = len(characteristics.codes) == len(in_play)
    updated = replace(
        state,
        characteristics=characteristics,
        characteristic_rolls=(*state.characteristic_rolls, (code, faces, value)),
    )
    return _note(
        updated,
        f"{spec} rolled {value} ({hex_value(value)}) into {characteristic_name(code)}.",
        expecting=_after_characteristics(updated, house_rules)
        if filled
        else Expect.CHARACTERISTIC_ROLL,
    )


def _apply_non_humanoid(
    state: CreationState, step: NonHumanoidChosen, house_rules: HouseRules
) -> CreationState:
    race = validate_non_humanoid_race(step.race, house_rules)
    # A bodiless race's Mus, Grc and Res are 0 from the start: nothing is rolled for them.
    bodiless_zeros = Characteristics.of(
        {
            code: 0
            for code in characteristics_in_play(house_rules.metaphysical_in_play)
            if not race.has_body_part(code)
        }
    )
    return _note(
        state,
        f"Characteristics by the dice of a non-humanoid race: {race.describe()}.",
        method=Method.NON_HUMANOID,
        non_humanoid=race,
        non_humanoid_maximum=house_rules.non_humanoid_maximum,
        characteristics=bodiless_zeros,
        expecting=Expect.CHARACTERISTIC_ROLL,
    )


def _apply_race(state: CreationState, step: RaceApplied, house_rules: HouseRules) -> CreationState:
    if step.race is None:
        return _note(state, "A base humanoid.", expecting=Expect.CAREER)
    if not house_rules.alien_humanoids_allowed:
        raise RulesError("This campaign does not allow alien humanoid races.")
    race = validate_race(step.race, house_rules)
    characteristics = apply_race(state.characteristics, race)
    return _note(
        state,
        f"{race.describe()}: profile {characteristics.profile}.",
        race=race,
        characteristics=characteristics,
        expecting=Expect.CAREER,
    )


def _apply_career(state: CreationState, step: CareerChosen, rulebook: Rulebook) -> CreationState:
    if step.career not in rulebook.careers:
        raise RulesError(
            f"“{step.career}” is not a career path; choose {' or '.join(rulebook.careers)}."
        )
    learner = learner_for(state.characteristics)
    return _note(
        state,
        f"{step.career}. {learner.explain()}",
        career=step.career,
        learner=learner,
        skills=starting_skills(rulebook),
        expecting=Expect.SPECIALISATION_ROLL,
    )


def _apply_specialisation(
    state: CreationState, step: SpecialisationRolled, rulebook: Rulebook
) -> CreationState:
    assert state.career is not None
    total = SPECIALISATION_DICE.total(step.faces)
    try:
        specialisation = rulebook.specialisations[state.career][total]
    except KeyError:
        raise RulesError(f"The {state.career} specialisation table has no {total}.") from None
    prompt = (
        f"{state.career}, {specialisation} (rolled {total}). Why did your character take up "
        f"{specialisation}, and where did it start?"
    )
    return _note(
        state,
        f"Rolled {total}: {specialisation}.",
        specialisation=specialisation,
        history=(*state.history, HistoryEntry("career", None, prompt)),
        expecting=Expect.SKILL_ROLL,
    )


def apply_step(
    state: CreationState,
    step: Step,
    *,
    rulebook: Rulebook,
    house_rules: HouseRules = BOOK_DEFAULTS,
) -> CreationState:
    """The state after `step`, or a RulesError (the given state is never changed)."""
    allowed = EXPECTED_STEP_TYPES[state.expecting]
    if not isinstance(step, allowed):
        raise RulesError(f"Not now: {state.next_step_message}")
    if isinstance(step, NonHumanoidChosen):
        return _apply_non_humanoid(state, step, house_rules)
    if isinstance(step, MethodChosen):
        method = Method(step.method)
        if method == Method.NON_HUMANOID:
            raise RulesError(
                "Choose which non-humanoid race: its dice decide how each characteristic is rolled."
            )
        if method == Method.POINT_BUY and not house_rules.allows_point_buy:
            raise RulesError("This campaign's GM allows only dice rolling for characteristics.")
        if method == Method.DICE and not house_rules.allows_dice:
            raise RulesError("This campaign's GM allows only point buy for characteristics.")
        expecting = Expect.POINT_BUY if method == Method.POINT_BUY else Expect.CHARACTERISTIC_ROLL
        return _note(
            state,
            f"Characteristics by {method.value.replace('_', ' ')}.",
            method=method,
            expecting=expecting,
        )
    if isinstance(step, PointBuyAssigned):
        characteristics = validate_point_buy(dict(step.values), house_rules)
        updated = replace(state, characteristics=characteristics)
        return _note(
            updated,
            f"Point buy: profile {characteristics.profile}.",
            expecting=_after_characteristics(updated, house_rules),
        )
    if isinstance(step, CharacteristicRolled):
        return _apply_characteristic_roll(state, step, house_rules)
    if isinstance(step, RaceApplied):
        return _apply_race(state, step, house_rules)
    if isinstance(step, CareerChosen):
        return _apply_career(state, step, rulebook)
    if isinstance(step, SpecialisationRolled):
        return _apply_specialisation(state, step, rulebook)
    if isinstance(step, SkillRolled):
        faces = check_faces(SKILL_DICE, step.faces)
        total = SKILL_DICE.total(faces)
        return _note(
            state,
            f"Skill roll {state.rolls_used + 1}: {total}.",
            pending=PendingRoll(faces=faces, total=total),
            expecting=Expect.TABLE_CHOICE,
        )
    if isinstance(step, Rerolled):
        return _apply_reroll(state, step, rulebook)
    if isinstance(step, TableChosen):
        return _apply_table_choice(state, step, rulebook, house_rules)
    if isinstance(step, SurvivalRolled):
        return _apply_survival(state, step, rulebook, house_rules)
    if isinstance(step, SurvivalOutcomeChosen):
        outcome = SurvivalFailure(step.outcome)
        if outcome == SurvivalFailure.DEATH:
            return _dies(state, "You chose death.")
        if outcome == SurvivalFailure.SETBACK:
            return _note(state, "You chose a setback.", expecting=Expect.SETBACK)
        raise RulesError("Choose death or a setback.")
    return _apply_setback(state, step)


class StepError(RulesError):
    """A step in a creation log that the rules refuse; `index` is its 0-based position."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index


def replay(
    steps: Iterable[Step], *, rulebook: Rulebook, house_rules: HouseRules = BOOK_DEFAULTS
) -> CreationState:
    """Derive a character from its creation log."""
    state = CreationState()
    for index, step in enumerate(steps):
        try:
            state = apply_step(state, step, rulebook=rulebook, house_rules=house_rules)
        except StepError:
            raise
        except RulesError as error:
            raise StepError(index, f"Step {index + 1}: {error}") from error
    return state
