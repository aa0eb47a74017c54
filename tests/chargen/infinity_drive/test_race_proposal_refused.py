"""A refused race proposal keeps what the player typed and says why beside the field it
concerns (a newcomer's try: the whole form came back empty, the reason on top)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from chargen.core.log import STALE_MESSAGE
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character, Race
from rules.infinity_drive.codes import CHARACTERISTICS
from tests.chargen.infinity_drive.steps import (
    darrian,
    next_sequence,
    roll_book_characteristics,
)
from tests.chargen.infinity_drive.views_helpers import HTMX, url

REASON = "Predators on the home-world."


def _proposal(character: Character, **adjust: str) -> dict[str, Any]:
    return {
        "sequence": next_sequence(character),
        "name": "Darrian",
        "reason": REASON,
        **{f"adjust_{code}": "0" for code in CHARACTERISTICS},
        **{f"adjust_{code}": value for code, value in adjust.items()},
    }


def _typed_value(content: str, input_id: str) -> str | None:
    field = re.search(rf'<input[^>]*id="{input_id}"[^>]*>', content)
    assert field, input_id
    value = re.search(r'value="([^"]*)"', field.group(0))
    return value.group(1) if value else None


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_a_race_the_rules_refuse_comes_back_as_typed_with_the_reason_at_the_points(
    player_client: Client, draft: Character, headers: dict[str, str]
) -> None:
    roll_book_characteristics(draft)
    before = len(log_entries(draft))
    # 3 added, only 2 taken off: the reason says to take one more point off.
    response = player_client.post(
        url("propose_race", draft), _proposal(draft, Int="3", Res="-2"), headers=headers
    )
    assert response.status_code == (200 if headers else 400)
    content = response.content.decode()
    beside = re.search(r'id="race-adjustments-error">([^<]+)</div>', content)
    assert beside, "the reason is beside the adjustments"
    assert "so take 1 point more off" in beside.group(1)
    assert content.count(beside.group(1)) == 1, "said once, not again on top"
    assert 'id="step-error"' not in content
    assert _typed_value(content, "race-name") == "Darrian"
    assert f">{REASON}</textarea>" in content
    assert _typed_value(content, "adjust-Int") == "3"
    assert _typed_value(content, "adjust-Res") == "-2"
    assert 'aria-describedby="race-adjustments-error"' in content
    assert len(log_entries(draft)) == before
    assert not Race.objects.filter(name="Darrian").exists()


def test_a_value_out_of_range_is_refused_at_its_own_box(
    player_client: Client, draft: Character
) -> None:
    roll_book_characteristics(draft)
    response = player_client.post(
        url("propose_race", draft), _proposal(draft, Int="5", Res="-5"), headers=HTMX
    )
    content = response.content.decode()
    box = re.search(
        r'<input class="form-control is-invalid"[^>]*id="adjust-Int"[^>]*>\s*'
        r'<div class="invalid-feedback" id="adjust-Int-error">([^<]+)</div>',
        content,
    )
    assert box, "the reason is beside the Int box"
    assert "3" in box.group(1)
    assert _typed_value(content, "adjust-Int") == "5"
    assert _typed_value(content, "adjust-Res") == "-5"
    assert _typed_value(content, "race-name") == "Darrian"
    assert 'id="step-error"' not in content


def test_a_fresh_race_page_offers_an_empty_proposal(
    player_client: Client, draft: Character
) -> None:
    roll_book_characteristics(draft)
    content = player_client.get(url("race", draft)).content.decode()
    assert _typed_value(content, "race-name") == ""
    assert _typed_value(content, "adjust-Int") == "0"
    assert "is-invalid" not in content


def test_a_proposal_from_a_page_left_behind_is_refused_on_top(
    player_client: Client, draft: Character
) -> None:
    """Another tab chose the race meanwhile: the form is not on the page any more, and its
    one-time key is taken, which is checked before the form is: the kernel's one stale
    message on top, not the empty name the old form also holds."""
    roll_book_characteristics(draft)
    old_form = {**_proposal(draft, Int="3", Res="-2"), "name": ""}  # a field to blame
    darrian(draft)
    response = player_client.post(url("propose_race", draft), old_form, headers=HTMX)
    content = response.content.decode()
    assert 'id="race-proposal"' not in content
    on_top = re.search(r'id="step-error">([^<]+)</div>', content)
    assert on_top, "the reason is on the page"
    assert "already done, or the page changed" in on_top.group(1)
    assert "required" not in content


def test_the_same_proposal_again_is_quiet_but_other_points_under_its_name_are_stale(
    player_client: Client, draft: Character
) -> None:
    """A double-click sends the very proposal again and sees the race it saved; a second
    tab proposing other points under the same name is told nothing changed, not 'done'."""
    roll_book_characteristics(draft)
    sent = _proposal(draft, Int="2", Res="-2")
    assert player_client.post(url("propose_race", draft), sent, headers=HTMX).status_code == 200
    after = len(log_entries(draft))
    again = player_client.post(url("propose_race", draft), sent, headers=HTMX)
    assert STALE_MESSAGE not in again.content.decode()
    other = player_client.post(
        url("propose_race", draft), {**sent, "adjust_Int": "1", "adjust_Res": "-1"}, headers=HTMX
    )
    assert STALE_MESSAGE in other.content.decode()
    reason = player_client.post(
        url("propose_race", draft), {**sent, "reason": "Other words."}, headers=HTMX
    )
    assert STALE_MESSAGE in reason.content.decode()
    assert len(log_entries(draft)) == after
