"""Every desk URL and method, for the GM, two players, an outsider and a visitor.

What should be refused is refused, and a refused request leaves the database
exactly as it was.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign, Membership
from chargen.desk.models import Decision, LastSeen, Notification
from chargen.infinity_drive.models import Character, Race

GM, PLAYER, OTHER, OUTSIDER, VISITOR = "gm", "player", "other_player", "outsider", "visitor"
EVERYONE = (GM, PLAYER, OTHER, OUTSIDER, VISITOR)
MEMBERS = {GM, PLAYER, OTHER}


@dataclass(frozen=True)
class Route:
    name: str
    method: str
    allowed: frozenset[str]
    needs: str = ""  # "race" or "character": the URL names a queue item
    data: tuple[tuple[str, str], ...] = ()


ROUTES = (
    Route("campaign", "get", frozenset({GM})),
    Route("my_campaign", "get", frozenset(MEMBERS)),
    Route("mark_seen", "post", frozenset(MEMBERS)),
    Route("race_queue", "get", frozenset({GM})),
    Route("race_new", "get", frozenset({GM})),
    Route(
        "race_new",
        "post",
        frozenset({GM}),
        data=(
            ("name", "Krell"),
            ("description", "Burrowers."),
            *((f"dice_{code}", "2") for code in ("Mus", "Grc", "Res", "Int", "Sty", "Chz", "Mtp")),
        ),
    ),
    Route("race_approve", "post", frozenset({GM}), needs="race"),
    Route("race_reject", "post", frozenset({GM}), needs="race", data=(("note", "No."),)),
    Route("character_queue", "get", frozenset({GM})),
    Route("character_approve", "post", frozenset({GM}), needs="character"),
    Route("character_return", "post", frozenset({GM}), needs="character", data=(("note", "Fix."),)),
    Route("party", "get", frozenset({GM})),
    Route("party_character", "get", frozenset({GM}), needs="character"),
    Route("party_print", "get", frozenset(MEMBERS)),
)

POST_ONLY = {route.name for route in ROUTES if route.method == "post"} - {"race_new"}


def _fingerprint() -> tuple[object, ...]:
    """Everything a desk request could change."""
    return (
        sorted(Race.objects.values_list("id", "status", "gm_note")),
        sorted(Character.objects.values_list("id", "status")),
        Decision.objects.count(),
        Notification.objects.count(),
        sorted(LastSeen.objects.values_list("user_id", "seen_at")),
        Membership.objects.count(),
    )


def _client(request: pytest.FixtureRequest, who: str) -> Client:
    if who == VISITOR:
        return Client()
    return request.getfixturevalue(f"{who}_client")


def _url(route: Route, campaign: Campaign, race: Race, character: Character) -> str:
    kwargs: dict[str, object] = {"campaign_id": campaign.id}
    if route.needs == "race":
        kwargs["race_id"] = race.id
    if route.needs == "character":
        kwargs["character_id"] = character.id
    return reverse(f"desk:{route.name}", kwargs=kwargs)


@pytest.mark.parametrize("who", EVERYONE)
@pytest.mark.parametrize("route", ROUTES, ids=lambda route: f"{route.method}-{route.name}")
def test_permission_matrix(
    request: pytest.FixtureRequest,
    route: Route,
    who: str,
    campaign: Campaign,
    darrian: Race,
    submitted: Character,
    draft: Character,
) -> None:
    client = _client(request, who)
    url = _url(route, campaign, darrian, submitted)
    before = _fingerprint()
    response = getattr(client, route.method)(url, dict(route.data))
    if who in route.allowed:
        assert response.status_code in {200, 302}, response.content[:500]
        if route.method == "post" and route.name != "mark_seen":
            assert _fingerprint() != before
        return
    if who == VISITOR:
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
    else:
        assert response.status_code == 404
    assert _fingerprint() == before


@pytest.mark.parametrize("name", sorted(POST_ONLY))
def test_decisions_and_marks_refuse_get(
    name: str, gm_client: Client, campaign: Campaign, darrian: Race, submitted: Character
) -> None:
    route = next(route for route in ROUTES if route.name == name)
    before = _fingerprint()
    response = gm_client.get(_url(route, campaign, darrian, submitted))
    assert response.status_code == 405
    assert _fingerprint() == before


def test_another_campaigns_gm_cannot_reach_this_campaigns_items(
    outsider: User,
    outsider_client: Client,
    campaign: Campaign,
    darrian: Race,
    submitted: Character,
) -> None:
    """Dave runs his own campaign: its id does not open Alice's items."""
    from chargen.campaigns.services import campaign_create

    own = campaign_create(gm=outsider, name="Dave's game")
    before = _fingerprint()
    for name, kwargs in (
        ("race_approve", {"race_id": darrian.id}),
        ("character_approve", {"character_id": submitted.id}),
    ):
        response = outsider_client.post(
            reverse(f"desk:{name}", kwargs={"campaign_id": own.id, **kwargs})
        )
        assert response.status_code == 404
    response = outsider_client.get(
        reverse(
            "desk:party_character", kwargs={"campaign_id": own.id, "character_id": submitted.id}
        )
    )
    assert response.status_code == 404
    assert _fingerprint() == before


def test_the_desk_home_lists_only_ones_own_campaigns(
    outsider_client: Client, player_client: Client, campaign: Campaign
) -> None:
    assert campaign.name not in outsider_client.get(reverse("desk:home")).content.decode()
    assert campaign.name in player_client.get(reverse("desk:home")).content.decode()
