"""Test helper: take a character through steps 1–6 with the book's dice (Treva Donalson),
then through the equipment and history steps with the real services."""

from __future__ import annotations

from collections.abc import Mapping

from chargen.infinity_drive import services
from chargen.infinity_drive import services_finish as finish
from chargen.infinity_drive.models import Character, CreationLogEntry
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    darrian,
    next_sequence,
    roll_book_characteristics,
    skill,
    survive,
)

ACADEMIC = "construction-academic"
ACTION = "construction-action"
PLANETSIDE_ACADEMIC = "citizen-planetside-academic"
PLANETSIDE_ACTION = "citizen-planetside-action"

BOOK_SKILLS = (
    "Athletics, Acrobatics, Bribery – 1, Broker, Clerical, Diplomacy – 4, Drive – 1, Evade, "
    "Intimidation, Knowledge (Black Market), Local, Recon – 1, Stealth, Swim, Zero-G Movement"
)

# Treva's skills as the sheet's Skill | Rank tables show them (left table, then right).
BOOK_SKILL_ROWS = (
    ("Athletics", "0"),
    ("Acrobatics", "0"),
    ("Bribery", "1"),
    ("Broker", "0"),
    ("Clerical", "0"),
    ("Diplomacy", "4"),
    ("Drive", "1"),
    ("Evade", "0"),
    ("Intimidation", "0"),
    ("Knowledge (Black Market)", "0"),
    ("Local", "0"),
    ("Recon", "1"),
    ("Stealth", "0"),
    ("Swim", "0"),
    ("Zero-G Movement", "0"),
)


def treva_through_skills(
    character: Character, *, undo_a_table_choice: bool = False, copy_of_citizen: str = ""
) -> None:
    """Her skills as the book rolls them; with `undo_a_table_choice`, her last skill roll
    is first placed on another table and that choice undone (the log keeps both rows).
    With `copy_of_citizen`, the same dice under a campaign's unchanged copy of Citizen
    of that name (its tables are the homebrew ones)."""
    roll_book_characteristics(character)
    darrian(character)
    if copy_of_citizen:
        services.character_choose_career(
            character=character, expected_sequence=next_sequence(character), career=copy_of_citizen
        )
        services.character_roll_specialisation(
            character=character, expected_sequence=next_sequence(character), typed_faces="5"
        )
        slug = f"homebrew-{copy_of_citizen.casefold()}-"
        academic, action = f"{slug}{ACADEMIC}", f"{slug}{ACTION}"
        planetside_academic = f"{slug}planetside-academic"
        planetside_action = f"{slug}planetside-action"
    else:
        citizen_construction(character)
        academic, action = ACADEMIC, ACTION
        planetside_academic, planetside_action = PLANETSIDE_ACADEMIC, PLANETSIDE_ACTION
    skill(character, "1 1", academic)  # 2: +1 Mus
    services.character_roll_skill(
        character=character, expected_sequence=next_sequence(character), typed_faces="4 5"
    )  # 9: Psychic, prerequisite not met
    services.character_reroll_skill(
        character=character,
        expected_sequence=next_sequence(character),
        table=academic,
        typed_faces="1 3",
    )
    services.character_choose_table(
        character=character, expected_sequence=next_sequence(character), table=academic
    )  # 4: Clerical
    skill(character, "3 3", academic)  # 6: Diplomacy 1
    skill(character, "4 6", academic, specialty="Black Market")  # 10: Knowledge
    survive(character, "2 3")
    skill(character, "4 4", academic)  # 8: Intimidation
    skill(character, "2 3", planetside_academic)  # 5: Broker
    skill(character, "3 3", academic)  # 6: Diplomacy 2
    skill(character, "4 5", planetside_academic)  # 9: Diplomacy 3
    survive(character, "4 5")
    skill(character, "3 3", academic)  # 6: Diplomacy 4
    skill(character, "5 6", academic)  # 11: Local
    skill(character, "2 2", action)  # 4: Recon 1
    skill(character, "3 4", academic)  # 7: Bribery 1
    survive(character, "4 4")  # the survival roll the book leaves out
    if undo_a_table_choice:
        services.character_roll_skill(
            character=character, expected_sequence=next_sequence(character), typed_faces="3 3"
        )
        services.character_choose_table(
            character=character, expected_sequence=next_sequence(character), table=academic
        )
        services.character_undo(character=character, expected_sequence=next_sequence(character) - 1)
        services.character_choose_table(
            character=character,
            expected_sequence=next_sequence(character),
            table=planetside_action,
        )  # 6: Drive 1
    else:
        skill(character, "3 3", planetside_action)  # 6: Drive 1
    survive(character, "3 4")


def choose_option(character: Character, option: str) -> CreationLogEntry:
    return finish.equipment_choose_option(
        character=character, expected_sequence=next_sequence(character), option=option
    )


def equip_standard(character: Character) -> None:
    choose_option(character, "standard")


def buy(character: Character, item_id: int, quantity: int) -> CreationLogEntry | None:
    """Own `quantity` of the item, from a page drawn just now."""
    return finish.equipment_set_quantity(
        character=character,
        expected_sequence=next_sequence(character),
        item_id=item_id,
        quantity=quantity,
    )


def save_history(
    character: Character, *, notes: Mapping[int, str], age: str, appearance: str
) -> tuple[CreationLogEntry, ...]:
    return finish.history_save(
        character=character,
        expected_sequence=next_sequence(character),
        notes=notes,
        age=age,
        appearance=appearance,
    )


def write_history(character: Character) -> None:
    save_history(character, notes={}, age="34", appearance="Tall, sharp-eyed, expensive suit.")
