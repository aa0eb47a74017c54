"""What each wizard step page shows, worked out from the replayed log (views.py renders it)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.http import QueryDict

from chargen.infinity_drive import services
from chargen.infinity_drive.models import Character, RaceStatus
from chargen.infinity_drive.progress import Kind, Progress, group_closed_by
from chargen.infinity_drive.services_notes import part_one_roll_note_context
from chargen.infinity_drive.wizard.log_walk import last_step_row
from chargen.infinity_drive.wizard.roll_tables import open_skill_tables, specialisation_tables
from rules.errors import RulesError
from rules.infinity_drive import aliens, creation
from rules.infinity_drive.characteristics import (
    point_buy_total,
)
from rules.infinity_drive.codes import CHARACTERISTIC_NAMES
from rules.infinity_drive.creation import Expect
from rules.infinity_drive.homebrew_careers import is_homebrew_career
from rules.infinity_drive.house_rules import CharacteristicMethods, SurvivalFailure
from rules.infinity_drive.learner import learner_for
from rules.infinity_drive.rulebook import Rulebook
from rules.infinity_drive.survival import survival_failure_outcome
from rules.odds import as_percent, survival_chance

# The method field's value for a non-humanoid race: "race:<id>".
NON_HUMANOID_PREFIX = "race:"


# --- What each step page shows ----------------------------------------------------------


def _characteristics_context(progress: Progress) -> dict[str, Any]:
    rules = progress.house_rules
    methods = []
    if rules.allows_point_buy:
        methods.append(
            ("point_buy", f"Point buy: {point_buy_total(rules)} points, each 2 to C (12)")
        )
    if rules.allows_dice:
        methods.append(("dice", f"Dice: roll {rules.dice_spec} for each characteristic in turn"))
    if progress.state.expecting == Expect.METHOD:
        for known in services.non_humanoid_races_for(progress.character):
            dice = ", ".join(f"{count}d6 {code}" for code, count in known.dice_in_order)
            methods.append(
                (f"{NON_HUMANOID_PREFIX}{known.id}", f"Non-humanoid: {known.name} ({dice})")
            )
    return {
        "methods": methods,
        "method_locked_by_gm": rules.characteristic_methods != CharacteristicMethods.BOTH,
        "point_budget": point_buy_total(rules),
        "point_fields": point_fields(progress.codes_in_play),
        "characteristic_dice": str(rules.dice_spec),
        # The step's rule names only the characteristics this campaign plays with.
        "metaphysical_in_play": "Mtp" in progress.codes_in_play,
        "characteristic_roll_label": f"Roll {rules.dice_spec}",
        "placed_rolls": _placed_rolls(progress),
    }


POINT_BUY_START = 7


def point_fields(codes: tuple[str, ...], posted: QueryDict | None = None) -> list[dict[str, Any]]:
    """The point-buy inputs: 7 each on a fresh form, what the player typed after a refusal."""
    return [
        {
            "code": code,
            "name": CHARACTERISTIC_NAMES[code],
            "value": posted.get(code, "") if posted is not None else POINT_BUY_START,
        }
        for code in codes
    ]


def _placed_rolls(progress: Progress) -> list[dict[str, Any]]:
    """Each placed characteristic roll with the log row that holds its dice."""
    placed = []
    previous = None
    for entry in progress.entries:
        if entry.kind == Kind.CHARACTERISTIC_PLACE and previous is not None:
            code = entry.payload.get("characteristic", "")
            placed.append({"name": CHARACTERISTIC_NAMES.get(code, code), "entry": previous})
        elif entry.kind == Kind.CHARACTERISTIC_ROLL and entry.payload.get("characteristic"):
            code = entry.payload["characteristic"]
            placed.append({"name": CHARACTERISTIC_NAMES.get(code, code), "entry": entry})
        if entry.kind != Kind.CONCEPT:
            previous = entry
    return placed


def proposal_fields(
    progress: Progress, data: QueryDict | None = None, errors: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """The race proposal form: empty, or as the player sent it with each box's reason."""
    errors = errors or {}

    def typed(name: str, default: str) -> str:
        return data.get(name, default) if data is not None else default

    return {
        "name": typed("name", ""),
        "reason": typed("reason", ""),
        "adjustments": [
            {
                "code": code,
                "now": value,
                "typed": typed(f"adjust_{code}", "0"),
                "error": errors.get(f"adjust_{code}", ""),
            }
            for code, value in progress.state.characteristics.values
        ],
    }


def _race_rejected(character: Character) -> bool:
    return character.race is not None and character.race.status == RaceStatus.REJECTED


def _can_choose_race(progress: Progress) -> bool:
    return "race" in progress.allowed_kinds or _race_rejected(progress.character)


def proposal_on_page(progress: Progress) -> bool:
    """Whether the race step draws the proposal form (step_race.html: the race still to
    choose, the character editable, alien humanoids allowed): a refusal is drawn at its
    fields only where they are."""
    return race_choice_on_page(progress) and progress.house_rules.alien_humanoids_allowed


def race_choice_on_page(progress: Progress) -> bool:
    """Whether the race step draws its form to choose a race (and, where allowed, to
    propose one): the race still to choose, or to choose again, and the character editable."""
    return not progress.race_done and _can_choose_race(progress) and progress.character.is_editable


def _race_context(progress: Progress) -> dict[str, Any]:
    character = progress.character
    return {
        "races": services.races_for(character),
        "race_rejected": _race_rejected(character),
        "race_pending": character.race is not None and character.race.status == RaceStatus.PROPOSED,
        "aliens_allowed": progress.house_rules.alien_humanoids_allowed,
        "proposal": proposal_fields(progress),
        "race_limits": {
            "most_added": aliens.MOST_POINTS_ADDED,
            "most_on_one": aliens.MOST_POINTS_ON_ONE,
            "lowest": aliens.LOWEST_ADJUSTED_VALUE,
        },
        "can_choose_race": _can_choose_race(progress),
        **(_learner_context(progress) if progress.race_done else {"learner": None}),
    }


def _learner_context(progress: Progress) -> dict[str, Any]:
    if not progress.characteristics_done:
        return {"learner": None}
    try:
        learner = learner_for(progress.state.characteristics)
    except RulesError:
        learner = None
    return {"learner": progress.state.learner or learner}


# The career step's rule names a few of each career's specialisations, as the book does
# ("Army, Covert, …"): the rest are rolled and shown with their tables.
SPECIALISATIONS_NAMED = 2


def career_paths(rulebook: Rulebook) -> list[dict[str, Any]]:
    """The careers a character may choose, as the career step's rule names them: the
    very careers its buttons offer (the pinned rule data's), homebrew ones marked."""
    paths = []
    for career in rulebook.careers:
        names = sorted(set(rulebook.specialisations[career].values()))
        shown = ", ".join(names[:SPECIALISATIONS_NAMED])
        paths.append(
            {
                "name": career,
                "homebrew": is_homebrew_career(rulebook, career),
                "specialisations": f"{shown}, …" if len(names) > SPECIALISATIONS_NAMED else shown,
            }
        )
    return paths


def _career_context(progress: Progress) -> dict[str, Any]:
    return {
        "careers": progress.rulebook.careers,
        "career_paths": career_paths(progress.rulebook),
        "homebrew_careers": [
            career
            for career in progress.rulebook.careers
            if is_homebrew_career(progress.rulebook, career)
        ],
        "specialisation_tables": specialisation_tables(progress),
        # Once the specialisation is rolled, the first skill roll is offered on this page
        # with the tables it reads and their odds.
        "open_tables": open_skill_tables(progress)
        if progress.state.specialisation and progress.state.rolls_used == 0
        else (),
        **part_one_roll_note_context(progress, frozenset({Kind.SPECIALISATION_ROLL}), "career"),
    }


def _roll_rows(progress: Progress) -> list[dict[str, Any]]:
    """Each skill or survival roll beside its log rows (so typed dice show as entered)."""
    state = progress.state
    rows: list[dict[str, Any]] = []
    skill_index = survival_index = 0
    for entry in progress.entries:
        if entry.kind == Kind.SKILL_ROLL:
            record = state.records[skill_index] if skill_index < len(state.records) else None
            rows.append({"kind": "skill", "entry": entry, "reroll": None, "record": record})
            skill_index += 1
        elif entry.kind == Kind.SKILL_REROLL and rows:
            rows[-1]["reroll"] = entry
        elif entry.kind == Kind.SURVIVAL_ROLL:
            results = state.survival_rolls
            result = results[survival_index] if survival_index < len(results) else None
            rows.append({"kind": "survival", "entry": entry, "result": result})
            survival_index += 1
    return rows


def _placed_with_roll(progress: Progress) -> dict[str, Any] | None:
    """The newest skill roll, when the wizard placed it with the roll on the one table
    that could take it (services.place_only_choice) and it has not been undone since."""
    choice = last_step_row(progress.entries)
    records = progress.state.records
    if (
        choice is None
        or choice.kind != Kind.TABLE_CHOICE
        or not (choice.payload or {}).get(services.PLACED_WITH_ROLL)
        or not records
    ):
        return None
    record = records[-1]
    tables = creation.open_tables(progress.state, progress.rulebook)
    table = next((table for table in tables if table.slug == record.table_slug), None)
    return {
        "record": record,
        "table_name": table.name if table is not None else record.table_slug,
    }


def _skills_context(progress: Progress) -> dict[str, Any]:
    state = progress.state
    options = []
    if state.expecting == Expect.TABLE_CHOICE and state.pending is not None:
        options = creation.skill_roll_options(state, progress.rulebook)
    survival = None
    failure = progress.house_rules.survival_failure
    if state.career:
        # A homebrew career may say what failing does in it (the replay applies the same).
        failure = survival_failure_outcome(
            rulebook=progress.rulebook, career=state.career, house_rules=progress.house_rules
        )
    if state.career and state.learner:
        target = progress.rulebook.survival_target(state.career, state.learner.learner_type)
        survival = {
            "target": target,
            "chance": as_percent(survival_chance(target)),
            # A last group may be short (14 rolls: 4, 4, 4, 2), so count the rolls made.
            "after_group": group_closed_by(state.rolls_used),
        }
    # The rolls in the current group: four, or fewer when the last group is short.
    rolls_in_group = min(creation.GROUP_SIZE, state.index_in_group - 1 + state.rolls_left)
    return {
        "options": options,
        "open_tables": open_skill_tables(progress),
        "survival": survival,
        "rolls_in_group": rolls_in_group,
        "roll_rows": _roll_rows(progress),
        "records": state.records,
        "player_chooses_outcome": failure == SurvivalFailure.PLAYER_CHOICE,
        "survival_failure": failure.value,
        "pending_entry": last_step_row(progress.entries) if state.pending is not None else None,
        "placed_with_roll": _placed_with_roll(progress),
        **part_one_roll_note_context(
            progress, frozenset({Kind.TABLE_CHOICE, Kind.SURVIVAL_ROLL}), "skills"
        ),
    }


# Each step page of steps 1-6, and the template that draws it (views.py).
STEP_TEMPLATES: dict[str, str] = {
    "concept": "characters/concept.html",
    "characteristics": "characters/step_characteristics.html",
    "race": "characters/step_race.html",
    "learner": "characters/step_learner.html",
    "career": "characters/step_career.html",
    "skills": "characters/step_skills.html",
}

STEP_CONTEXT: dict[str, Callable[[Progress], dict[str, Any]]] = {
    "concept": lambda progress: {},
    "characteristics": _characteristics_context,
    "race": _race_context,
    "learner": _learner_context,
    "career": _career_context,
    "skills": _skills_context,
}
