"""A valid call of every public function of Infinity Drive's steps 7 and 8 (equipment and
history), for the malformed-input test to spoil."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from rules.infinity_drive import equipment_state as equipment
from rules.infinity_drive import history_state as history
from rules.infinity_drive import homebrew_careers as homebrew
from rules.infinity_drive import homebrew_preview, survival
from rules.infinity_drive.house_rules import HouseRules
from rules.infinity_drive.profile import Characteristics
from rules.infinity_drive.rulebook import (
    BOOK_FIXTURE,
    LearnerType,
    Learning,
    PublishedCareer,
    load_book,
)

Call = tuple[Callable[..., object], dict[str, Any]]

KNIFE = equipment.CatalogueItem("Knife", "Weapons", 50)
HELD = equipment.Holding("Knife", "Weapons", 50, 2)
STOCKED = equipment.EquipmentState(option=equipment.STANDARD, purse=1000, holdings=(HELD,))
BOUGHT = equipment.Bought("Knife", "Weapons", 50, 1)
BOOK = load_book()
RECORDS = json.loads(BOOK_FIXTURE.read_text(encoding="utf-8"))
COPY = homebrew.career_from_book(BOOK, "Military")
ROW = homebrew.RowDraft(2, characteristic="Mus", amount=1)
TABLE = homebrew.TableDraft(None, Learning.ACTION, (ROW,))
SAMPLE = Characteristics.of({"Mus": 7, "Grc": 8, "Res": 6, "Int": 9, "Sty": 7, "Chz": 6, "Mtp": 7})
WRITTEN = history.HistoryState(age="31", appearance="Tall", edited_notes=((4, "A fall."),))


def _call(function: Callable[..., object], **arguments: object) -> Callable[[], Call]:
    return lambda: (function, dict(arguments))


CALLS: dict[str, Callable[[], Call]] = {
    "rules.infinity_drive.homebrew_careers.new_skills_defined_elsewhere": _call(
        homebrew.new_skills_defined_elsewhere, career=COPY, others=[COPY]
    ),
    "rules.infinity_drive.homebrew_careers.RowDraft": _call(
        homebrew.RowDraft, roll=2, skill="Pilot", specialty="", characteristic="", amount=0
    ),
    "rules.infinity_drive.homebrew_careers.TableDraft": _call(
        homebrew.TableDraft, specialisation="Runner", learning=Learning.ACTION, rows=(ROW,)
    ),
    "rules.infinity_drive.homebrew_careers.TableDraft.name": _call(TABLE.name, career="Smuggler"),
    "rules.infinity_drive.homebrew_careers.SkillDraft": _call(
        homebrew.SkillDraft,
        name="Hacking",
        prerequisite_text="Int: 8",
        description="",
        specialty_required=False,
        specialties=(),
    ),
    "rules.infinity_drive.homebrew_careers.CareerDraft": _call(
        homebrew.CareerDraft,
        name="Smuggler",
        specialisations=((1, "Runner"),),
        tables=(TABLE,),
        survival={LearnerType.ACTION: 6},
        skills=(),
        description="",
        survival_failure="death",
        publication=PublishedCareer("0b9f3c1e-2d4a-4c1b-9e1f-6a7b8c9d0e1f", 2),
    ),
    "rules.infinity_drive.rulebook.PublishedCareer": _call(
        PublishedCareer, career_id="0b9f3c1e-2d4a-4c1b-9e1f-6a7b8c9d0e1f", version=2
    ),
    "rules.infinity_drive.homebrew_careers.survival_failure_problem": _call(
        homebrew.survival_failure_problem, outcome="setback"
    ),
    "rules.infinity_drive.survival.survival_failure_outcome": _call(
        survival.survival_failure_outcome,
        rulebook=BOOK,
        career="Military",
        house_rules=HouseRules(),
    ),
    "rules.infinity_drive.homebrew_careers.career_problems": _call(
        homebrew.career_problems,
        career=COPY,
        rulebook=BOOK,
        metaphysical_in_play=True,
        other_careers=["Smuggler"],
    ),
    "rules.infinity_drive.homebrew_careers.career_records": _call(
        homebrew.career_records, career=COPY, rulebook_records=RECORDS, first_key=1_000_000
    ),
    "rules.infinity_drive.homebrew_careers.rulebook_with_careers": _call(
        homebrew.rulebook_with_careers, records=RECORDS, careers=[COPY], hidden=["Military"]
    ),
    "rules.infinity_drive.homebrew_careers.career_to_json": _call(
        homebrew.career_to_json, career=COPY
    ),
    "rules.infinity_drive.homebrew_careers.career_from_json": _call(
        homebrew.career_from_json, data=homebrew.career_to_json(COPY)
    ),
    "rules.infinity_drive.homebrew_careers.is_homebrew_career": _call(
        homebrew.is_homebrew_career, rulebook=BOOK, career="Military"
    ),
    "rules.infinity_drive.homebrew_careers.career_from_book": _call(
        homebrew.career_from_book, rulebook=BOOK, name="Military"
    ),
    "rules.infinity_drive.homebrew_preview.career_preview": _call(
        homebrew_preview.career_preview,
        rulebook=BOOK,
        career="Military",
        characteristics=SAMPLE,
        house_rules=HouseRules(),
    ),
    "rules.infinity_drive.equipment_state.OptionChosen": _call(
        equipment.OptionChosen, option=equipment.STANDARD, purse=20000
    ),
    "rules.infinity_drive.equipment_state.PurseSet": _call(equipment.PurseSet, purse=300),
    "rules.infinity_drive.equipment_state.Bought": _call(
        equipment.Bought, name="Knife", category="Weapons", unit_price=50, quantity=1
    ),
    "rules.infinity_drive.equipment_state.SoldBack": _call(
        equipment.SoldBack, name="Knife", unit_price=50, quantity=1
    ),
    "rules.infinity_drive.equipment_state.Holding": _call(
        equipment.Holding, name="Knife", category="Weapons", unit_price=50, quantity=2
    ),
    "rules.infinity_drive.equipment_state.CatalogueItem": _call(
        equipment.CatalogueItem, name="Knife", category="Weapons", price=50
    ),
    "rules.infinity_drive.equipment_state.EquipmentState": _call(
        equipment.EquipmentState, option=equipment.STANDARD, purse=1000, holdings=(HELD,)
    ),
    "rules.infinity_drive.equipment_state.EquipmentState.owned": _call(STOCKED.owned, name="Knife"),
    "rules.infinity_drive.equipment_state.apply_equipment": _call(
        equipment.apply_equipment, state=STOCKED, event=BOUGHT
    ),
    "rules.infinity_drive.equipment_state.replay_equipment": _call(
        equipment.replay_equipment,
        events=[equipment.OptionChosen(equipment.STANDARD, 1000), BOUGHT],
    ),
    "rules.infinity_drive.equipment_state.quantity_change": _call(
        equipment.quantity_change, state=STOCKED, item=KNIFE, quantity=3
    ),
    "rules.infinity_drive.history_state.DetailsGiven": _call(
        history.DetailsGiven, age="31", appearance="Tall"
    ),
    "rules.infinity_drive.history_state.NoteWritten": _call(
        history.NoteWritten, sequence=4, text="A fall."
    ),
    "rules.infinity_drive.history_state.HistoryState": _call(
        history.HistoryState, age="31", appearance="Tall", edited_notes=((4, "A fall."),)
    ),
    "rules.infinity_drive.history_state.HistoryState.note_for": _call(
        WRITTEN.note_for, sequence=4, given_with_roll=""
    ),
    "rules.infinity_drive.history_state.apply_history": _call(
        history.apply_history, state=WRITTEN, event=history.NoteWritten(5, "A win.")
    ),
    "rules.infinity_drive.history_state.replay_history": _call(
        history.replay_history, events=[history.DetailsGiven("31", "Tall")]
    ),
    "rules.infinity_drive.history_state.history_changes": _call(
        history.history_changes,
        state=WRITTEN,
        notes={4: "A long fall."},
        given_with_roll={4: ""},
        age="32",
        appearance="Tall",
    ),
}

INPUT_VALUES: tuple[type, ...] = (
    PublishedCareer,
    homebrew.RowDraft,
    homebrew.TableDraft,
    homebrew.SkillDraft,
    homebrew.CareerDraft,
    equipment.OptionChosen,
    equipment.PurseSet,
    equipment.Bought,
    equipment.SoldBack,
    equipment.Holding,
    equipment.CatalogueItem,
    equipment.EquipmentState,
    history.DetailsGiven,
    history.NoteWritten,
    history.HistoryState,
)
