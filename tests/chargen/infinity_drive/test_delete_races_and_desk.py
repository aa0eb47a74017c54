"""Deleting an Infinity Drive character and the races proposed for it: a race proposed only for
it leaves the GM's queue, one another character uses or logged stays, and the desk pages
still load."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.desk.models import Decision, Notification, NotificationKind
from chargen.infinity_drive import services
from chargen.infinity_drive.gm import services as desk
from chargen.infinity_drive.models import Character, Race, RaceStatus
from tests.chargen.infinity_drive.delete_helpers import (
    CONFIRMED,
    buy_points,
    delete_url,
    exists,
    propose,
)
from tests.chargen.infinity_drive.steps import next_sequence


def test_a_race_proposed_only_for_it_leaves_the_gms_queue(
    player_client: Client, gm_client: Client, campaign_draft: Character, campaign: Campaign
) -> None:
    buy_points(campaign_draft)
    race = propose(campaign_draft, "Zarkan")
    assert race.notifications.filter(kind=NotificationKind.RACE_PROPOSED).exists()
    queue = reverse("desk:race_queue", args=[campaign.id])
    assert "Zarkan" in gm_client.get(queue).content.decode()

    confirm_page = player_client.get(delete_url(campaign_draft)).content.decode()
    assert "The race “Zarkan” you proposed for it leaves the GM&#x27;s queue" in confirm_page
    player_client.post(delete_url(campaign_draft), CONFIRMED)
    assert not Race.objects.filter(pk=race.pk).exists()
    assert not Notification.objects.filter(item_id=race.pk).exists()
    assert "Zarkan" not in gm_client.get(queue).content.decode()
    assert "leaves the GM&#x27;s queue" in player_client.get(reverse("home")).content.decode()


def test_a_race_another_character_uses_stays_in_the_queue(
    player: User,
    player_client: Client,
    gm: User,
    campaign_draft: Character,
    campaign: Campaign,
) -> None:
    buy_points(campaign_draft)
    race = propose(campaign_draft, "Zarkan")
    sibling = Character.objects.create(owner=player, campaign=campaign, name="Sibling")
    buy_points(sibling)
    services.character_choose_race(
        character=sibling, expected_sequence=next_sequence(sibling), race_id=str(race.id)
    )
    assert "leaves the GM" not in player_client.get(delete_url(campaign_draft)).content.decode()
    player_client.post(delete_url(campaign_draft), CONFIRMED)
    assert not exists(campaign_draft)
    race.refresh_from_db()
    assert race.status == RaceStatus.PROPOSED
    desk.race_approve(race=race, by=gm)  # the GM can still decide on it
    sibling.refresh_from_db()
    assert sibling.race == race


def test_a_race_in_another_characters_log_stays_in_the_queue(
    player: User, player_client: Client, campaign_draft: Character, campaign: Campaign
) -> None:
    """An undo reads the race back from the log, so a race chosen there is still in use."""
    buy_points(campaign_draft)
    race = propose(campaign_draft, "Zarkan")
    sibling = Character.objects.create(owner=player, campaign=campaign, name="Sibling")
    buy_points(sibling)
    services.character_choose_race(
        character=sibling, expected_sequence=next_sequence(sibling), race_id=str(race.id)
    )
    Character.objects.filter(pk=sibling.pk).update(race=None)
    player_client.post(delete_url(campaign_draft), CONFIRMED)
    assert not exists(campaign_draft)
    assert Race.objects.filter(pk=race.pk, status=RaceStatus.PROPOSED).exists()


def test_the_desk_pages_still_load_after_the_deletion(
    player_client: Client,
    gm_client: Client,
    gm: User,
    campaign_draft: Character,
    campaign: Campaign,
) -> None:
    """Rimmer's race was rejected (a decision on the desk's record), then Rimmer is deleted:
    the decision stays, named as it was, and every desk page still loads."""
    buy_points(campaign_draft)
    race = propose(campaign_draft, "Zarkan")
    desk.race_reject(race=race, by=gm, note="Too strong for this campaign.")
    party_character = reverse("desk:party_character", args=[campaign.id, campaign_draft.id])
    assert gm_client.get(party_character).status_code == 200
    assert "Rimmer" in gm_client.get(reverse("desk:party", args=[campaign.id])).content.decode()

    deleted = player_client.post(delete_url(campaign_draft), CONFIRMED, follow=True)
    assert "“Rimmer” was deleted." in deleted.content.decode()  # the message is read
    assert not exists(campaign_draft)

    decision = Decision.objects.get(race=race)  # the GM's record is kept
    assert decision.item_name == "Zarkan"
    for client, name in (
        (gm_client, "desk:home"),
        (gm_client, "desk:campaign"),
        (gm_client, "desk:race_queue"),
        (gm_client, "desk:character_queue"),
        (gm_client, "desk:party"),
        (gm_client, "desk:party_print"),
        (player_client, "desk:my_campaign"),
        (player_client, "desk:home"),
    ):
        args = [] if name == "desk:home" else [campaign.id]
        response = client.get(reverse(name, args=args))
        assert response.status_code == 200, name
        assert "Rimmer" not in response.content.decode(), name
    assert "Zarkan" in gm_client.get(reverse("desk:campaign", args=[campaign.id])).content.decode()
    assert gm_client.get(party_character).status_code == 404
    assert player_client.get(reverse("home")).status_code == 200
