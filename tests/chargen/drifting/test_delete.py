"""Deleting a Drifting character: any time outside a campaign; in a campaign only before it
is finished and in play, so a player cannot roll again behind the GM's back
(docs/rulings.md, "Deleting a character")."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.core.deletion import DeletionRefused
from chargen.drifting import services
from chargen.drifting.deletion import character_delete
from chargen.drifting.models import (
    Character,
    CharacterToken,
    Lifepath,
    LogEntry,
    LogKind,
    PendingAssist,
)
from rules import drifting as rules
from tests.chargen.drifting.conftest import make_played_character
from tests.chargen.security.conftest import database_fingerprint

HTMX = {"HX-Request": "true"}
CONFIRMED = {"confirm": "yes"}
FIREFIGHT = services.RollChoices(
    applicable=("Military", "Firearms", "Dodge"),
    deplete={"Military": 1, "Firearms": 1, "Dodge": 1},
    entered_faces=(1, 4, 2, 5, 4),
)


def delete_url(character: Character) -> str:
    return reverse("drifting:delete", kwargs={"character_id": character.id})


def exists(character: Character) -> bool:
    return Character.objects.filter(pk=character.pk).exists()


@pytest.fixture
def loner(player: User) -> Character:
    """Bob's Jim again, finished and played outside any campaign (one typed-in roll)."""
    character = make_played_character(
        player,
        "Jim",
        [
            rules.TokenState("Military", rules.TokenKind.BACKGROUND, held=1, checks=7),
            rules.TokenState("Firearms", rules.TokenKind.FOCUS, held=2, checks=7),
            rules.TokenState("Dodge", rules.TokenKind.FOCUS, held=1),
        ],
        None,
    )
    services.character_roll(character=character, key=character.next_sequence, choices=FIREFIGHT)
    return character


@pytest.fixture
def campaign_draft(player: User, campaign: Campaign, lifepaths: dict[str, Lifepath]) -> Character:
    """Bob's drifter in Alice's campaign, still choosing lifepaths (no dice yet)."""
    character = services.character_start(owner=player)
    services.character_set_concept(
        character=character,
        key=character.next_sequence,
        name="Ann",
        concept="Pilot",
        campaign=campaign,
    )
    services.character_add_lifepath(
        character=character, lifepath=lifepaths["us-marine"], key=character.next_sequence
    )
    return character


# --- Outside any campaign -----------------------------------------------------------------


def test_the_owner_deletes_a_played_character_outside_any_campaign_with_a_plain_post(
    player_client: Client, loner: Character
) -> None:
    response = player_client.post(delete_url(loner), CONFIRMED)
    assert response.status_code == 303
    assert response["Location"] == reverse("home")
    assert not exists(loner)
    assert not LogEntry.objects.filter(character_id=loner.pk).exists()
    assert not CharacterToken.objects.filter(character_id=loner.pk).exists()
    assert "“Jim” was deleted." in player_client.get(reverse("home")).content.decode()


def test_the_owner_deletes_with_htmx(player_client: Client, loner: Character) -> None:
    response = player_client.post(delete_url(loner), CONFIRMED, headers=HTMX)
    assert response.status_code == 200
    assert response["HX-Redirect"] == reverse("home")
    assert not exists(loner)


def test_a_get_and_an_unconfirmed_post_only_ask(player_client: Client, loner: Character) -> None:
    before = database_fingerprint()
    for response in (player_client.get(delete_url(loner)), player_client.post(delete_url(loner))):
        assert response.status_code == 200
        page = response.content.decode()
        assert "Delete “Jim”?" in page
        assert "Finished: the token sheet is in play" in page
        assert "1 roll (1 of them typed in from physical dice)" in page
        assert 'name="confirm" value="yes"' in page
    assert database_fingerprint() == before


def test_the_button_is_on_the_sheet_the_list_and_the_home_page(
    player_client: Client, loner: Character
) -> None:
    sheet = player_client.get(loner.get_absolute_url()).content.decode()
    assert f'hx-post="{delete_url(loner)}"' in sheet
    assert 'hx-confirm="Delete “Jim” for good?' in sheet
    listed = player_client.get(reverse("drifting:list")).content.decode()
    assert f'hx-post="{delete_url(loner)}"' in listed
    assert 'name="return_to" value="list"' in listed
    home = player_client.get(reverse("home")).content.decode()
    assert f'hx-post="{delete_url(loner)}"' in home
    response = player_client.post(delete_url(loner), {**CONFIRMED, "return_to": "list"})
    assert response["Location"] == reverse("drifting:list")


# --- In a campaign ------------------------------------------------------------------------


def test_a_campaign_character_still_in_creation_may_be_deleted(
    player_client: Client, campaign_draft: Character
) -> None:
    page = player_client.get(campaign_draft.get_absolute_url()).content.decode()
    assert f'hx-post="{delete_url(campaign_draft)}"' in page
    response = player_client.post(delete_url(campaign_draft), CONFIRMED, headers=HTMX)
    assert response["HX-Redirect"] == reverse("home")
    assert not exists(campaign_draft)


def test_a_finished_campaign_character_is_refused_with_the_reason(
    player_client: Client, jim: Character, linda: Character, campaign: Campaign
) -> None:
    services.character_roll(character=jim, key=jim.next_sequence, choices=FIREFIGHT)
    # The campaign's rule-data version is recorded the first time any page reads it (as the
    # book's own is), so the sheet is read once before the rows are counted.
    player_client.get(jim.get_absolute_url())
    before = database_fingerprint()

    page = player_client.get(delete_url(jim)).content.decode()
    assert "“Jim” cannot be deleted" in page
    assert "is finished and in play in “Lost on Storm”" in page
    assert "ask your GM" in page
    assert 'name="confirm"' not in page

    response = player_client.post(delete_url(jim), CONFIRMED)
    assert response["Location"] == jim.get_absolute_url()
    sheet = player_client.get(jim.get_absolute_url()).content.decode()
    assert "part of the campaign&#x27;s record; ask your GM" in sheet  # the message
    assert delete_url(jim) not in sheet  # and no control
    assert delete_url(jim) not in player_client.get(reverse("drifting:list")).content.decode()
    response = player_client.post(delete_url(jim), CONFIRMED, headers=HTMX)
    assert response["HX-Redirect"] == jim.get_absolute_url()
    assert database_fingerprint() == before


def test_a_finished_campaign_character_is_refused_even_before_its_first_roll(
    jim: Character, linda: Character, other_player: User
) -> None:
    """Companions assist and share with a finished drifter: it is in the game's record."""
    services.character_assist(helper=linda, recipient=jim, token="Repair", key=linda.next_sequence)
    with pytest.raises(DeletionRefused, match="in play"):
        character_delete(character=jim)
    assert PendingAssist.objects.filter(recipient=jim).exists()
    assert LogEntry.objects.filter(character=linda, kind=LogKind.ASSIST).exists()


# --- Only the owner -----------------------------------------------------------------------


@pytest.mark.parametrize("who", ["other_player_client", "gm_client", "outsider_client"])
def test_anyone_but_the_owner_gets_404_and_changes_nothing(
    request: pytest.FixtureRequest, who: str, campaign_draft: Character, loner: Character
) -> None:
    """Alice may read Ann (she runs the campaign) but not delete her."""
    client = request.getfixturevalue(who)
    for character in (campaign_draft, loner):
        before = database_fingerprint()
        assert client.get(delete_url(character)).status_code == 404
        assert client.post(delete_url(character), CONFIRMED).status_code == 404
        assert client.post(delete_url(character), CONFIRMED, headers=HTMX).status_code == 404
        assert database_fingerprint() == before


def test_lists_show_delete_buttons_without_a_query_per_character(
    player_client: Client,
    player: User,
    campaign: Campaign,
    lifepaths: dict[str, Lifepath],
) -> None:
    """Whether each campaign drifter may be deleted is read with the list, not per row."""

    def make_drafts(count: int) -> None:
        for number in range(count):
            character = services.character_start(owner=player)
            services.character_set_concept(
                character=character,
                key=character.next_sequence,
                name=f"Ann {number}",
                concept="Pilot",
                campaign=campaign,
            )

    def queries(url: str) -> int:
        with CaptureQueriesContext(connection) as captured:
            assert player_client.get(url).status_code == 200
        return len(captured)

    pages = (reverse("home"), reverse("drifting:list"))
    make_drafts(2)
    before = [queries(url) for url in pages]
    make_drafts(4)
    assert [queries(url) for url in pages] == before
    assert (
        player_client.get(reverse("drifting:list")).content.decode().count("data-delete-form") == 6
    )
