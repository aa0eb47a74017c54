"""Deleting an Infinity Drive character outside any campaign: the owner may at any time, plain
or htmx, after being asked; the button on the sheet, home page and lists (without a query
per character); the name escaped (docs/rulings.md, "Deleting a character")."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.infinity_drive.models import Character, CharacterStatus, CreationLogEntry
from tests.chargen.infinity_drive.delete_helpers import (
    CONFIRMED,
    HTMX,
    buy_points,
    delete_url,
    exists,
)
from tests.chargen.infinity_drive.steps import roll_book_characteristics
from tests.chargen.security.conftest import database_fingerprint


@pytest.mark.parametrize(
    "status",
    [CharacterStatus.DRAFT, CharacterStatus.FINISHED, CharacterStatus.DEAD],
)
def test_the_owner_deletes_a_character_outside_any_campaign_with_a_plain_post(
    player_client: Client, draft: Character, status: str
) -> None:
    roll_book_characteristics(draft)  # seven rolls: nobody else relies on them
    Character.objects.filter(pk=draft.pk).update(status=status)
    response = player_client.post(delete_url(draft), CONFIRMED)
    assert response.status_code == 303
    assert response["Location"] == reverse("home")
    assert not exists(draft)
    assert not CreationLogEntry.objects.filter(character_id=draft.pk).exists()
    home = player_client.get(reverse("home")).content.decode()
    assert "“Treva Donalson” was deleted." in home


def test_the_owner_deletes_with_htmx_and_the_whole_page_moves_home(
    player_client: Client, draft: Character
) -> None:
    roll_book_characteristics(draft)
    response = player_client.post(delete_url(draft), CONFIRMED, headers=HTMX)
    assert response.status_code == 200
    assert response["HX-Redirect"] == reverse("home")
    assert not exists(draft)


def test_the_button_asks_first_with_htmx_and_without(
    player_client: Client, draft: Character
) -> None:
    """The button follows the campaigns' pattern: hx-confirm and confirm=yes for htmx,
    the confirmation page for a plain POST (which carries no confirm=yes)."""
    buy_points(draft)
    page = player_client.get(reverse("characters:characteristics", args=[draft.id]))
    body = page.content.decode()
    form = body[body.index("data-delete-form") - 200 : body.index("data-delete-form") + 600]
    assert f'action="{delete_url(draft)}"' in form
    assert f'hx-post="{delete_url(draft)}"' in form
    assert 'hx-confirm="Delete “Treva Donalson” for good?' in form
    assert """hx-vals='{"confirm": "yes"}'""" in form
    assert "csrfmiddlewaretoken" in form
    assert 'name="confirm"' not in form  # a plain POST lands on the confirmation page


def test_a_get_and_an_unconfirmed_post_only_ask(player_client: Client, draft: Character) -> None:
    roll_book_characteristics(draft)
    before = database_fingerprint()
    for response in (
        player_client.get(delete_url(draft)),
        player_client.post(delete_url(draft), {}),
    ):
        assert response.status_code == 200
        page = response.content.decode()
        assert "Delete “Treva Donalson”?" in page
        assert "Nothing has changed yet." in page
        assert 'data-roll-count="7"' in page
        assert "7 rolls (7 of them typed in from physical dice)" in page
        assert "Draft: Race and career next" in page
        assert "Outside any campaign" in page
        assert 'name="confirm" value="yes"' in page  # the confirmed form, posted again
    assert database_fingerprint() == before


def test_from_the_list_the_player_goes_back_to_the_list(
    player_client: Client, draft: Character
) -> None:
    page = player_client.get(reverse("characters:list")).content.decode()
    assert 'name="return_to" value="list"' in page
    response = player_client.post(delete_url(draft), {**CONFIRMED, "return_to": "list"})
    assert response["Location"] == reverse("characters:list")
    # Only a name is honoured: nothing in the request can send the player elsewhere.
    other = Character.objects.create(owner=draft.owner, name="Other")
    response = player_client.post(
        delete_url(other), {**CONFIRMED, "return_to": "https://evil.example/"}
    )
    assert response["Location"] == reverse("home")


def test_the_delete_button_is_on_the_sheet_the_home_page_and_the_list(
    player_client: Client, draft: Character
) -> None:
    for url in (
        reverse("characters:sheet", args=[draft.id]),
        reverse("home"),
        reverse("characters:list"),
        reverse("characters:concept", args=[draft.id]),
    ):
        assert f'hx-post="{delete_url(draft)}"' in player_client.get(url).content.decode(), url


def test_the_name_is_escaped_on_the_page_the_button_and_the_message(
    player: User, player_client: Client
) -> None:
    hostile = '<script>alert("x")</script>'
    character = Character.objects.create(owner=player, name=hostile)
    for url in (delete_url(character), reverse("home"), reverse("characters:list")):
        page = player_client.get(url).content.decode()
        assert hostile not in page, url
        assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in page, url
    page = player_client.post(delete_url(character), CONFIRMED, follow=True).content.decode()
    assert "“&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;” was deleted." in page
    assert hostile not in page


def test_lists_show_delete_buttons_without_a_query_per_character(
    player_client: Client, player: User, campaign: Campaign
) -> None:
    """Whether each campaign draft may be deleted is read with the list, not per row."""

    def make_drafts(count: int) -> None:
        for number in range(count):
            character = Character.objects.create(
                owner=player, campaign=campaign, name=f"Draft {number}"
            )
            if number % 2:
                roll_book_characteristics(character)  # dice: no button for this one
            else:
                buy_points(character)

    def queries(url: str) -> int:
        with CaptureQueriesContext(connection) as captured:
            assert player_client.get(url).status_code == 200
        return len(captured)

    pages = (reverse("home"), reverse("characters:list"))
    make_drafts(2)
    before = [queries(url) for url in pages]
    make_drafts(4)
    assert [queries(url) for url in pages] == before
    listed = player_client.get(reverse("characters:list")).content.decode()
    assert listed.count("data-delete-form") == 3, "the three drafts without dice"
