"""Drive a character through the services, typing the book's dice (test helper)."""

from __future__ import annotations

from chargen.infinity_drive import services
from chargen.infinity_drive.log import sequence_after_newest
from chargen.infinity_drive.models import Character

# Treva's rolled characteristics, in the book's order: (total as two faces, where it goes).
BOOK_CHARACTERISTIC_ROLLS: tuple[tuple[str, str], ...] = (
    ("3 4", "Chz"),
    ("4 4", "Sty"),
    ("4 4", "Grc"),
    ("2 2", "Mtp"),
    ("1 1", "Int"),
    ("2 3", "Mus"),
    ("6 6", "Res"),
)


def next_sequence(character: Character) -> int:
    """The sequence the next step names (the newest row's alone, not the whole log, which
    each step reads again anyway)."""
    return sequence_after_newest(character)


def roll_book_characteristics(character: Character) -> None:
    services.character_choose_method(
        character=character, expected_sequence=next_sequence(character), method="dice"
    )
    for faces, code in BOOK_CHARACTERISTIC_ROLLS:
        services.character_roll_characteristic(
            character=character, expected_sequence=next_sequence(character), typed_faces=faces
        )
        services.character_place_characteristic(
            character=character, expected_sequence=next_sequence(character), characteristic=code
        )


def darrian(character: Character) -> None:
    services.race_propose(
        character=character,
        expected_sequence=next_sequence(character),
        name="Darrian",
        reason="A home-world rife with metaphysical predators; few micro-organisms.",
        adjustments={"Int": 3, "Res": -2, "Mtp": -1},
    )


def citizen_construction(character: Character) -> None:
    services.character_choose_career(
        character=character, expected_sequence=next_sequence(character), career="Citizen"
    )
    services.character_roll_specialisation(
        character=character, expected_sequence=next_sequence(character), typed_faces="5"
    )


def citizen_by_point_buy(character: Character, values: dict[str, int]) -> None:
    """Characteristics bought as `values`, no alien race, Citizen Construction: skill
    rolls come next."""
    services.character_choose_method(
        character=character, expected_sequence=next_sequence(character), method="point_buy"
    )
    services.character_assign_points(
        character=character, expected_sequence=next_sequence(character), values=values
    )
    services.character_choose_race(
        character=character, expected_sequence=next_sequence(character), race_id=None
    )
    citizen_construction(character)


def to_skills(character: Character) -> None:
    """Treva's characteristics, Darrian race and Citizen Construction: skills come next."""
    roll_book_characteristics(character)
    darrian(character)
    citizen_construction(character)


def skill(character: Character, faces: str, table: str, specialty: str = "") -> None:
    services.character_roll_skill(
        character=character, expected_sequence=next_sequence(character), typed_faces=faces
    )
    services.character_choose_table(
        character=character,
        expected_sequence=next_sequence(character),
        table=table,
        specialty=specialty,
    )


def survive(character: Character, faces: str) -> None:
    services.character_roll_survival(
        character=character, expected_sequence=next_sequence(character), typed_faces=faces
    )
