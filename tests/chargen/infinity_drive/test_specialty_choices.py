"""A specialty is chosen from the book's list where the book lists them all (Psychic,
Navigation: a select the browser will not send empty), and typed, with the book's
examples shown, where the book allows any (Knowledge, Pilot, Weapon). The server still
checks whatever is sent."""

from __future__ import annotations

import re

from django.test import Client

from chargen.infinity_drive import services
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character
from tests.chargen.infinity_drive.steps import citizen_by_point_buy, next_sequence
from tests.chargen.infinity_drive.views_helpers import HTMX, url

ACADEMIC = "construction-academic"
PSYCHIC = ("Clairvoyance", "Divination", "Pyrotechnics", "Symbiosis", "Telekinesis", "Telepathy")


def psychic_citizen(character: Character, faces: str) -> None:
    """Mtp 8, Citizen Construction, and a skill roll of `faces` waiting for its table."""
    citizen_by_point_buy(
        character, {"Mus": 6, "Grc": 6, "Res": 6, "Int": 8, "Sty": 8, "Chz": 8, "Mtp": 8}
    )
    services.character_roll_skill(
        character=character, expected_sequence=next_sequence(character), typed_faces=faces
    )


def _field(page: str, tag: str) -> str:
    found = re.search(rf'<{tag}[^>]*id="spec-{ACADEMIC}"[^>]*>', page)
    assert found, f"no {tag} for the specialty"
    return found.group(0)


def test_a_closed_list_is_a_required_select_of_the_books_specialties(
    draft: Character, player_client: Client
) -> None:
    psychic_citizen(draft, "4 5")  # 9: Psychic on the Construction Academic table
    page = player_client.get(url("skills", draft)).content.decode()
    select = _field(page, "select")
    assert "required" in select
    assert f'<input class="form-control form-control-sm mb-1" id="spec-{ACADEMIC}"' not in page
    body = page[page.index(select) : page.index("</select>", page.index(select))]
    offered = re.findall(r'<option value="([^"]*)"', body)
    assert offered == ["", *PSYCHIC]  # "Choose a specialty" first, sent empty


def test_a_wrong_specialty_sent_anyway_is_refused_at_the_select(
    draft: Character, player_client: Client
) -> None:
    psychic_citizen(draft, "4 5")
    before = len(log_entries(draft))
    response = player_client.post(
        url("choose_table", draft),
        {"sequence": next_sequence(draft), "table": ACADEMIC, "specialty": "Fire-starting"},
        headers=HTMX,
    )
    page = response.content.decode()
    select = _field(page, "select")
    assert "is-invalid" in select
    assert 'aria-invalid="true"' in select
    beside = re.search(rf'id="spec-error-{ACADEMIC}"[^>]*>([^<]+)<', page)
    assert beside, "the reason is beside the select"
    assert "Telepathy" in beside.group(1)
    assert len(log_entries(draft)) == before


def test_an_open_list_is_typed_with_the_books_examples_shown(
    draft: Character, player_client: Client
) -> None:
    psychic_citizen(draft, "4 6")  # 10: Knowledge, any broad subject
    page = player_client.get(url("skills", draft)).content.decode()
    box = _field(page, "input")
    assert "required" in box
    assert f'aria-describedby="spec-help-{ACADEMIC}"' in box
    help_text = re.search(rf'id="spec-help-{ACADEMIC}">([^<]+)<', page)
    assert help_text
    assert "Any Knowledge specialty, e.g. Xenobiology, Military, Underworld, Black Market" in (
        help_text.group(1)
    )
