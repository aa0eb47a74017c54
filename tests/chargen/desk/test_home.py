"""The home page's "Waiting for you": the GM's queues and a player's unseen decisions."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.desk.notifications import notifications_mark_seen
from chargen.infinity_drive.gm.services import race_approve
from chargen.infinity_drive.models import Character, Race


def _waiting(client: Client) -> str:
    page = client.get(reverse("home")).content.decode()
    start = page.index('id="home-waiting"')
    return page[start : page.index("</section>", start)]


def test_the_gm_sees_their_queues_and_the_player_sees_decisions(
    gm_client: Client,
    player_client: Client,
    outsider_client: Client,
    gm: User,
    player: User,
    darrian: Race,
    submitted: Character,
    campaign: Campaign,
) -> None:
    assert "1 race and 1 character waiting for your decision" in _waiting(gm_client)
    assert "Nothing waits for you" in _waiting(player_client)

    race_approve(race=darrian, by=gm)
    player_part = _waiting(player_client)
    assert "The Long Jump: the GM decided on something of yours" in player_part
    assert "1 new since you last looked" in player_part

    notifications_mark_seen(user=player, campaign=campaign)
    assert "Nothing waits for you" in _waiting(player_client)
    assert "Nothing waits for you" in _waiting(outsider_client)
    assert "0 races and 1 character waiting" in _waiting(gm_client)
