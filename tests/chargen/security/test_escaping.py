"""User text is escaped on every page that shows it, in full pages and htmx partials.

Every name, concept, reason, note and description in the world below is the same
hostile string. Each page must show it (escaped, so the test can tell the page
really rendered it) and must never contain it as markup.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from chargen.infinity_drive.gm import services as desk
from chargen.infinity_drive.models import CharacterStatus
from tests.chargen.security.conftest import World, WorldBuilder

HTMX: dict[str, Any] = {"HTTP_HX_REQUEST": "true"}
SCRIPT = "<script>alert(1)</script>"
ATTRIBUTE_BREAKER = '"><img src=x onerror=alert(1)>'
# The part of each payload that would run if it reached the page unescaped.
DANGEROUS = {SCRIPT: "<script>alert(1)", ATTRIBUTE_BREAKER: "<img src=x onerror"}


@pytest.fixture(params=[SCRIPT, ATTRIBUTE_BREAKER], ids=["script", "attribute"])
def payload(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def hostile(make_world: WorldBuilder, payload: str) -> World:
    return make_world(payload)


def _wizard(character_id: object) -> Iterator[str]:
    for name in (
        "concept",
        "characteristics",
        "race",
        "learner",
        "career",
        "skills",
        "equipment",
        "history",
        "review",
    ):
        yield reverse(f"characters:{name}", args=[character_id])


def _player_pages(world: World) -> list[str]:
    campaign = world.campaign.id
    return [
        reverse("home"),
        reverse("characters:list"),
        reverse("campaigns:list"),
        reverse("campaigns:detail", args=[campaign]),
        reverse("campaigns:join", args=[world.campaign.invite_token]),
        reverse("desk:home"),
        reverse("desk:my_campaign", args=[campaign]),
        reverse("desk:party_print", args=[campaign]),
        reverse("content:campaign", args=[campaign]),
        *_wizard(world.draft.id),
        *_wizard(world.submitted.id),
        reverse("characters:sheet", args=[world.approved.id]),
        reverse("characters:print", args=[world.approved.id]),
        reverse("characters:sheet", args=[world.submitted.id]),
        reverse("drifting:list"),
        reverse("drifting:character", args=[world.drifting_character.id]),
    ]


def _gm_pages(world: World) -> list[str]:
    campaign = world.campaign.id
    return [
        reverse("home"),
        reverse("campaigns:detail", args=[campaign]),
        reverse("campaigns:rules", args=[campaign]),
        reverse("desk:home"),
        reverse("desk:campaign", args=[campaign]),
        reverse("desk:race_queue", args=[campaign]),
        reverse("desk:character_queue", args=[campaign]),
        reverse("desk:party", args=[campaign]),
        reverse("desk:party_character", args=[campaign, world.submitted.id]),
        reverse("desk:party_print", args=[campaign]),
        reverse("desk:content", args=[campaign]),
        reverse("desk:content_kind", args=[campaign, "equipment"]),
        reverse("desk:content_kind", args=[campaign, "prompts"]),
        reverse("desk:content_kind", args=[campaign, "tables"]),
        reverse("desk:content_child", args=[campaign, "tables", world.table.key]),
        reverse("content:campaign", args=[campaign]),
        reverse("characters:sheet", args=[world.draft.id]),
        reverse("characters:print", args=[world.submitted.id]),
    ]


def _other_player_pages(world: World) -> list[str]:
    campaign = world.campaign.id
    return [
        reverse("campaigns:detail", args=[campaign]),
        reverse("desk:party_print", args=[campaign]),
        reverse("characters:sheet", args=[world.approved.id]),
        reverse("characters:print", args=[world.approved.id]),
    ]


def _unsafe(content: str, payload: str) -> str | None:
    """Why this response is unsafe, or None when the payload shows only escaped."""
    if DANGEROUS[payload] in content:
        return "contains the payload as markup"
    if escape(payload) not in content:
        return "does not show the user text at all (is this the right page?)"
    return None


def _check(client: Client, urls: list[str], payload: str, **headers: Any) -> list[str]:
    problems = []
    for url in urls:
        response = client.get(url, **headers)
        assert response.status_code == 200, url
        reason = _unsafe(response.content.decode(), payload)
        if reason:
            problems.append(f"{url}: {reason}")
    return problems


def test_the_player_sees_every_text_escaped(
    hostile: World, payload: str, player_client: Client
) -> None:
    assert _check(player_client, _player_pages(hostile), payload) == []


def test_the_gm_sees_every_text_escaped(hostile: World, payload: str, gm_client: Client) -> None:
    assert _check(gm_client, _gm_pages(hostile), payload) == []


def test_another_player_sees_every_text_escaped(
    hostile: World, payload: str, other_player_client: Client
) -> None:
    assert _check(other_player_client, _other_player_pages(hostile), payload) == []


def test_htmx_partials_of_the_wizard_are_escaped(
    hostile: World, payload: str, player_client: Client
) -> None:
    urls = [*_wizard(hostile.draft.id), *_wizard(hostile.submitted.id)]
    assert _check(player_client, urls, payload, **HTMX) == []


def test_refusals_that_quote_the_name_are_escaped(
    hostile: World, payload: str, player_client: Client
) -> None:
    """A submitted character can no longer change: the refusal names it."""
    for headers in ({}, HTMX):
        response = player_client.post(
            reverse("characters:concept", args=[hostile.submitted.id]),
            {"name": payload, "concept": payload},
            **headers,
        )
        assert response.status_code in {200, 400}
        assert _unsafe(response.content.decode(), payload) is None
    hostile.submitted.refresh_from_db()
    assert hostile.submitted.status == CharacterStatus.SUBMITTED


def test_desk_decisions_under_htmx_are_escaped(
    hostile: World, payload: str, gm_client: Client
) -> None:
    """Returning the character swaps in its card; the GM's note reaches the player escaped."""
    url = reverse("desk:character_return", args=[hostile.campaign.id, hostile.submitted.id])
    response = gm_client.post(url, {"note": payload}, **HTMX)
    assert response.status_code == 200
    assert _unsafe(response.content.decode(), payload) is None
    again = gm_client.post(url, {"note": payload}, **HTMX)  # already decided: an error
    assert _unsafe(again.content.decode(), payload) is None


def test_notification_emails_are_plain_text(
    make_world: WorldBuilder,
    player: User,
    gm: User,
    django_capture_on_commit_callbacks: object,
) -> None:
    """The e-mails carry user text, so they are sent as plain text only, never HTML."""
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        world = make_world(SCRIPT)
        desk.character_return(character=world.submitted, by=gm, note=SCRIPT)
    assert {message.to[0] for message in mail.outbox} == {gm.email, player.email}
    for message in mail.outbox:
        assert message.content_subtype == "plain"
        assert getattr(message, "alternatives", []) == []
        assert SCRIPT in message.body  # as typed: a plain-text mail shows it, never runs it
