"""Deleting an Infinity Drive character in a campaign: only a draft without dice, so a player
cannot reroll behind the GM's back; the control is hidden where it is refused
(docs/rulings.md, "Deleting a character")."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.core.deletion import DeletionRefused
from chargen.infinity_drive.deletion import character_delete
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


def test_a_campaign_draft_without_dice_may_be_deleted(
    player_client: Client, campaign_draft: Character
) -> None:
    buy_points(campaign_draft)
    page = player_client.get(reverse("characters:race", args=[campaign_draft.id])).content.decode()
    # In a campaign the button asks on the confirmation page, even with htmx: only that
    # page says what else goes (a proposed race leaves the GM's queue).
    form = page[page.index("data-delete-form") - 200 : page.index("data-delete-form") + 600]
    assert f'action="{delete_url(campaign_draft)}"' in form
    assert "hx-post" not in form
    assert "hx-confirm" not in form
    response = player_client.post(delete_url(campaign_draft), CONFIRMED, headers=HTMX)
    assert response["HX-Redirect"] == reverse("home")
    assert not exists(campaign_draft)


def test_a_campaign_draft_with_dice_is_refused_and_keeps_everything(
    player_client: Client, campaign_draft: Character
) -> None:
    roll_book_characteristics(campaign_draft)
    before = database_fingerprint()

    confirm_page = player_client.get(delete_url(campaign_draft)).content.decode()
    assert "“Rimmer” cannot be deleted" in confirm_page
    assert "part of the campaign&#x27;s record; ask your GM" in confirm_page
    assert 'name="confirm"' not in confirm_page  # no way to confirm from here

    response = player_client.post(delete_url(campaign_draft), CONFIRMED)
    assert response.status_code == 303
    assert response["Location"] == campaign_draft.get_absolute_url()
    shown = player_client.get(reverse("home")).content.decode()
    assert "deleting it would let a new character roll them again" in shown
    assert "ask your GM" in shown

    response = player_client.post(delete_url(campaign_draft), CONFIRMED, headers=HTMX)
    assert response["HX-Redirect"] == campaign_draft.get_absolute_url()
    assert database_fingerprint() == before
    assert CreationLogEntry.objects.filter(character=campaign_draft).exclude(dice="").count() == 7


def test_the_control_is_hidden_where_deleting_is_refused(
    player_client: Client, campaign_draft: Character
) -> None:
    roll_book_characteristics(campaign_draft)
    for url in (
        reverse("characters:race", args=[campaign_draft.id]),
        reverse("characters:sheet", args=[campaign_draft.id]),
        reverse("home"),
        reverse("characters:list"),
    ):
        page = player_client.get(url).content.decode()
        assert delete_url(campaign_draft) not in page, url


@pytest.mark.parametrize(
    "status",
    [
        CharacterStatus.SUBMITTED,
        CharacterStatus.RETURNED,
        CharacterStatus.APPROVED,
        CharacterStatus.FINISHED,
        CharacterStatus.DEAD,
    ],
)
def test_a_campaign_character_past_the_draft_is_refused(
    player_client: Client, campaign_draft: Character, status: str
) -> None:
    """Submitted, approved, finished or dead: it is on the GM's record, dice or not."""
    Character.objects.filter(pk=campaign_draft.pk).update(status=status)
    response = player_client.post(delete_url(campaign_draft), CONFIRMED)
    assert response["Location"] == campaign_draft.get_absolute_url()
    assert exists(campaign_draft)
    campaign_draft.refresh_from_db()
    with pytest.raises(DeletionRefused, match="ask your GM"):
        character_delete(character=campaign_draft)
    assert delete_url(campaign_draft) not in player_client.get(reverse("home")).content.decode()


def test_a_removed_player_still_cannot_delete_a_campaign_character_with_dice(
    player_client: Client, campaign_draft: Character, campaign: Campaign
) -> None:
    """A removed player's characters stay in the campaign's record."""
    roll_book_characteristics(campaign_draft)
    campaign.memberships.filter(user=campaign_draft.owner).delete()
    player_client.post(delete_url(campaign_draft), CONFIRMED)
    assert exists(campaign_draft)
