"""An htmx answer is drawn from the log as the write saved it (views.py's
`progress_after_write`), not from a second read: whatever the step, it shows exactly
what a refresh shows, and a refused or rolled-back write leaves nothing to reuse."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from chargen.infinity_drive import services
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.log import log_as_written
from chargen.infinity_drive.models import Character
from tests.chargen.infinity_drive.steps import BOOK_CHARACTERISTIC_ROLLS, next_sequence
from tests.chargen.infinity_drive.views_helpers import HTMX, url

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


def _shown(content: bytes) -> str:
    return CSRF.sub("", content.decode())


def _post_and_refresh(
    client: Client, character: Character, action: str, page: str, data: dict[str, str]
) -> None:
    """Post as htmx from `page`; the answer must be the page a refresh then draws."""
    headers = {**HTMX, "HX-Current-URL": f"http://testserver{url(page, character)}"}
    answer = client.post(
        url(action, character), {"sequence": next_sequence(character), **data}, headers=headers
    )
    assert answer.status_code == 200
    assert (answer.get("HX-Replace-Url") or answer.get("HX-Push-Url")) == url(page, character)
    refreshed = client.get(url(page, character), headers=headers)
    assert _shown(answer.content) == _shown(refreshed.content), f"{action}: answer ≠ refresh"


def test_every_kind_of_step_answers_with_what_a_refresh_shows(
    player_client: Client, draft: Character
) -> None:
    def post(action: str, page: str, **data: str) -> None:
        _post_and_refresh(player_client, draft, action, page, data)

    post("method", "characteristics", method="dice")
    for faces, code in BOOK_CHARACTERISTIC_ROLLS[:-1]:
        post("roll_characteristic", "characteristics", faces=faces)
        post("place_characteristic", "characteristics", characteristic=code)
    # The last roll goes into the one characteristic left with it: one post, one answer.
    post("roll_characteristic", "characteristics", faces=BOOK_CHARACTERISTIC_ROLLS[-1][0])
    post(
        "propose_race",
        "race",
        name="Darrian",
        reason="A home-world rife with metaphysical predators.",
        **{f"adjust_{code}": "0" for code in ("Chz", "Sty", "Grc", "Mus")},
        adjust_Int="3",
        adjust_Res="-2",
        adjust_Mtp="-1",
    )
    post("choose_career", "career", career="Citizen")
    # An undo writes a row too, and changes what the page offers.
    undo_answer_page = "career"
    entries = list(draft.log.order_by("sequence"))
    headers = {**HTMX, "HX-Current-URL": f"http://testserver{url(undo_answer_page, draft)}"}
    undone = player_client.post(
        url("undo", draft),
        {"sequence": entries[-1].sequence, "step": undo_answer_page},
        headers=headers,
    )
    assert undone.status_code == 200
    refreshed = player_client.get(url(undo_answer_page, draft), headers=headers)
    assert _shown(undone.content) == _shown(refreshed.content)
    post("choose_career", "career", career="Citizen")
    post("roll_specialisation", "career", faces="5")
    post("roll_skill", "skills", faces="1 1")
    post("choose_table", "skills", table="construction-academic")
    post("roll_skill", "skills", faces="4 5")


def test_a_refused_write_leaves_nothing_for_an_answer(draft: Character) -> None:
    services.character_choose_method(character=draft, expected_sequence=1, method="dice")
    assert log_as_written(draft) is not None
    with pytest.raises(StepRefused):
        services.character_choose_method(character=draft, expected_sequence=5, method="points")
    assert log_as_written(draft) is None


def test_what_is_kept_is_the_write_s_rows_and_replay(draft: Character) -> None:
    written = services.character_choose_method(character=draft, expected_sequence=1, method="dice")
    kept = log_as_written(draft)
    assert kept is not None
    assert kept.entries == written.entries
    assert kept.entries[-1] is written.entry
    assert getattr(kept.derived, "entries", None) == written.entries
    assert log_as_written(draft) is None, "taken once"
