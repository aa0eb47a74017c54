"""Every wizard step POST is validated by its Django form: a value of the wrong shape
(missing, not a number, too long, not among the choices) is refused with the form's
message beside the field it concerns (on top when the page draws no such field),
400 for a plain POST and 200 for htmx, and nothing is written to the log."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client

from chargen.infinity_drive import services
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    darrian,
    next_sequence,
    roll_book_characteristics,
    skill,
)
from tests.chargen.infinity_drive.views_helpers import HTMX, url

ACADEMIC = "construction-academic"
ACTION = "construction-action"
ON_TOP = "step-error"


def _method(method: str) -> Callable[[Character], None]:
    def setup(character: Character) -> None:
        services.character_choose_method(
            character=character, expected_sequence=next_sequence(character), method=method
        )

    return setup


def _rolled(character: Character) -> None:
    _method("dice")(character)
    services.character_roll_characteristic(
        character=character, expected_sequence=next_sequence(character), typed_faces="3 4"
    )


def _at_career(character: Character) -> None:
    roll_book_characteristics(character)
    darrian(character)


def _at_specialisation(character: Character) -> None:
    _at_career(character)
    services.character_choose_career(
        character=character, expected_sequence=next_sequence(character), career="Citizen"
    )


def _skill_rolled(faces: str) -> Callable[[Character], None]:
    """At the skills step, a skill roll of `faces` waiting for its table."""

    def setup(character: Character) -> None:
        _at_career(character)
        citizen_construction(character)
        services.character_roll_skill(
            character=character, expected_sequence=next_sequence(character), typed_faces=faces
        )

    return setup


def _survival_failed(character: Character) -> None:
    _skill_rolled("1 1")(character)
    services.character_choose_table(
        character=character, expected_sequence=next_sequence(character), table=ACADEMIC
    )
    for faces in ("1 3", "3 3", "2 2"):
        skill(character, faces, ACADEMIC)
    services.character_roll_survival(
        character=character, expected_sequence=next_sequence(character), typed_faces="1 2"
    )


def _setback_to_choose(character: Character) -> None:
    _survival_failed(character)
    services.character_choose_survival_outcome(
        character=character, expected_sequence=next_sequence(character), outcome="setback"
    )


@dataclass(frozen=True)
class Case:
    name: str
    setup: Callable[[Character], None]
    action: str
    posted: dict[str, str]
    message: str
    at: str  # the id of the element that holds the message (ON_TOP: the page's top)


CASES = (
    Case("method missing", lambda c: None, "method", {}, "Choose a method.", "method-error"),
    Case(
        "method unknown",
        lambda c: None,
        "method",
        {"method": "coin"},
        "Choose one of the methods listed.",
        "method-error",
    ),
    Case(
        "method: a race id that is no id",
        lambda c: None,
        "method",
        {"method": "race:nobody"},
        "Choose one of the methods listed.",
        "method-error",
    ),
    Case(
        "points: a word for a number",
        _method("point_buy"),
        "points",
        dict.fromkeys(("Mus", "Grc", "Res", "Int", "Chz", "Mtp"), "7") | {"Sty": "seven"},
        "Give Sanity a whole number.",
        "point-buy-error",
    ),
    Case(
        "points: one characteristic missing",
        _method("point_buy"),
        "points",
        dict.fromkeys(("Mus", "Grc", "Res", "Int", "Sty", "Chz"), "7"),
        "Give Metaphysical a whole number.",
        "point-buy-error",
    ),
    Case(
        "characteristic roll: typed dice too long",
        _method("dice"),
        "roll_characteristic",
        {"faces": "3 " * 31},
        "Keep the faces of your dice to 60 characters at most.",
        "faces-error-characteristic",
    ),
    Case(
        "place: no characteristic",
        _rolled,
        "place_characteristic",
        {},
        "Choose one of the characteristics offered.",
        "place-error",
    ),
    Case(
        "place: an unknown characteristic",
        _rolled,
        "place_characteristic",
        {"characteristic": "Zzz"},
        "Choose one of the characteristics offered.",
        "place-error",
    ),
    Case(
        "race: an id that is no id",
        roll_book_characteristics,
        "choose_race",
        {"race": "darrian"},
        "Choose one of the races listed.",
        "race-error",
    ),
    Case(
        "proposal: a name too long",
        roll_book_characteristics,
        "propose_race",
        {"name": "D" * 81, "reason": "Predators."},
        "Ensure this value has at most 80 characters (it has 81).",
        "race-name-error",
    ),
    Case(
        "career missing",
        _at_career,
        "choose_career",
        {},
        "Choose one of the careers listed.",
        "career-error",
    ),
    Case(
        "career unknown",
        _at_career,
        "choose_career",
        {"career": "Astronaut"},
        "Choose one of the careers listed.",
        "career-error",
    ),
    Case(
        "specialisation roll: typed dice too long",
        _at_specialisation,
        "roll_specialisation",
        {"faces": "5" * 61},
        "Keep the faces of your dice to 60 characters at most.",
        "faces-error-specialisation",
    ),
    Case(
        "table missing",
        _skill_rolled("3 3"),
        "choose_table",
        {},
        "Choose one of the tables offered for this roll.",
        ON_TOP,
    ),
    Case(
        "table not offered",
        _skill_rolled("3 3"),
        "choose_table",
        {"table": "pilot-academic"},
        "Choose one of the tables offered for this roll.",
        ON_TOP,
    ),
    Case(
        "specialty too long",
        _skill_rolled("4 6"),
        "choose_table",
        {"table": ACADEMIC, "specialty": "X" * 81},
        "Keep the specialty to 80 characters at most.",
        f"spec-error-{ACADEMIC}",
    ),
    Case(
        "history reason too long",
        _skill_rolled("6 6"),
        "choose_table",
        {"table": ACTION, "history_reason": "why " * 501},
        "Keep the history reason to 2000 characters at most.",
        f"why-error-{ACTION}",
    ),
    Case(
        "reroll: typed dice too long",
        _skill_rolled("1 2"),
        "reroll_skill",
        {"table": ACADEMIC, "faces": "1 " * 31},
        "Keep the faces of your dice to 60 characters at most.",
        f"reroll-faces-error-{ACADEMIC}",
    ),
    Case("reroll: no table", _skill_rolled("1 2"), "reroll_skill", {}, "Give the table.", ON_TOP),
    Case(
        "survival outcome unknown",
        _survival_failed,
        "survival_outcome",
        {"outcome": "exile"},
        "Choose a setback or death.",
        ON_TOP,
    ),
    Case(
        "death not confirmed",
        _survival_failed,
        "survival_outcome",
        {"outcome": "death"},
        "Tick “Yes, my character dies” to confirm; nothing was changed.",
        "confirm-death-error",
    ),
    Case(
        "setback: an unknown characteristic",
        _setback_to_choose,
        "setback",
        {"characteristic": "Zzz"},
        "Choose one of the characteristics offered.",
        "setback-error",
    ),
)


def test_a_refused_choice_is_named_by_its_fieldset(player_client: Client, draft: Character) -> None:
    """A screen reader hears the reason with the radios it is about."""
    _rolled(draft)
    response = player_client.post(
        url("place_characteristic", draft), {"sequence": next_sequence(draft)}
    )
    assert re.search(r'<fieldset[^>]*aria-describedby="place-error"', response.content.decode())


@pytest.mark.parametrize(
    ("posted", "message"),
    [
        (
            {"sequence": "two", "step": "race"},
            "This form is missing its step number; reload the page.",
        ),
        (
            {"sequence": "1", "step": "nowhere"},
            "This form names no step of the wizard; reload the page.",
        ),
    ],
    ids=["sequence not a number", "unknown step"],
)
def test_a_malformed_undo_is_refused_on_top_and_undoes_nothing(
    player_client: Client, draft: Character, posted: dict[str, str], message: str
) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    before = [(entry.sequence, entry.kind) for entry in log_entries(draft)]
    response = player_client.post(url("undo", draft), posted)
    assert response.status_code == 400
    assert _held_at(response.content.decode(), ON_TOP) == message
    assert [(entry.sequence, entry.kind) for entry in log_entries(draft)] == before


def test_a_step_form_without_its_key_is_refused_on_top(
    player_client: Client, draft: Character
) -> None:
    response = player_client.post(url("method", draft), {"sequence": "", "method": "dice"})
    assert response.status_code == 400
    content = response.content.decode()
    assert _held_at(content, ON_TOP) == "This form is missing its step number; reload the page."
    assert not log_entries(draft)


def _held_at(content: str, element_id: str) -> str:
    """The text of the element with this id (the message drawn there)."""
    found = re.search(rf'id="{re.escape(element_id)}"[^>]*>([^<]*)<', content)
    assert found, f"nothing drawn at #{element_id}"
    return found.group(1)


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_a_malformed_value_is_refused_at_its_field_and_nothing_is_written(
    player_client: Client, draft: Character, case: Case, headers: dict[str, Any]
) -> None:
    case.setup(draft)
    before = [(entry.sequence, entry.kind) for entry in log_entries(draft)]
    posted = {"sequence": str(next_sequence(draft)), **case.posted}
    response = player_client.post(url(case.action, draft), posted, headers=headers)
    assert response.status_code == (200 if headers else 400)
    content = response.content.decode()
    if case.at != ON_TOP:
        assert _held_at(content, case.at) == case.message
        assert 'id="step-error"' not in content, "said once, at the field"
    else:
        assert _held_at(content, ON_TOP) == case.message
    assert "Select a valid choice" not in content
    assert [(entry.sequence, entry.kind) for entry in log_entries(draft)] == before


def test_text_boxes_stop_at_the_length_the_server_takes(
    player_client: Client, draft: Character
) -> None:
    """The browser stops typing where the server would refuse (a user's try typed past
    both); the server's own message still stands for a post that goes around it."""
    new_page = player_client.get("/characters/new/").content.decode()
    assert re.search(r'<input[^>]*name="concept"[^>]*maxlength="200"', new_page)
    _skill_rolled("4 6")(draft)  # 10: Knowledge, which asks for a specialty
    skills = player_client.get(url("skills", draft)).content.decode()
    boxes = re.findall(r'<input[^>]*name="specialty"[^>]*>', skills)
    assert boxes
    assert all('maxlength="80"' in box for box in boxes)


def test_a_typed_dice_field_suggests_as_many_faces_as_its_roll_has_dice(
    player_client: Client, draft: Character
) -> None:
    """The specialisation's 1d6 field suggests one face, the characteristics' 2d6 two."""
    player_client.post(url("method", draft), {"sequence": 1, "method": "dice"})
    page = player_client.get(url("characteristics", draft)).content.decode()
    assert 'id="faces-characteristic"' in page
    assert re.search(r'id="faces-characteristic"[^>]*placeholder="e\.g\. 3 4"', page)
    other = Character.objects.create(owner=draft.owner, name="Vela Okonkwo")
    roll_book_characteristics(other)
    darrian(other)
    services.character_choose_career(
        character=other, expected_sequence=next_sequence(other), career="Citizen"
    )
    page = player_client.get(url("career", other)).content.decode()
    assert re.search(r'id="faces-specialisation"[^>]*placeholder="e\.g\. 3"', page)
