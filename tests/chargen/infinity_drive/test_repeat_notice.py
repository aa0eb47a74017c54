"""A repeated roll form (a double-click, a stale second tab) is answered with the roll
already saved, and says so beside that roll; a plain POST's page says it on top; a
repeated form without dice (the same race proposal) says it above the step."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.test import Client

from chargen.core.log import ROLL_ALREADY_SAVED
from chargen.infinity_drive import services
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character
from chargen.infinity_drive.wizard.post_checks import FORM_ALREADY_SAVED
from rules.infinity_drive.codes import CHARACTERISTICS
from tests.chargen.infinity_drive.steps import (
    darrian,
    next_sequence,
    roll_book_characteristics,
    skill,
    to_skills,
)
from tests.chargen.infinity_drive.views_helpers import HTMX, url

NOTE = re.compile(r'<p class="[^"]*" role="status" data-already-saved>([^<]*)</p>')


def _at_characteristic_roll(character: Character) -> None:
    services.character_choose_method(
        character=character, expected_sequence=next_sequence(character), method="dice"
    )


def _at_specialisation_roll(character: Character) -> None:
    roll_book_characteristics(character)
    darrian(character)
    services.character_choose_career(
        character=character, expected_sequence=next_sequence(character), career="Citizen"
    )


def _at_survival_roll(character: Character) -> None:
    to_skills(character)
    for faces in ("3 3", "3 3", "3 3", "2 2"):
        skill(character, faces, "construction-academic")


# The roll's action, how to get there, and the faces typed ("" for the server's dice):
# a survival roll both survived and failed (its page then shows the roll twice, in the
# roll's note and in the failure's alert, and says it once).
ROLLS: dict[str, tuple[str, Callable[[Character], None], str]] = {
    "characteristic": ("roll_characteristic", _at_characteristic_roll, ""),
    "specialisation": ("roll_specialisation", _at_specialisation_roll, ""),
    "skill": ("roll_skill", to_skills, ""),
    "survival-survived": ("roll_survival", _at_survival_roll, "6 6"),
    "survival-failed": ("roll_survival", _at_survival_roll, "1 1"),
}


@pytest.mark.parametrize("kind", sorted(ROLLS))
def test_a_stale_tab_s_roll_shows_the_saved_roll_and_says_it_was_already_saved(
    player_client: Client, draft: Character, kind: str
) -> None:
    action, get_there, faces = ROLLS[kind]
    get_there(draft)
    form = {"sequence": next_sequence(draft), "faces": faces}
    first = player_client.post(url(action, draft), form, headers=HTMX)
    assert first.status_code == 200
    assert not NOTE.search(first.content.decode()), "the first answer rolled: nothing to say"
    saved = log_entries(draft)[-1]
    assert saved.dice
    again = player_client.post(url(action, draft), form, headers=HTMX)  # the other tab
    content = again.content.decode()
    assert again.status_code == 200
    assert [m.group(1) for m in NOTE.finditer(content)] == [ROLL_ALREADY_SAVED], "said once"
    # Beside the roll it repeats: the note follows that roll's own dice.
    roll_at = content.index(f'data-sequence="{saved.sequence}"')
    assert roll_at < NOTE.search(content).start()  # type: ignore[union-attr]
    assert 'id="step-error"' not in content
    assert log_entries(draft)[-1].pk == saved.pk, "no new roll"


def test_a_plain_repeat_says_so_on_top_of_the_page_it_loads_once(
    player_client: Client, draft: Character
) -> None:
    to_skills(draft)
    form = {"sequence": next_sequence(draft)}
    assert player_client.post(url("roll_skill", draft), form).status_code == 303
    again = player_client.post(url("roll_skill", draft), form)
    assert again.status_code == 303
    page = player_client.get(again["Location"]).content.decode()
    assert page.count(ROLL_ALREADY_SAVED) == 1
    assert ROLL_ALREADY_SAVED not in player_client.get(again["Location"]).content.decode()


def test_the_same_race_proposal_again_says_nothing_changed_above_the_step(
    player_client: Client, draft: Character
) -> None:
    roll_book_characteristics(draft)
    sent = {
        "sequence": str(next_sequence(draft)),
        "name": "Darrian",
        "reason": "Few micro-organisms.",
        **{f"adjust_{code}": "0" for code in CHARACTERISTICS},
        "adjust_Int": "2",
        "adjust_Res": "-2",
    }
    first = player_client.post(url("propose_race", draft), sent, headers=HTMX)
    assert log_entries(draft)[-1].kind == "race"
    assert FORM_ALREADY_SAVED not in first.content.decode()
    again = player_client.post(url("propose_race", draft), sent, headers=HTMX)
    notice = re.search(r'id="step-notice">([^<]+)</div>', again.content.decode())
    assert notice is not None
    assert notice.group(1) == FORM_ALREADY_SAVED
