"""A player the GM removed keeps their characters but can send the GM nothing more."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.desk.models import Notification
from chargen.infinity_drive.models import Character, CharacterStatus, Race
from rules.infinity_drive.codes import CHARACTERISTICS
from tests.chargen.infinity_drive.steps import next_sequence, roll_book_characteristics
from tests.chargen.infinity_drive_finish.build import choose_option, save_history
from tests.chargen.security.conftest import World


def _remove(gm_client: Client, world: World, username: str) -> None:
    response = gm_client.post(
        reverse("campaigns:remove_member", args=[world.campaign.id]),
        {"username": username, "confirm": "yes"},  # the GM confirmed on the page
    )
    assert response.status_code == 303


def test_a_removed_player_cannot_propose_a_race(
    world: World, player: User, player_client: Client, gm_client: Client
) -> None:
    character = Character.objects.create(owner=player, campaign=world.campaign, name="Late")
    roll_book_characteristics(character)
    _remove(gm_client, world, "bob")
    races, news = Race.objects.count(), Notification.objects.count()
    response = player_client.post(
        reverse("characters:propose_race", args=[character.id]),
        {
            "sequence": next_sequence(character),
            "name": "Spammers",
            "reason": "To fill the GM's inbox.",
            **{f"adjust_{code}": "0" for code in CHARACTERISTICS},
        },
    )
    assert response.status_code == 400
    assert "no longer in" in response.content.decode()
    assert (Race.objects.count(), Notification.objects.count()) == (races, news)


def test_a_removed_player_cannot_submit_a_character(
    world: World, player_client: Client, gm_client: Client
) -> None:
    draft = world.draft
    choose_option(draft, "standard")
    save_history(draft, notes={}, age="34", appearance="Tall.")
    _remove(gm_client, world, "bob")
    news = Notification.objects.count()
    response = player_client.post(reverse("characters:finish", args=[draft.id]))
    assert response.status_code == 400
    assert "cannot be submitted" in response.content.decode()
    draft.refresh_from_db()
    assert draft.status == CharacterStatus.DRAFT
    assert Notification.objects.count() == news
    # Still Bob's: he reads it and its sheet.
    assert player_client.get(reverse("characters:review", args=[draft.id])).status_code == 200
    assert player_client.get(reverse("characters:sheet", args=[draft.id])).status_code == 200


def test_a_member_still_submits(world: World, player_client: Client) -> None:
    draft = world.draft
    choose_option(draft, "standard")
    save_history(draft, notes={}, age="34", appearance="Tall.")
    response = player_client.post(reverse("characters:finish", args=[draft.id]))
    assert response.status_code == 303
    draft.refresh_from_db()
    assert draft.status == CharacterStatus.SUBMITTED


def test_news_from_a_campaign_one_was_removed_from_leaves_the_badge(
    world: World, player_client: Client, gm_client: Client
) -> None:
    """It could never be marked seen (that needs membership), so the badge kept it for good."""
    badge = "new since you last looked"
    assert badge in player_client.get(reverse("home")).content.decode()
    _remove(gm_client, world, "bob")
    assert badge not in player_client.get(reverse("home")).content.decode()
    assert badge not in player_client.get(reverse("desk:home")).content.decode()
