"""Drifting at the table through the test client: kept ticks and Clear, the loss form
filled in, a roll's note (kept, bounded, escaped) and Undo this loss."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.drifting import services
from chargen.drifting.models import Character, LogKind
from chargen.drifting.services_table import ROLL_NOTE_MAX_LENGTH

HTMX: dict[str, Any] = {"HTTP_HX_REQUEST": "true"}
FIREFIGHT = {
    "applicable": ["Military", "Firearms", "Dodge"],
    "deplete": ["Military#1", "Firearms#1", "Dodge#1"],
    "faces": "1 4 2 5 4",
    "note": "dodge the patrol",
}


def url(name: str, character: Character) -> str:
    return reverse(f"drifting:{name}", kwargs={"character_id": character.id})


def _roll(client: Client, jim: Character, **data: object) -> None:
    response = client.post(url("roll", jim), {"key": jim.next_sequence, **FIREFIGHT, **data})
    assert response.status_code == 302, response.context["roll_form"].errors


def _lose(client: Client, jim: Character) -> int:
    """15 against 21: a fresh Firearms and the depleted, related Dodge."""
    key = jim.next_sequence
    response = client.post(
        url("lose", jim),
        {
            "key": key,
            "own_total": 15,
            "opponent_total": 21,
            "related": ["Dodge"],
            "lose_firearms": 1,
        },
    )
    assert response.status_code == 302, response.context["loss_form"].errors
    return key


def _checked(body: str, value: str) -> bool:
    """Whether the roll form's `applicable` checkbox for `value` is ticked."""
    start = body.index(f'name="applicable" value="{value}"')
    tag = body[body.rindex("<input", 0, start) : body.index(">", start)]
    return "checked" in tag


def test_ticks_persist_for_the_next_roll_and_clear_drops_them(
    player_client: Client, jim: Character
) -> None:
    _roll(player_client, jim, deplete=[], faces="", note="")
    page = player_client.get(jim.get_absolute_url())
    assert page.context["roll_form"].initial["applicable"] == ["Military", "Firearms", "Dodge"]
    body = page.content.decode()
    assert all(_checked(body, name) for name in ("Military", "Firearms", "Dodge"))
    assert 'id="clear-ticks"' in body
    # The odds box describes the kept ticks, not an empty roll.
    assert "Modifier +3" in body
    log_before = jim.log.count()
    cleared = player_client.get(jim.get_absolute_url(), {"clear": "1"}).content.decode()
    assert not any(_checked(cleared, name) for name in ("Military", "Firearms", "Dodge"))
    assert 'id="clear-ticks"' not in cleared
    assert jim.log.count() == log_before  # a GET changes nothing


def test_an_htmx_roll_redraws_the_form_with_its_ticks(
    player_client: Client, jim: Character
) -> None:
    data = {"key": jim.next_sequence, "applicable": ["Military"]}
    body = player_client.post(url("roll", jim), data, **HTMX).content.decode()
    assert _checked(body, "Military")
    assert not _checked(body, "Firearms")


def test_the_loss_form_is_filled_in_from_the_latest_roll(
    player_client: Client, jim: Character
) -> None:
    assert "loss-prefill" not in player_client.get(jim.get_absolute_url()).content.decode()
    _roll(player_client, jim)
    page = player_client.get(jim.get_absolute_url())
    form = page.context["loss_form"]
    assert form.initial["own_total"] == 15
    assert form.initial["related"] == ["Military", "Firearms", "Dodge"]
    body = page.content.decode()
    assert 'name="own_total" value="15"' in body
    assert "total 15): an opponent's 16–19 costs 1 token, 20–24 costs 2 tokens" in body


def test_a_rolls_note_is_kept_and_shown_escaped_to_the_player_and_the_gm(
    player_client: Client, gm_client: Client, jim: Character, campaign: Campaign
) -> None:
    _roll(player_client, jim, note="<b>dodge</b> the patrol")
    assert jim.log.get(kind=LogKind.ROLL).details["note"] == "<b>dodge</b> the patrol"
    escaped = "&lt;b&gt;dodge&lt;/b&gt; the patrol"
    for client, page in (
        (player_client, jim.get_absolute_url()),
        (gm_client, jim.get_absolute_url()),
        (gm_client, reverse("drifting:campaign", kwargs={"campaign_id": campaign.id})),
    ):
        body = client.get(page).content.decode()
        assert escaped in body
        assert "<b>dodge</b>" not in body
    # The note is for that roll only: the next form starts empty.
    next_form = player_client.get(jim.get_absolute_url()).context["roll_form"]
    assert "note" not in next_form.initial


@pytest.mark.parametrize(
    ("length", "kept"), [(ROLL_NOTE_MAX_LENGTH, True), (ROLL_NOTE_MAX_LENGTH + 1, False)]
)
def test_a_note_at_the_limit_is_kept_and_one_longer_refused_at_its_field(
    player_client: Client, jim: Character, length: int, kept: bool
) -> None:
    data = {"key": jim.next_sequence, "applicable": ["Military"], "note": "n" * length}
    response = player_client.post(url("roll", jim), data)
    assert jim.log.filter(kind=LogKind.ROLL).exists() is kept
    if kept:
        assert jim.log.get(kind=LogKind.ROLL).details["note"] == "n" * length
    else:
        assert response.status_code == 200
        assert response.context["roll_form"].errors["note"]
    assert (
        f'maxlength="{ROLL_NOTE_MAX_LENGTH}"'
        in player_client.get(jim.get_absolute_url()).content.decode()
    )


def test_undo_this_loss_restores_the_tokens_and_both_rows_show(
    player_client: Client, gm_client: Client, jim: Character, campaign: Campaign
) -> None:
    _roll(player_client, jim)
    before = services.token_sheet(jim)
    loss = _lose(player_client, jim)
    page = player_client.get(jim.get_absolute_url()).content.decode()
    assert 'id="undo-loss"' in page
    response = player_client.post(
        url("undo_loss", jim), {"key": jim.next_sequence, "loss": loss}, **HTMX
    )
    body = response.content.decode()
    assert response.status_code == 200
    assert "Undid the loss" in body
    assert "Already saved" not in body  # this click saved it
    assert services.token_sheet(jim) == before
    assert 'data-kind="undo"' in body
    assert 'data-kind="loss"' in body
    assert "undone" in body
    assert 'id="undo-loss"' not in body  # nothing left to undo
    for page in (
        jim.get_absolute_url(),
        reverse("drifting:campaign", kwargs={"campaign_id": campaign.id}),
    ):
        seen = gm_client.get(page).content.decode()
        assert "Undid the loss" in seen
        assert f'data-sequence="{loss}"' in seen
        assert "undone" in seen
        assert 'id="undo-loss"' not in seen


def test_a_double_posted_undo_undoes_once(player_client: Client, jim: Character) -> None:
    _roll(player_client, jim)
    before = services.token_sheet(jim)
    loss = _lose(player_client, jim)
    data = {"key": jim.next_sequence, "loss": loss}
    assert player_client.post(url("undo_loss", jim), data).status_code == 302
    again = player_client.post(url("undo_loss", jim), data, follow=True)
    assert "Already saved: Undid the loss" in again.content.decode()
    assert jim.log.filter(kind=LogKind.UNDO).count() == 1
    assert services.token_sheet(jim) == before


def test_an_undo_is_refused_once_anything_is_logged_after_the_loss(
    player_client: Client, jim: Character
) -> None:
    _roll(player_client, jim)
    loss = _lose(player_client, jim)
    stale = {"key": jim.next_sequence, "loss": loss}
    _roll(player_client, jim, applicable=["Military"], deplete=[], faces="", note="")
    after = services.token_sheet(jim)
    page = player_client.get(jim.get_absolute_url()).content.decode()
    assert 'id="undo-loss"' not in page
    refused = player_client.post(url("undo_loss", jim), stale).content.decode()
    assert "already done, or the page changed" in refused
    now = {"key": jim.next_sequence, "loss": loss}
    refused = player_client.post(url("undo_loss", jim), now).content.decode()
    assert "Only the latest entry of the log can be undone" in refused
    assert not jim.log.filter(kind=LogKind.UNDO).exists()
    assert services.token_sheet(jim) == after


def test_only_the_owner_may_undo_a_loss(
    player_client: Client,
    other_player_client: Client,
    gm_client: Client,
    outsider_client: Client,
    jim: Character,
) -> None:
    _roll(player_client, jim)
    loss = _lose(player_client, jim)
    after_loss = services.token_sheet(jim)
    data = {"key": jim.next_sequence, "loss": loss}
    for client in (other_player_client, gm_client, outsider_client):
        assert client.post(url("undo_loss", jim), data).status_code == 404
    assert player_client.get(url("undo_loss", jim)).status_code == 405
    assert not jim.log.filter(kind=LogKind.UNDO).exists()
    assert services.token_sheet(jim) == after_loss


def test_undo_needs_the_csrf_token(player: User, jim: Character) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(player)
    services.character_lose_tokens(
        character=jim,
        key=jim.next_sequence,
        own_total=5,
        opponent_total=6,
        related=["Dodge"],
        choices={},
    )
    data = {"key": jim.next_sequence, "loss": jim.next_sequence - 1}
    assert client.post(url("undo_loss", jim), data).status_code == 403
    assert not jim.log.filter(kind=LogKind.UNDO).exists()


def test_an_htmx_loss_says_what_it_saved_and_not_already_saved(
    player_client: Client, jim: Character
) -> None:
    _roll(player_client, jim)
    data = {
        "key": jim.next_sequence,
        "own_total": 15,
        "opponent_total": 21,
        "related": ["Dodge"],
        "lose_firearms": 1,
    }
    body = player_client.post(url("lose", jim), data, **HTMX).content.decode()
    assert "Lost " in body
    assert "Already saved" not in body
    again = player_client.post(url("lose", jim), data, **HTMX).content.decode()
    assert "Already saved: Lost " in again
