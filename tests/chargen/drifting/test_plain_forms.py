"""The Drifting token sheet's forms render as crispy-forms rendered them, without its cost."""

from __future__ import annotations

from django.test import Client

from chargen.drifting.models import Character
from tests.chargen.plain_forms_check import assert_same_html, page_forms


def test_the_token_sheets_forms_are_crispys_html(
    player_client: Client, jim: Character, linda: Character
) -> None:
    response = player_client.get(f"/drifting/c/{jim.pk}/")
    assert response.status_code == 200
    found = page_forms(response.context)
    assert {type(form).__name__ for form in found} >= {"RollForm", "AssistForm", "LossForm"}
    for form in found:
        assert_same_html(form)
