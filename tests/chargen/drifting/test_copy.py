"""Copy a Drifting character as a template: concept and lifepaths, nothing of play."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from chargen.campaigns.models import Campaign, Membership
from chargen.drifting import services
from chargen.drifting.models import Character, CreationStep, Lifepath
from chargen.drifting.selectors import chosen_lifepaths
from tests.chargen.drifting.test_pinned_lifepaths import LIFE, built


@pytest.fixture
def finished_jim(player: User, lifepaths: dict[str, Lifepath]) -> Character:
    return built(player, lifepaths, finished=True)


def test_a_copy_chooses_the_same_lifepaths_again_and_copies_no_play(
    finished_jim: Character, player_client: Client
) -> None:
    response = player_client.post(f"/drifting/c/{finished_jim.pk}/copy/")
    assert response.status_code == 302
    copied = Character.objects.exclude(pk=finished_jim.pk).get()
    assert response["Location"] == f"/drifting/c/{copied.pk}/"
    assert copied.name == "Jim (copy)"
    assert copied.step == CreationStep.LIFEPATHS
    assert [path.slug for path in chosen_lifepaths(copied)] == list(LIFE)
    assert not copied.tokens.exists()
    assert not copied.log.exclude(kind__in=["started", "concept", "lifepath"]).exists()


def test_only_the_owner_copies_and_never_by_get(
    finished_jim: Character, player_client: Client, other_player_client: Client
) -> None:
    url = f"/drifting/c/{finished_jim.pk}/copy/"
    assert other_player_client.post(url).status_code == 404
    assert player_client.get(url).status_code == 405
    assert Character.objects.count() == 1


def test_a_copy_leaves_a_campaign_its_owner_has_left(
    player: User, lifepaths: dict[str, Lifepath], campaign: Campaign, player_client: Client
) -> None:
    original = built(player, lifepaths, finished=False, chosen=2)
    services.character_set_concept(
        character=original,
        key=original.next_sequence,
        name="Jo",
        concept="scout",
        campaign=campaign,
    )
    Membership.objects.filter(campaign=campaign, user=player).delete()
    player_client.post(f"/drifting/c/{original.pk}/copy/")
    copied = Character.objects.exclude(pk=original.pk).get()
    assert copied.campaign is None
    assert copied.concept == "scout"
    assert [path.slug for path in chosen_lifepaths(copied)] == list(LIFE[:2])
