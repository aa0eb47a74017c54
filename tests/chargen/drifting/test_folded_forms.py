"""The token sheet's folded forms (losing tokens, assisting): a whole page draws them, an
htmx answer to a roll leaves them folded and the sheet asks for one as its section opens,
filled in as the sheet is then; only the owner may ask, and asking changes nothing."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.drifting.models import Character

HTMX: dict[str, Any] = {"HTTP_HX_REQUEST": "true"}
TWO_TOKENS = {"applicable": ["Military", "Firearms"], "faces": "3 4"}


def url(name: str, character: Character) -> str:
    return reverse(f"drifting:{name}", kwargs={"character_id": character.id})


def test_a_whole_page_draws_both_forms_and_an_htmx_roll_folds_them(
    player_client: Client, jim: Character, linda: Character
) -> None:
    page = player_client.get(jim.get_absolute_url()).content.decode()
    assert 'name="own_total"' in page
    assert 'name="recipient"' in page
    assert url("loss_form", jim) not in page  # nothing to ask for: the forms are there

    answer = player_client.post(url("roll", jim), {"key": jim.next_sequence, **TWO_TOKENS}, **HTMX)
    body = answer.content.decode()
    assert answer.status_code == 200
    assert 'name="own_total"' not in body
    assert 'name="recipient"' not in body
    assert f'hx-get="{url("loss_form", jim)}"' in body
    assert f'hx-get="{url("assist_form", jim)}"' in body
    assert 'hx-trigger="toggle once"' in body
    assert 'id="loss-heading"' in body
    assert 'id="assist-heading"' in body


def test_the_loss_form_asked_for_after_a_roll_is_filled_in_from_it_and_saves(
    player_client: Client, jim: Character
) -> None:
    player_client.post(url("roll", jim), {"key": jim.next_sequence, **TWO_TOKENS}, **HTMX)
    jim.refresh_from_db()
    rows_before = jim.log.count()
    answer = player_client.get(url("loss_form", jim), **HTMX)
    assert answer.status_code == 200
    body = answer.content.decode()
    assert jim.log.count() == rows_before  # asking changes nothing
    assert f'name="key" value="{jim.next_sequence}"' in body
    total = jim.log.order_by("-sequence")[0].total  # the roll's: 3 + 4 and the tokens'
    assert total is not None
    assert f'name="own_total" value="{total}"' in body
    related = [tag for tag in body.split("<input") if 'name="related"' in tag and "checked" in tag]
    assert [tag.split('value="')[1].split('"')[0] for tag in related] == ["Military", "Firearms"]
    assert 'id="loss-prefill"' in body
    assert "<html" not in body  # the section's body alone

    lost = player_client.post(
        url("lose", jim),
        {
            "key": jim.next_sequence,
            "own_total": total,
            "opponent_total": total + 1,
            "related": ["Firearms"],
        },
        **HTMX,
    )
    assert lost.status_code == 200
    assert jim.tokens.get(name="Firearms").lost == 1


def test_a_refused_loss_comes_back_open_with_its_message(
    player_client: Client, jim: Character
) -> None:
    answer = player_client.post(
        url("lose", jim),
        {"key": jim.next_sequence, "own_total": 4, "opponent_total": 3},
        **HTMX,
    )
    body = answer.content.decode()
    assert 'name="own_total"' in body  # drawn, with what was typed
    assert '<details class="sheet-action" open' in body
    assert url("loss_form", jim) not in body
    assert answer.context["loss_form"].errors


def test_the_assist_form_lists_the_campaigns_other_characters(
    player_client: Client, jim: Character, linda: Character
) -> None:
    answer = player_client.get(url("assist_form", jim), **HTMX)
    assert answer.status_code == 200
    body = answer.content.decode()
    assert f'<option value="{linda.pk}">Linda</option>' in body
    assert f'name="key" value="{jim.next_sequence}"' in body


def test_with_nobody_else_finished_in_the_campaign_there_is_no_assist_section(
    player_client: Client, jim: Character
) -> None:
    page = player_client.get(jim.get_absolute_url()).content.decode()
    answer = player_client.post(url("roll", jim), {"key": jim.next_sequence, **TWO_TOKENS}, **HTMX)
    for body in (page, answer.content.decode()):
        assert 'id="loss-heading"' in body
        assert 'id="assist-heading"' not in body
        assert url("assist_form", jim) not in body
    assert player_client.get(url("assist_form", jim)).status_code == 302  # typed in: the sheet


def test_only_the_owner_may_ask_for_a_folded_form(
    client: Client, gm: User, other_player: User, jim: Character, linda: Character
) -> None:
    for name in ("loss_form", "assist_form"):
        anonymous = client.get(url(name, jim))
        assert anonymous.status_code == 302
        assert "/accounts/login/" in anonymous["Location"]
    # The GM reads Jim's sheet, another player in the campaign does not: neither may act.
    for someone in (gm, other_player):
        client.force_login(someone)
        for name in ("loss_form", "assist_form"):
            assert client.get(url(name, jim)).status_code == 404
            assert client.post(url(name, jim)).status_code == 405  # reads only
    assert client.get(jim.get_absolute_url()).status_code == 404
    client.force_login(gm)
    assert client.get(jim.get_absolute_url()).status_code == 200


def test_a_refused_form_without_script_draws_the_whole_sheet_with_both_forms(
    player_client: Client, jim: Character, linda: Character
) -> None:
    """Without htmx (no script) nothing is ever folded: the sheet could not ask."""
    refused = {
        "roll": {"key": jim.next_sequence, "applicable": ["Nothing of the kind"]},
        "assist": {"key": jim.next_sequence, "recipient": linda.pk, "token": "Nothing"},
        "lose": {"key": jim.next_sequence, "own_total": 4, "opponent_total": 3},
        "gain": {"key": jim.next_sequence, "token": "Military"},
    }
    for name, data in refused.items():
        body = player_client.post(url(name, jim), data).content.decode()
        assert 'name="own_total"' in body, name
        assert 'name="recipient"' in body, name
        assert url("loss_form", jim) not in body, name
