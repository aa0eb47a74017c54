"""Deleting a roller sheet: its owner may at any time (no campaign relies on its rolls);
anyone else gets 404 (docs/rulings.md, "Deleting a character")."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from chargen.rollers.models import (
    ManaCharacter,
    ManaRollEntry,
    UniqueAttribute,
    UniqueCharacter,
    UniqueRollEntry,
)
from tests.chargen.security.conftest import database_fingerprint

HTMX = {"HX-Request": "true"}
CONFIRMED = {"confirm": "yes"}


def url(name: str, character: UniqueCharacter | ManaCharacter) -> str:
    return reverse(f"rollers:{name}", kwargs={"character_id": character.id})


def delete_url(character: UniqueCharacter | ManaCharacter) -> str:
    name = "unique_delete" if isinstance(character, UniqueCharacter) else "mana_delete"
    return url(name, character)


@pytest.fixture
def rolled_brian(player_client: Client, brian: UniqueCharacter) -> UniqueCharacter:
    """Brian's climb, typed in (one roll)."""
    player_client.post(
        url("unique_roll", brian),
        {
            "sequence": 1,
            "attribute": str(brian.attributes.get(name="Strength").pk),
            "tool_quality": 0,
            "physical": "on",
            "faces": "3 4",
        },
    )
    assert brian.rolls.count() == 1
    return brian


@pytest.fixture
def rolled_mage(player_client: Client, mage: ManaCharacter) -> ManaCharacter:
    """The mage's deceit against a Challenging difficulty, rolled by the server."""
    player_client.post(
        url("mana_roll", mage),
        {
            "sequence": 1,
            "attribute": str(mage.attributes.get(name="Cunning").pk),
            "difficulty_mode": "named",
            "difficulty": "CHALLENGING",
        },
    )
    assert mage.rolls.count() == 1
    return mage


def test_the_owner_deletes_a_unique_sheet_with_a_plain_post(
    player_client: Client, rolled_brian: UniqueCharacter
) -> None:
    response = player_client.post(delete_url(rolled_brian), CONFIRMED)
    assert response.status_code == 303
    assert response["Location"] == reverse("home")
    assert not UniqueCharacter.objects.filter(pk=rolled_brian.pk).exists()
    assert not UniqueRollEntry.objects.filter(character_id=rolled_brian.pk).exists()
    assert not UniqueAttribute.objects.filter(character_id=rolled_brian.pk).exists()
    assert "“Brian” was deleted." in player_client.get(reverse("home")).content.decode()


def test_the_owner_deletes_a_roll_and_keep_sheet_with_htmx(
    player_client: Client, rolled_mage: ManaCharacter
) -> None:
    response = player_client.post(delete_url(rolled_mage), CONFIRMED, headers=HTMX)
    assert response.status_code == 200
    assert response["HX-Redirect"] == reverse("home")
    assert not ManaCharacter.objects.filter(pk=rolled_mage.pk).exists()
    assert not ManaRollEntry.objects.filter(character_id=rolled_mage.pk).exists()


def test_the_owner_deletes_a_unique_sheet_with_htmx_and_a_mana_sheet_with_a_plain_post(
    player_client: Client, rolled_brian: UniqueCharacter, rolled_mage: ManaCharacter
) -> None:
    assert player_client.post(delete_url(rolled_brian), CONFIRMED, headers=HTMX)["HX-Redirect"]
    assert player_client.post(delete_url(rolled_mage), CONFIRMED).status_code == 303
    assert not UniqueCharacter.objects.exists()
    assert not ManaCharacter.objects.exists()


@pytest.mark.parametrize("sheet", ["rolled_brian", "rolled_mage"])
def test_a_get_and_an_unconfirmed_post_only_ask(
    request: pytest.FixtureRequest, player_client: Client, sheet: str
) -> None:
    character = request.getfixturevalue(sheet)
    before = database_fingerprint()
    for response in (
        player_client.get(delete_url(character)),
        player_client.post(delete_url(character)),
    ):
        assert response.status_code == 200
        page = response.content.decode()
        assert f"Delete “{character.name}”?" in page
        assert 'data-roll-count="1"' in page
        assert 'name="confirm" value="yes"' in page
        assert "Nothing has changed yet." in page
    assert database_fingerprint() == before


def test_the_confirm_page_names_the_state_and_the_typed_in_rolls(
    player_client: Client, rolled_brian: UniqueCharacter
) -> None:
    page = player_client.get(delete_url(rolled_brian)).content.decode()
    assert "Unique-dice pool sheet" in page
    assert "In play, 0 crisis boxes crossed off" in page
    assert "1 roll (1 of them typed in from physical dice)" in page


def test_the_button_is_on_each_sheet_and_the_list(
    player_client: Client, brian: UniqueCharacter, mage: ManaCharacter
) -> None:
    for character in (brian, mage):
        sheet = player_client.get(character.get_absolute_url()).content.decode()
        assert f'hx-post="{delete_url(character)}"' in sheet
        assert f'hx-confirm="Delete “{character.name}” for good?' in sheet
    listed = player_client.get(reverse("rollers:list")).content.decode()
    assert f'hx-post="{delete_url(brian)}"' in listed
    assert f'hx-post="{delete_url(mage)}"' in listed
    response = player_client.post(delete_url(brian), {**CONFIRMED, "return_to": "list"})
    assert response["Location"] == reverse("rollers:list")


@pytest.mark.parametrize("who", ["other_player_client", "gm_client", "outsider_client"])
def test_anyone_but_the_owner_gets_404_and_changes_nothing(
    request: pytest.FixtureRequest,
    who: str,
    rolled_brian: UniqueCharacter,
    rolled_mage: ManaCharacter,
) -> None:
    client = request.getfixturevalue(who)
    for character in (rolled_brian, rolled_mage):
        before = database_fingerprint()
        assert client.get(delete_url(character)).status_code == 404
        assert client.post(delete_url(character), CONFIRMED).status_code == 404
        assert client.post(delete_url(character), CONFIRMED, headers=HTMX).status_code == 404
        assert database_fingerprint() == before


def test_a_visitor_is_sent_to_log_in(client: Client, brian: UniqueCharacter) -> None:
    response = client.post(delete_url(brian), CONFIRMED)
    assert response["Location"].startswith(reverse("login"))
    assert UniqueCharacter.objects.filter(pk=brian.pk).exists()
