"""One valid call of every public function of rules/infinity_drive/, for
test_malformed_input to spoil (see tests/rules/public_calls.py for the other systems).

Keys ending in `#something` are further valid calls of the same function, so that each
kind of creation step is spoiled where it is applied.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import Any

from rules.dice import DiceSpec, SeededDice
from rules.infinity_drive import (
    aliens,
    autopilot,
    characteristics,
    checks,
    codes,
    creation,
    learner,
    profile,
    rulebook,
    skills,
    survival,
    wording,
)
from rules.infinity_drive import prerequisites as prereq
from rules.infinity_drive.house_rules import HouseRules, NonHumanoidMaximum

Call = tuple[Callable[..., object], dict[str, Any]]

BOOK = rulebook.load_book()
RECORDS = json.loads(rulebook.BOOK_FIXTURE.read_text(encoding="utf-8"))
HOUSE = HouseRules()
PROFILE = profile.Characteristics.of(
    {"Mus": 7, "Grc": 8, "Res": 6, "Int": 9, "Sty": 7, "Chz": 6, "Mtp": 7}
)
STEPS: tuple[creation.Step, ...] = (
    creation.MethodChosen(creation.Method.POINT_BUY),
    creation.PointBuyAssigned.of(PROFILE.as_dict()),
    creation.RaceApplied(None),
    creation.CareerChosen("Military"),
    creation.SpecialisationRolled((6,)),
    creation.SkillRolled((3, 4)),
)
# STATES[i]: the creation after the first i steps, waiting for STEPS[i].
STATES = tuple(creation.replay(STEPS[:count], rulebook=BOOK) for count in range(len(STEPS) + 1))
WAITING = STATES[-1]  # a skill roll of 7 waits for its table
TABLE = creation.open_tables(WAITING, BOOK)[0]
# A skill roll of 5, whose Army Action entry needs more than this character has.
REROLLING = creation.apply_step(STATES[-2], creation.SkillRolled((1, 4)), rulebook=BOOK)
PLAN = aliens.NonHumanoidDice.of(dict.fromkeys(PROFILE.codes, 2))
ALIEN = aliens.NonHumanoidRace("Vorn", PLAN, "Crystalline")
RACE = aliens.Race.of("Vessk", "Heavy world", {"Mus": 2, "Chz": -2})
PREREQUISITE = prereq.parse_prerequisite("Int: 8 OR Chz: 7")
SHEET = skills.SkillSheet((skills.SkillRank("Pilot", "Small Craft", 1),))


def stored(choice: str) -> Any:
    """A choice as the creation log stores it: its string, where the step's type says enum."""
    return choice


def _call(function: Callable[..., object], **arguments: object) -> Callable[[], Call]:
    return lambda: (function, dict(arguments))


@cache
def _npc() -> autopilot.NPC:
    return autopilot.generate_npc(seed=7, rulebook=BOOK)


def _step(state: creation.CreationState, step: creation.Step) -> Callable[[], Call]:
    return _call(creation.apply_step, state=state, step=step, rulebook=BOOK, house_rules=HOUSE)


def _waiting_for(expecting: creation.Expect) -> creation.CreationState:
    return replace(WAITING, expecting=expecting, pending=None)


APPLY = "rules.infinity_drive.creation.reducer.apply_step"
Expect = creation.Expect

CALLS: dict[str, Callable[[], Call]] = {
    # characteristics, profiles and races
    "rules.infinity_drive.codes.characteristics_in_play": _call(
        codes.characteristics_in_play, metaphysical_in_play=False
    ),
    "rules.infinity_drive.wording.is_or_are": _call(wording.is_or_are, count=2),
    "rules.infinity_drive.profile.hex_value": _call(profile.hex_value, value=17),
    "rules.infinity_drive.profile.read_hex_value": _call(profile.read_hex_value, text="(11)"),
    "rules.infinity_drive.profile.split_profile": _call(profile.split_profile, text="7(11)A5877"),
    "rules.infinity_drive.profile.Characteristics": _call(
        profile.Characteristics, values=(("Mus", 7), ("Int", 9))
    ),
    "rules.infinity_drive.profile.Characteristics.of": _call(
        profile.Characteristics.of, values={"Mus": 7, "Grc": 12}
    ),
    "rules.infinity_drive.profile.Characteristics.from_profile": _call(
        profile.Characteristics.from_profile, text="76A587", codes=PROFILE.codes[:6]
    ),
    "rules.infinity_drive.profile.Characteristics.get": _call(PROFILE.get, code="Mus", default=0),
    "rules.infinity_drive.profile.Characteristics.with_value": _call(
        PROFILE.with_value, code="Sty", value=9
    ),
    "rules.infinity_drive.profile.Characteristics.changed": _call(
        PROFILE.changed, code="Res", amount=-2
    ),
    "rules.infinity_drive.characteristics.characteristic_name": _call(
        characteristics.characteristic_name, code="Chz"
    ),
    "rules.infinity_drive.characteristics.characteristic_modifier": _call(
        characteristics.characteristic_modifier, value=9, bands=BOOK.modifier_bands
    ),
    "rules.infinity_drive.characteristics.point_buy_total": _call(
        characteristics.point_buy_total, house_rules=HOUSE
    ),
    "rules.infinity_drive.characteristics.validate_point_buy": _call(
        characteristics.validate_point_buy, values=PROFILE.as_dict(), house_rules=HOUSE
    ),
    "rules.infinity_drive.characteristics.characteristic_roll": _call(
        characteristics.characteristic_roll, house_rules=HOUSE, faces=[3, 4], entered=True
    ),
    "rules.infinity_drive.characteristics.expected_dice_total": _call(
        characteristics.expected_dice_total, spec=DiceSpec(2, 6), characteristic_count=7
    ),
    "rules.infinity_drive.characteristics.point_buy_advantage": _call(
        characteristics.point_buy_advantage, house_rules=HOUSE
    ),
    "rules.infinity_drive.characteristics.characteristic_test": _call(
        characteristics.characteristic_test,
        characteristic="Grc",
        value=8,
        difficulty="Difficult",
        faces=[2, 3, 1],
        source=SeededDice(1),
        difficulty_dice=BOOK.characteristic_test_dice,
    ),
    "rules.infinity_drive.house_rules.HouseRules": _call(
        HouseRules, point_buy_total=60, characteristic_dice="2d6+2", survival_failure="death"
    ),
    "rules.infinity_drive.aliens.Race": _call(
        aliens.Race, name="Vessk", reason="Heavy", adjustments=(("Mus", 1), ("Chz", -1))
    ),
    "rules.infinity_drive.aliens.Race.of": _call(
        aliens.Race.of, name="Vessk", reason="Heavy", adjustments={"Mus": 1, "Chz": -1}
    ),
    "rules.infinity_drive.aliens.Race.adjustment": _call(RACE.adjustment, code="Mus"),
    "rules.infinity_drive.aliens.Race.maximum": _call(RACE.maximum, code="Chz"),
    "rules.infinity_drive.aliens.validate_race": _call(
        aliens.validate_race, race=RACE, house_rules=HOUSE
    ),
    "rules.infinity_drive.aliens.apply_race": _call(
        aliens.apply_race, characteristics=PROFILE, race=RACE
    ),
    "rules.infinity_drive.aliens.NonHumanoidDice": _call(
        aliens.NonHumanoidDice, dice=(("Int", 4), ("Sty", 4)), bodiless=True
    ),
    "rules.infinity_drive.aliens.NonHumanoidDice.of": _call(
        aliens.NonHumanoidDice.of, dice={"Int": 4, "Sty": 4}, bodiless=True
    ),
    "rules.infinity_drive.aliens.NonHumanoidDice.count": _call(PLAN.count, code="Int"),
    "rules.infinity_drive.aliens.non_humanoid_codes": _call(
        aliens.non_humanoid_codes, house_rules=HOUSE, bodiless=True
    ),
    "rules.infinity_drive.aliens.validate_non_humanoid_dice": _call(
        aliens.validate_non_humanoid_dice, plan=PLAN, house_rules=HOUSE
    ),
    "rules.infinity_drive.aliens.roll_non_humanoid": _call(
        aliens.roll_non_humanoid,
        plan=PLAN,
        house_rules=HOUSE,
        faces={code: [3, 4] for code in PROFILE.codes},
    ),
    "rules.infinity_drive.aliens.NonHumanoidRace": _call(
        aliens.NonHumanoidRace, name="Vorn", plan=PLAN, description="Crystalline"
    ),
    "rules.infinity_drive.aliens.NonHumanoidRace.has_body_part": _call(
        ALIEN.has_body_part, code="Mus"
    ),
    "rules.infinity_drive.aliens.NonHumanoidRace.dice_for": _call(ALIEN.dice_for, code="Int"),
    "rules.infinity_drive.aliens.NonHumanoidRace.maximum": _call(
        ALIEN.maximum, code="Int", rule=NonHumanoidMaximum.NONE
    ),
    "rules.infinity_drive.aliens.validate_non_humanoid_race": _call(
        aliens.validate_non_humanoid_race, race=ALIEN, house_rules=HOUSE
    ),
    # the rule book, skills and checks
    "rules.infinity_drive.rulebook.load_book": _call(
        rulebook.load_book, path=rulebook.BOOK_FIXTURE
    ),
    "rules.infinity_drive.rulebook.rulebook_from_records": _call(
        rulebook.rulebook_from_records, records=RECORDS
    ),
    "rules.infinity_drive.rulebook.ModifierBand": _call(
        rulebook.ModifierBand, low=0, high=1, modifier=-2
    ),
    "rules.infinity_drive.rulebook.GradeBand": _call(
        rulebook.GradeBand, name="Success", low_margin=0, high_margin=3
    ),
    "rules.infinity_drive.rulebook.TableEntry": _call(
        rulebook.TableEntry, roll=7, book_text="+1 Mus", characteristic="Mus", amount=1
    ),
    "rules.infinity_drive.rulebook.CareerTable.entry": _call(TABLE.entry, roll=7),
    "rules.infinity_drive.rulebook.Rulebook.skill": _call(BOOK.skill, name="Pilot"),
    "rules.infinity_drive.rulebook.Rulebook.table": _call(BOOK.table, slug=TABLE.slug),
    "rules.infinity_drive.rulebook.Rulebook.specialisation_tables": _call(
        BOOK.specialisation_tables, career="Military", specialisation="Army"
    ),
    "rules.infinity_drive.rulebook.Rulebook.planetside_tables": _call(
        BOOK.planetside_tables, career="Citizen"
    ),
    "rules.infinity_drive.rulebook.Rulebook.survival_target": _call(
        BOOK.survival_target, career="Military", learner_type="action"
    ),
    "rules.infinity_drive.prerequisites.parse_prerequisite": _call(
        prereq.parse_prerequisite, text="Mus: 8 OR Chz: 7 for further levels"
    ),
    "rules.infinity_drive.prerequisites.characteristic_label": _call(
        prereq.characteristic_label, code="Mtp"
    ),
    "rules.infinity_drive.prerequisites.Requirement.is_met": _call(
        PREREQUISITE.alternatives[0][0].is_met, characteristics=PROFILE.as_dict()
    ),
    "rules.infinity_drive.prerequisites.Prerequisite.applies": _call(
        PREREQUISITE.applies, current_rank=1
    ),
    "rules.infinity_drive.prerequisites.Prerequisite.is_met": _call(
        PREREQUISITE.is_met, characteristics=PROFILE.as_dict(), current_rank=None
    ),
    "rules.infinity_drive.prerequisites.Prerequisite.explain": _call(
        PREREQUISITE.explain, characteristics=PROFILE.as_dict(), current_rank=0, skill="Pilot"
    ),
    "rules.infinity_drive.skills.SkillRank": _call(
        skills.SkillRank, skill="Pilot", specialty="", rank=2
    ),
    "rules.infinity_drive.skills.SkillSheet": _call(skills.SkillSheet, ranks=SHEET.ranks),
    "rules.infinity_drive.skills.SkillSheet.rank": _call(
        SHEET.rank, skill="Pilot", specialty="small craft"
    ),
    "rules.infinity_drive.skills.SkillSheet.specialties": _call(SHEET.specialties, skill="Pilot"),
    "rules.infinity_drive.skills.SkillSheet.with_rank": _call(
        SHEET.with_rank, skill="Pilot", specialty="", rank=3, order=skills.skill_order(BOOK)
    ),
    "rules.infinity_drive.skills.skill_order": _call(skills.skill_order, rulebook=BOOK),
    "rules.infinity_drive.skills.starting_skills": _call(skills.starting_skills, rulebook=BOOK),
    "rules.infinity_drive.skills.skill_notation": _call(skills.skill_notation, ranks=SHEET.ranks),
    "rules.infinity_drive.skills.evaluate_entry": _call(
        skills.evaluate_entry,
        entry=TABLE.entry(7),
        rulebook=BOOK,
        skills=WAITING.skills,
        characteristics=PROFILE,
        maximum=WAITING.maximum,
        specialty="",
        history_reason="",
    ),
    "rules.infinity_drive.checks.skill_check_dice": _call(
        checks.skill_check_dice, difficulty="Easy", table=BOOK.skill_check_dice
    ),
    "rules.infinity_drive.checks.grade_of_success": _call(
        checks.grade_of_success, margin=3, house_rules=HOUSE, grades=BOOK.grades
    ),
    "rules.infinity_drive.checks.skill_check": _call(
        checks.skill_check,
        skill="Pilot",
        rank=2,
        characteristic="Grc",
        characteristic_value=8,
        difficulty="Normal",
        target=9,
        faces=[3, 4],
        house_rules=HOUSE,
        modifier_bands=BOOK.modifier_bands,
        grades=BOOK.grades,
    ),
    "rules.infinity_drive.checks.opposed_check": _call(
        checks.opposed_check, first_total=11, second_total=8, house_rules=HOUSE
    ),
    "rules.infinity_drive.learner.learner_for": _call(learner.learner_for, characteristics=PROFILE),
    "rules.infinity_drive.learner.Learner.owed": _call(
        learner.learner_for(PROFILE).owed, rolls_on_own_side=2, rolls_left=10
    ),
    "rules.infinity_drive.learner.Learner.may_use": _call(
        learner.learner_for(PROFILE).may_use,
        learning="action",
        rolls_on_own_side=2,
        rolls_left=10,
    ),
    "rules.infinity_drive.survival.survival_check": _call(
        survival.survival_check,
        career="Military",
        learner_type="academic",
        rulebook=BOOK,
        faces=[3, 4],
        entered=True,
    ),
    "rules.infinity_drive.survival.apply_setback": _call(
        survival.apply_setback, characteristics=PROFILE, characteristic="Int", rolls_left=3
    ),
    # creation
    "rules.infinity_drive.creation.steps.PointBuyAssigned.of": _call(
        creation.PointBuyAssigned.of, values=PROFILE.as_dict()
    ),
    "rules.infinity_drive.creation.state.CreationState.rolls_on": _call(
        WAITING.rolls_on, learning="academic"
    ),
    "rules.infinity_drive.creation.state.CreationState.maximum": _call(WAITING.maximum, code="Mus"),
    "rules.infinity_drive.creation.state.characteristics_to_roll": _call(
        creation.characteristics_to_roll,
        state=_waiting_for(Expect.CHARACTERISTIC_ROLL),
        house_rules=HOUSE,
    ),
    "rules.infinity_drive.creation.state.characteristic_dice": _call(
        creation.characteristic_dice, state=WAITING, code="Mus", house_rules=HOUSE
    ),
    "rules.infinity_drive.creation.options.open_tables": _call(
        creation.open_tables, state=WAITING, rulebook=BOOK
    ),
    "rules.infinity_drive.creation.options.skill_roll_options": _call(
        creation.skill_roll_options, state=WAITING, rulebook=BOOK, roll_total=8
    ),
    "rules.infinity_drive.creation.options.only_choice": _call(
        creation.only_choice,
        options=creation.skill_roll_options(state=WAITING, rulebook=BOOK, roll_total=8),
    ),
    "rules.infinity_drive.creation.table_view.table_legality": _call(
        creation.table_legality, state=STATES[-2], rulebook=BOOK
    ),
    "rules.infinity_drive.creation.reducer.replay": _call(
        creation.replay, steps=list(STEPS), rulebook=BOOK, house_rules=HOUSE
    ),
    APPLY: _step(WAITING, creation.TableChosen(TABLE.slug, note="Basic training")),
    **{f"{APPLY}#{index}": _step(STATES[index], step) for index, step in enumerate(STEPS)},
    f"{APPLY}#dice": _step(STATES[0], creation.MethodChosen(stored("dice"))),
    f"{APPLY}#non-humanoid": _step(STATES[0], creation.NonHumanoidChosen(PLAN, "Vorn")),
    f"{APPLY}#race": _step(STATES[2], creation.RaceApplied(RACE)),
    f"{APPLY}#characteristic": _step(
        replace(STATES[0], expecting=Expect.CHARACTERISTIC_ROLL),
        creation.CharacteristicRolled("Mus", (3, 4)),
    ),
    f"{APPLY}#reroll": _step(REROLLING, creation.Rerolled("army-action", (5, 5))),
    f"{APPLY}#survival": _step(_waiting_for(Expect.SURVIVAL_ROLL), creation.SurvivalRolled((3, 4))),
    f"{APPLY}#outcome": _step(
        _waiting_for(Expect.SURVIVAL_OUTCOME), creation.SurvivalOutcomeChosen(stored("setback"))
    ),
    f"{APPLY}#setback": _step(_waiting_for(Expect.SETBACK), creation.SetbackChosen("Int")),
    # the NPC autopilot
    "rules.dice.pick": _call(autopilot.pick, dice=SeededDice(5), options=[1, 2]),
    "rules.infinity_drive.npc_races.random_alien_race": _call(
        autopilot.random_alien_race, dice=SeededDice(5), characteristics=PROFILE
    ),
    "rules.infinity_drive.autopilot.Autopilot": _call(
        autopilot.Autopilot,
        dice=SeededDice(5),
        rulebook=BOOK,
        house_rules=HOUSE,
        career="Citizen",
        alien_humanoids=True,
        non_humanoid=None,
    ),
    "rules.infinity_drive.autopilot.Autopilot.next_step": _call(
        autopilot.Autopilot(SeededDice(5), rulebook=BOOK).next_step, state=WAITING
    ),
    "rules.infinity_drive.autopilot.generate_npc": _call(
        autopilot.generate_npc, seed=11, rulebook=BOOK, house_rules=HOUSE, non_humanoid=ALIEN
    ),
    "rules.infinity_drive.autopilot.npc_summary": lambda: (autopilot.npc_summary, {"npc": _npc()}),
    "rules.infinity_drive.autopilot.npc_text": lambda: (autopilot.npc_text, {"npc": _npc()}),
}
