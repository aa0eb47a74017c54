"""A refused point buy is drawn again with what the player typed and the reason at the form."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character

HTMX = {"HX-Request": "true"}
# 49 of the book's 50 points, on the seven characteristics a campaign-less draft has.
TYPED = {"Mus": 12, "Grc": 11, "Res": 10, "Int": 9, "Sty": 3, "Chz": 2, "Mtp": 2}


def url(name: str, character: Character) -> str:
    return reverse(f"characters:{name}", args=[character.id])


def point_buy_form(content: str) -> str:
    match = re.search(r'<form[^>]*id="point-buy".*?</form>', content, re.DOTALL)
    assert match, "the point-buy form is on the page"
    return match.group(0)


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_a_wrong_total_keeps_the_typed_values_with_the_reason_at_the_form(
    player_client: Client, draft: Character, headers: dict[str, str]
) -> None:
    player_client.post(url("method", draft), {"sequence": 1, "method": "point_buy"})
    response = player_client.post(url("points", draft), {"sequence": 2, **TYPED}, headers=headers)
    assert response.status_code == (200 if headers else 400)
    form = point_buy_form(response.content.decode())
    for code, value in TYPED.items():
        assert re.search(rf'name="{code}" value="{value}"', form), code
    assert 'value="7"' not in form
    assert "You have spent 49 of 50 points; 1 is left." in form
    assert len(log_entries(draft)) == 1


def test_a_value_that_is_not_a_number_is_kept_and_named(
    player_client: Client, draft: Character
) -> None:
    player_client.post(url("method", draft), {"sequence": 1, "method": "point_buy"})
    typed = {**TYPED, "Sty": "three"}
    response = player_client.post(url("points", draft), {"sequence": 2, **typed})
    form = point_buy_form(response.content.decode())
    assert 'name="Sty" value="three"' in form
    assert "Give Sanity a whole number." in form
    assert re.search(r'class="form-control is-invalid"[^>]*name="Sty"', form)


def test_a_fresh_point_buy_form_starts_every_characteristic_at_seven(
    player_client: Client, draft: Character
) -> None:
    player_client.post(url("method", draft), {"sequence": 1, "method": "point_buy"})
    form = point_buy_form(player_client.get(url("characteristics", draft)).content.decode())
    assert form.count('value="7"') == len(TYPED)
    assert 'id="point-buy-error"' not in form


def test_a_refusal_about_the_page_not_the_values_stays_on_top(
    player_client: Client, draft: Character
) -> None:
    player_client.post(url("method", draft), {"sequence": 1, "method": "dice"})
    response = player_client.post(url("points", draft), {"sequence": 2, **TYPED})
    assert response.status_code == 400
    content = response.content.decode()
    assert re.search(r'id="step-error">Not now: ', content)
    assert 'id="point-buy-error"' not in content


@pytest.mark.parametrize("typed_value", [99, -1, 13, 1])
def test_a_value_outside_two_to_c_is_outlined_and_the_others_are_not(
    player_client: Client, draft: Character, typed_value: int
) -> None:
    player_client.post(url("method", draft), {"sequence": 1, "method": "point_buy"})
    typed = {**TYPED, "Mus": typed_value}
    response = player_client.post(url("points", draft), {"sequence": 2, **typed})
    form = point_buy_form(response.content.decode())
    assert re.search(r'class="form-control is-invalid"[^>]*name="Mus"', form)
    assert form.count("is-invalid") == 1, "only the value out of range is outlined"
    assert 'id="point-buy-error"' in form
    assert len(log_entries(draft)) == 1
