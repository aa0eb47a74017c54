"""The tables a skill roll may be read on, and what each would do (rules 1–8 of
"Rules for generating skills", the learner's quota, and a bodiless race's limits)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from rules.errors import RulesError
from rules.infinity_drive.characteristics import characteristic_name
from rules.infinity_drive.creation.state import GROUP_SIZE, SKILL_DICE, CreationState
from rules.infinity_drive.rulebook import CareerTable, Learning, Rulebook, TableEntry
from rules.infinity_drive.skills import EntryOutcome, OutcomeKind, evaluate_entry
from rules.inputs import instance, listed_instances, optional_whole

__all__ = [
    "Option",
    "only_choice",
    "open_tables",
    "skill_roll_options",
]


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
    # The book lists every specialty there is (Navigation, Psychic): chosen from the
    # list, never typed; otherwise the list only suggests.
    specialties_closed: bool = False


def open_tables(state: CreationState, rulebook: Rulebook) -> tuple[CareerTable, ...]:
    """The specialisation's tables; after the first group of four, the Planetside ones too."""
    instance(state, CreationState, "a character's creation so far")
    instance(rulebook, Rulebook, "the rule book")
    if state.career is None or state.specialisation is None:
        return ()
    tables = rulebook.specialisation_tables(state.career, state.specialisation)
    if state.rolls_used >= GROUP_SIZE:
        tables += rulebook.planetside_tables(state.career)
    return tables


def quota_refusal(state: CreationState, table: CareerTable) -> str:
    """Empty if the learner's quota lets this roll be read on `table`, else why not."""
    assert state.learner is not None
    return state.learner.may_use(
        table.learning, state.rolls_on(state.learner.quota_side or table.learning), state.rolls_left
    )


def evaluate_option(
    state: CreationState,
    rulebook: Rulebook,
    table: CareerTable,
    total: int,
    specialty: str = "",
    history_reason: str = "",
    *,
    quota_reason: str | None = None,
) -> tuple[Option, EntryOutcome | None]:
    """What reading `total` on `table` would do, and whether the player may choose it.

    `quota_reason` is `quota_refusal(state, table)` when the caller has it already (it is
    the same for every row of a table, and the skills step reads every row of every
    table on each answer); None reads it here."""
    entry = table.entry(total)
    assert state.learner is not None
    if quota_reason is None:
        quota_reason = quota_refusal(state, table)

    # Each answer is built whole rather than by dataclasses.replace of a shared base: the
    # skills step builds some forty of these on every answer, and a replace costs as much
    # again as building one.
    option = partial(
        Option, table_slug=table.slug, table_name=table.name, learning=table.learning, entry=entry
    )

    if quota_reason:
        return option(legal=False, reason=quota_reason), None
    bodiless_loss = _bodiless_loss(state, entry)
    if bodiless_loss is not None:
        return option(legal=True, reason=bodiless_loss.message, loses_roll=True), bodiless_loss
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
    specialties_closed = False
    if entry.skill and not entry.specialty:
        definition = rulebook.skill(entry.skill)
        if definition.specialty_required:
            specialty_choices = tuple(
                dict.fromkeys(state.skills.specialties(entry.skill) + definition.specialties)
            )
            specialties_closed = definition.specialties_closed
    pending = state.pending
    if outcome.kind == OutcomeKind.PREREQUISITE_NOT_MET:
        if pending is None or not pending.is_reroll:
            return option(
                legal=False,
                reason=f"{outcome.message} You may roll again once instead.",
                reroll_offered=True,
            ), outcome
        if outcome.skill == pending.rerolled_skill:
            why = f"The reroll gave {outcome.skill} again, so the roll is lost."
        else:
            why = f"{outcome.message} Only one reroll is allowed, so the roll is lost."
        return option(legal=True, reason=why, loses_roll=True), outcome
    if outcome.kind == OutcomeKind.NEEDS_SPECIALTY:
        return option(
            legal=True,
            reason=outcome.message,
            needs_specialty=True,
            specialty_choices=specialty_choices,
            specialties_closed=specialties_closed,
        ), outcome
    return option(
        legal=True,
        reason=outcome.message,
        needs_history_reason=outcome.needs_history_reason,
        loses_roll=outcome.kind == OutcomeKind.LOST,
        specialty_choices=specialty_choices,
        specialties_closed=specialties_closed,
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
    instance(state, CreationState, "a character's creation so far")
    instance(rulebook, Rulebook, "the rule book")
    optional_whole(roll_total, "A skill roll")
    if state.learner is None:
        raise RulesError("Choose a career before rolling for skills.")
    total = (
        roll_total if roll_total is not None else (state.pending.total if state.pending else None)
    )
    if total is None:
        raise RulesError("Roll 2d6 for a skill first.")
    if not SKILL_DICE.minimum <= total <= SKILL_DICE.maximum:
        raise RulesError(f"A skill roll is 2 to 12; {total} is not.")
    return [
        evaluate_option(state, rulebook, table, total)[0] for table in open_tables(state, rulebook)
    ]


def only_choice(options: list[Option]) -> Option | None:
    """The one table a roll can go on when the player has nothing to decide, else None.

    Nothing to decide: exactly one table may be chosen, it gains something (it does
    not lose the roll), it asks for no specialty and no history reason, and no table
    offers the one reroll (rule 7: whether to reroll is the player's choice). The
    wizard then places the roll there with it, shown and undoable."""
    options = list(listed_instances(options, Option, "The roll's options", "an option"))
    legal = [option for option in options if option.legal]
    if len(legal) != 1 or any(option.reroll_offered for option in options):
        return None
    only = legal[0]
    if (
        only.loses_roll
        or only.needs_specialty
        or only.needs_history_reason
        or only.specialty_choices
    ):
        return None
    return only
