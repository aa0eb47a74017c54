"""The roller sheets' forms render as crispy-forms rendered them, without crispy's cost."""

from __future__ import annotations

from django.test import Client

from chargen.rollers.models import ManaCharacter, UniqueCharacter
from tests.chargen.plain_forms_check import assert_same_html, page_forms


def test_the_unique_sheets_forms_are_crispys_html(
    player_client: Client, leanne: UniqueCharacter
) -> None:
    response = player_client.get(f"/rollers/unique/{leanne.pk}/")
    assert response.status_code == 200
    found = page_forms(response.context)
    assert len(found) >= 2
    for form in found:
        assert_same_html(form)


def test_the_mana_sheets_forms_are_crispys_html(player_client: Client, mage: ManaCharacter) -> None:
    response = player_client.get(f"/rollers/mana/{mage.pk}/")
    assert response.status_code == 200
    found = page_forms(response.context)
    assert len(found) >= 2
    for form in found:
        assert_same_html(form)
