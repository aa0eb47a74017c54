"""Moving a Drifting draft to the current lifepaths: shown first, refused when its chosen
lifepaths no longer fit, only by its owner, only for a draft, only by a POST with CSRF."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.drifting import services
from chargen.drifting.models import Character, Lifepath, LifepathGrant
from chargen.drifting.pinned import current_lifepath_version


def page(character: Character) -> str:
    return reverse("drifting:rule_data", args=[character.id])


def move(character: Character) -> str:
    return reverse("drifting:rule_data_upgrade", args=[character.id])


@pytest.fixture
def marine(player: User, lifepaths: dict[str, Lifepath]) -> Character:
    """Jo, a draft with two lifepaths chosen: a marine, then a veteran."""
    character = services.character_start(owner=player)
    services.character_set_concept(
        character=character, key=character.next_sequence, name="Jo", concept="", campaign=None
    )
    for slug in ("us-marine", "marine-veteran"):
        services.character_add_lifepath(
            character=character, lifepath=lifepaths[slug], key=character.next_sequence
        )
    character.refresh_from_db()
    return character


def more_military(lifepaths: dict[str, Lifepath]) -> None:
    grant = LifepathGrant.objects.get(lifepath=lifepaths["us-marine"], name="Military")
    grant.count = 3
    grant.save()


def test_the_wizard_offers_the_move_and_the_page_shows_the_tokens_it_changes(
    player_client: Client, marine: Character, lifepaths: dict[str, Lifepath]
) -> None:
    wizard = reverse("drifting:character", args=[marine.id])
    assert b"data-rule-data-older" not in player_client.get(wizard).content
    pinned = marine.rule_version_id
    more_military(lifepaths)

    assert page(marine) in player_client.get(wizard).content.decode()
    shown = player_client.get(page(marine)).content.decode()
    assert "Military ×1" in shown
    assert "Military ×3" in shown

    moved = player_client.post(move(marine), {"version": current_lifepath_version(None)})

    assert moved.status_code == 302
    marine.refresh_from_db()
    assert marine.rule_version_id == current_lifepath_version(None) != pinned
    assert services.creation_tokens(marine)["Military"].held == 3


def test_lifepaths_that_no_longer_follow_one_another_keep_the_draft_where_it_is(
    player_client: Client, marine: Character, lifepaths: dict[str, Lifepath]
) -> None:
    pinned = marine.rule_version_id
    # The veteran now needs a freighter pilot before it.
    lifepaths["marine-veteran"].requires.set([lifepaths["freighter-pilot"]])

    shown = player_client.get(page(marine)).content.decode()
    refused = player_client.post(move(marine), {"version": current_lifepath_version(None)})

    assert "Marine veteran must follow one of: Freighter pilot" in shown
    assert b"Move to the current lifepaths" not in player_client.get(page(marine)).content
    assert refused.status_code == 400
    marine.refresh_from_db()
    assert marine.rule_version_id == pinned


def test_only_the_owner_moves_a_draft_and_only_a_draft(
    player_client: Client,
    other_player_client: Client,
    marine: Character,
    lifepaths: dict[str, Lifepath],
) -> None:
    more_military(lifepaths)
    pinned = marine.rule_version_id
    version = {"version": current_lifepath_version(None)}
    assert other_player_client.get(page(marine)).status_code == 404
    assert other_player_client.post(move(marine), version).status_code == 404
    Character.objects.filter(pk=marine.pk).update(step="finished")

    refused = player_client.post(move(marine), version)

    assert refused.status_code == 400
    assert "Only a draft can move" in refused.content.decode()
    marine.refresh_from_db()
    assert marine.rule_version_id == pinned


def test_the_move_is_a_post_with_csrf_for_the_version_shown(
    player: User, player_client: Client, marine: Character, lifepaths: dict[str, Lifepath]
) -> None:
    more_military(lifepaths)
    shown = current_lifepath_version(None)
    more_military_still = LifepathGrant.objects.get(
        lifepath=lifepaths["us-marine"], name="Military"
    )
    more_military_still.count = 2
    more_military_still.save()
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(player)
    pinned = marine.rule_version_id

    assert strict.get(move(marine)).status_code == 405
    assert strict.post(move(marine), {"version": current_lifepath_version(None)}).status_code == (
        403
    )
    stale = player_client.post(move(marine), {"version": shown})
    assert stale.status_code == 400
    assert "changed again" in stale.content.decode()
    marine.refresh_from_db()
    assert marine.rule_version_id == pinned
