"""Creation steps for a career: the career, its specialisation, and the skill rolls read
on its tables (the book's "Careers" and "Rules for generating skills")."""

from __future__ import annotations

from dataclasses import replace

from rules.dice import check_faces
from rules.errors import RulesError
from rules.infinity_drive.creation.options import evaluate_option, open_tables
from rules.infinity_drive.creation.registry import StepContext, handles
from rules.infinity_drive.creation.state import (
    GROUP_SIZE,
    SKILL_DICE,
    SPECIALISATION_DICE,
    CreationState,
    Expect,
    HistoryEntry,
    LostRoll,
    PendingRoll,
    SkillRollRecord,
    noted,
)
from rules.infinity_drive.creation.steps import (
    CareerChosen,
    Rerolled,
    SkillRolled,
    SpecialisationRolled,
    TableChosen,
)
from rules.infinity_drive.house_rules import HouseRules
from rules.infinity_drive.learner import learner_for
from rules.infinity_drive.rulebook import CareerTable, Learning, Rulebook
from rules.infinity_drive.skills import OutcomeKind, skill_order, starting_skills

# Nothing public: each step is applied through `apply_step` (creation/reducer.py), which
# finds these handlers by their `@handles` registrations.
__all__: list[str] = []


class SpecialtyNeeded(RulesError):
    """The table's entry is a skill with specialties and none was named: a refusal that
    concerns the specialty box (the web form draws it there)."""


@handles(CareerChosen, answers=(Expect.CAREER,))
def on_career_chosen(
    state: CreationState, step: CareerChosen, context: StepContext
) -> CreationState:
    rulebook = context.rulebook
    if step.career not in rulebook.careers:
        raise RulesError(
            f"“{step.career}” is not a career path; choose {' or '.join(rulebook.careers)}."
        )
    learner = learner_for(state.characteristics)
    return noted(
        replace(
            state,
            career=step.career,
            learner=learner,
            skills=starting_skills(rulebook),
            expecting=Expect.SPECIALISATION_ROLL,
        ),
        f"{step.career}. {learner.explain()}",
    )


@handles(SpecialisationRolled, answers=(Expect.SPECIALISATION_ROLL,), dice=SPECIALISATION_DICE)
def on_specialisation_rolled(
    state: CreationState, step: SpecialisationRolled, context: StepContext
) -> CreationState:
    rulebook = context.rulebook
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
    return noted(
        replace(
            state,
            specialisation=specialisation,
            history=(*state.history, HistoryEntry("career", None, prompt)),
            expecting=Expect.SKILL_ROLL,
        ),
        f"Rolled {total}: {specialisation}.",
    )


@handles(SkillRolled, answers=(Expect.SKILL_ROLL,), dice=SKILL_DICE)
def on_skill_rolled(state: CreationState, step: SkillRolled, context: StepContext) -> CreationState:
    faces = check_faces(SKILL_DICE, step.faces)
    total = SKILL_DICE.total(faces)
    return noted(
        replace(
            state, pending=PendingRoll(faces=faces, total=total), expecting=Expect.TABLE_CHOICE
        ),
        f"Skill roll {state.rolls_used + 1}: {total}.",
    )


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


@handles(TableChosen, answers=(Expect.TABLE_CHOICE,))
def on_table_chosen(state: CreationState, step: TableChosen, context: StepContext) -> CreationState:
    rulebook, house_rules = context.rulebook, context.house_rules
    pending = state.pending
    assert pending is not None
    table = _table_in_play(state, rulebook, step.table_slug)
    option, outcome = evaluate_option(
        state, rulebook, table, pending.total, step.specialty, step.history_reason
    )
    if not option.legal:
        raise RulesError(option.reason)
    if option.needs_specialty:
        raise SpecialtyNeeded(f"Choose a specialty for {option.entry.skill}.")
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
    return noted(
        replace(updated, expecting=_after_roll_taken(updated, house_rules)),
        f"Roll {roll_number}: {option.reason}",
    )


@handles(Rerolled, answers=(Expect.TABLE_CHOICE,))
def on_rerolled(state: CreationState, step: Rerolled, context: StepContext) -> CreationState:
    rulebook = context.rulebook
    pending = state.pending
    assert pending is not None
    if pending.is_reroll:
        raise RulesError("You have already rerolled this roll; choose a table.")
    table = _table_in_play(state, rulebook, step.table_slug)
    option, outcome = evaluate_option(state, rulebook, table, pending.total)
    if not option.reroll_offered or outcome is None:
        raise RulesError(
            f"{option.entry.label} on the {table.name} needs no reroll: "
            "you may only reroll a skill whose prerequisite you do not meet."
        )
    faces = check_faces(SKILL_DICE, step.faces)
    total = SKILL_DICE.total(faces)
    return noted(
        replace(
            state,
            pending=PendingRoll(
                faces=faces,
                total=total,
                first_faces=pending.faces,
                rerolled_skill=outcome.skill,
            ),
        ),
        f"{outcome.skill}: prerequisite not met, rerolled {total}.",
    )
