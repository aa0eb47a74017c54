"""A page left open after its character was deleted (in another tab, or a race withdrawn
while the GM's queue was open): htmx reloads the page and says why, instead of nothing."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.core.middleware import GONE
from chargen.infinity_drive import services
from chargen.infinity_drive.deletion import character_delete
from chargen.infinity_drive.models import Character, Race
from tests.chargen.infinity_drive.steps import next_sequence

HTMX = {"HX-Request": "true"}
POINTS = {"Mus": 8, "Grc": 7, "Res": 7, "Int": 7, "Sty": 7, "Chz": 7, "Mtp": 7}


def _buy_points(character: Character) -> None:
    services.character_choose_method(
        character=character, expected_sequence=next_sequence(character), method="point_buy"
    )
    services.character_assign_points(
        character=character, expected_sequence=next_sequence(character), values=POINTS
    )


def _messages(client: Client) -> str:
    return client.get(reverse("home")).content.decode()


def test_an_htmx_post_for_a_deleted_character_reloads_the_page_with_the_reason(
    player_client: Client, draft: Character
) -> None:
    method_url = reverse("characters:method", args=[draft.id])
    character_delete(character=draft)
    response = player_client.post(method_url, {"sequence": 1, "method": "point_buy"}, headers=HTMX)
    assert response.status_code == 404
    assert response["HX-Refresh"] == "true"
    assert "it may have been deleted or withdrawn" in _messages(player_client)


def test_a_plain_404_is_left_as_it_is(player_client: Client, draft: Character) -> None:
    method_url = reverse("characters:method", args=[draft.id])
    character_delete(character=draft)
    response = player_client.post(method_url, {"sequence": 1, "method": "point_buy"})
    assert response.status_code == 404
    assert "HX-Refresh" not in response
    assert GONE not in _messages(player_client)


def test_the_gm_approving_a_withdrawn_race_sees_the_queue_again_with_the_reason(
    gm_client: Client, campaign_draft: Character, campaign: Campaign
) -> None:
    _buy_points(campaign_draft)
    race = services.race_propose(
        character=campaign_draft,
        expected_sequence=next_sequence(campaign_draft),
        name="Velani",
        reason="A world of long twilight.",
        adjustments={"Int": 1, "Res": -1},
    )
    assert race is not None
    approve_url = reverse("desk:race_approve", args=[campaign.id, race.id])
    character_delete(character=campaign_draft)  # withdraws the proposal
    assert not Race.objects.filter(pk=race.pk).exists()

    response = gm_client.post(approve_url, {"note": ""}, headers=HTMX)
    assert response.status_code == 404
    assert response["HX-Refresh"] == "true"
    queue = gm_client.get(reverse("desk:race_queue", args=[campaign.id])).content.decode()
    assert "it may have been deleted or withdrawn" in queue
    assert "Velani" not in queue
