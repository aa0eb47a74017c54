"""Both roller sheets: who may do what. Others get 404, visitors are sent to log in, a GET
changes nothing and a roll needs the CSRF token."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.rollers.models import ManaCharacter, UniqueCharacter
from tests.chargen.rollers.views_helpers import attribute_id, url

UNIQUE_POSTS = ("unique_roll", "unique_push", "unique_crisis", "unique_edit")
MANA_POSTS = ("mana_roll", "mana_contest", "mana_edit")


def test_others_get_404_everywhere(
    other_player_client: Client,
    gm_client: Client,
    brian: UniqueCharacter,
    mage: ManaCharacter,
) -> None:
    pages = [
        *(url(name, brian) for name in ("unique", "unique_odds", "unique_edit")),
        *(url(name, mage) for name in ("mana", "mana_odds", "contest_odds", "mana_edit")),
    ]
    posts = [
        *(url(name, brian) for name in UNIQUE_POSTS),
        *(url(name, mage) for name in MANA_POSTS),
    ]
    for client in (other_player_client, gm_client):
        for address in pages:
            assert client.get(address).status_code == 404, address
        for address in posts:
            assert client.post(address, {"sequence": 1, "name": "Stolen"}).status_code == 404
    assert not brian.rolls.exists()
    assert not mage.rolls.exists()
    brian.refresh_from_db()
    assert brian.name == "Brian"


def test_logged_out_visitors_are_sent_to_log_in(
    client: Client, brian: UniqueCharacter, mage: ManaCharacter
) -> None:
    for address in (
        reverse("rollers:list"),
        brian.get_absolute_url(),
        mage.get_absolute_url(),
        url("unique_roll", brian),
    ):
        response = client.get(address) if "roll" not in address else client.post(address)
        assert response.status_code == 302
        assert reverse("login") in response["Location"]


def test_get_changes_nothing(
    player_client: Client, brian: UniqueCharacter, mage: ManaCharacter
) -> None:
    for address in (
        *(url(name, brian) for name in ("unique_roll", "unique_push", "unique_crisis")),
        *(url(name, mage) for name in ("mana_roll", "mana_contest")),
    ):
        assert player_client.get(address).status_code == 405
    # A create address answers GET with the list at its form, and makes nothing.
    sheets = UniqueCharacter.objects.count(), ManaCharacter.objects.count()
    for kind in ("unique", "mana"):
        response = player_client.get(reverse(f"rollers:{kind}_create"))
        assert response.status_code == 302
        assert response["Location"] == f"{reverse('rollers:list')}#{kind}-new"
    assert (UniqueCharacter.objects.count(), ManaCharacter.objects.count()) == sheets


def test_a_roll_needs_the_csrf_token(player: User, brian: UniqueCharacter) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(player)
    response = client.post(
        url("unique_roll", brian),
        {"sequence": 1, "attribute": attribute_id(brian, "Strength"), "tool_quality": 0},
    )
    assert response.status_code == 403
    assert not brian.rolls.exists()
