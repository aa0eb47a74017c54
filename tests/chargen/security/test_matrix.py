"""Every URL of the characters, content and campaigns apps, as an outsider and a visitor.

The URLs come from Django's resolver, so a view added later is covered without
editing this file. Each UUID in a URL names a real object that belongs to Alice
(the GM) or Bob (her player). Dave, who has his own campaign and character but no
part in Alice's, gets a 404 (exactly what a made-up id gets); a visitor is sent
to log in; and neither changes a single row. The desk has its own matrix
(tests/chargen/desk/test_permissions.py).

The same URLs then check the rule for people inside the campaign: Alice reads her
players' sheets but changes nothing of theirs; Carol reads only Bob's approved sheet.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial

import pytest
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from chargen.campaigns.models import Campaign, Membership
from chargen.campaigns.services import campaign_create
from chargen.infinity_drive.models import Character, CharacterStatus
from tests.chargen.security.conftest import calls_that_change_the_database

APPS = ("characters", "content", "campaigns")
METHODS = ("get", "post")
# Only these may read another person's character, and only through these pages.
READ_ONLY_PAGES = frozenset({"characters:sheet", "characters:print", "characters:pdf"})


def _patterns(
    resolver: URLResolver, namespace: str | None = None
) -> Iterator[tuple[str | None, URLPattern]]:
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            yield from _patterns(entry, entry.namespace or namespace)
        else:
            yield namespace, entry


def _routes(*, with_ids: bool) -> list[tuple[str, tuple[str, ...]]]:
    """(namespaced name, UUID argument names) for every pattern of APPS."""
    routes = []
    for namespace, pattern in _patterns(get_resolver()):
        if namespace not in APPS:
            continue
        converters = pattern.pattern.converters
        ids = tuple(sorted(converters))
        if with_ids and not ids:
            continue
        known = {"campaign_id", "character_id", "token", "roll", "kind"}
        assert all(name in known for name in ids), (
            f"{namespace}:{pattern.name} takes {ids}: teach this matrix what to put there"
        )
        if "token" in ids:
            # The invite link: whoever holds it may join (the link is the permission).
            continue
        routes.append((f"{namespace}:{pattern.name}", ids))
    return routes


ID_ROUTES = _routes(with_ids=True)
ALL_ROUTES = [*_routes(with_ids=False), ("campaigns:join", ("token",))]


@dataclass(frozen=True)
class Cast:
    campaign: Campaign  # Alice's; Bob and Carol are members
    draft: Character  # Bob's, in Alice's campaign
    approved: Character  # Bob's, approved by Alice
    gm_character: Character  # Alice's own, in her campaign


@pytest.fixture
def cast(
    rulebook: None,
    gm: User,
    player: User,
    other_player: User,
    outsider: User,
) -> Cast:
    campaign = campaign_create(gm=gm, name="The Long Jump", approval_required=True)
    Membership.objects.create(campaign=campaign, user=player)
    Membership.objects.create(campaign=campaign, user=other_player)
    # Dave is no stranger to the app: he runs a campaign and builds a character.
    daves = campaign_create(gm=outsider, name="Dave's table")
    Character.objects.create(owner=outsider, campaign=daves, name="Dave's hero")
    return Cast(
        campaign=campaign,
        draft=Character.objects.create(owner=player, campaign=campaign, name="Treva"),
        approved=Character.objects.create(
            owner=player, campaign=campaign, name="Jun", status=CharacterStatus.APPROVED
        ),
        gm_character=Character.objects.create(owner=gm, campaign=campaign, name="Alice's NPC"),
    )


# What a step form would post. Enough for most actions to succeed for their owner,
# so a missing permission check would show as a changed database.
def post_data(cast: Cast) -> dict[str, str]:
    return {
        "sequence": "1",
        "method": "dice",
        "faces": "3 4",
        "characteristic": "Int",
        "name": "Hijacked",
        "concept": "Taken over",
        "reason": "Because.",
        "career": "Citizen",
        "table": "construction-academic",
        "option": "standard",
        "quantity": "1",
        "age": "30",
        "appearance": "Tall.",
        "username": "bob",
        "step": "characteristics",
        "description": "Taken over",
        "game": "infinity_drive",
    }


def route_url(route: str, ids: tuple[str, ...], cast: Cast, character: Character) -> str:
    kwargs: dict[str, object] = {}
    if "campaign_id" in ids:
        kwargs["campaign_id"] = cast.campaign.id
    if "character_id" in ids:
        kwargs["character_id"] = character.id
    if "token" in ids:
        kwargs["token"] = str(cast.campaign.invite_token)
    if "roll" in ids:  # a roll's sequence in the character's log (a note beside it)
        kwargs["roll"] = 1
    if "kind" in ids:  # the wizard's one roll action, for a skill roll
        kwargs["kind"] = "skill_roll"
    return reverse(route, kwargs=kwargs)


def _made_up_url(route: str, ids: tuple[str, ...]) -> str:
    made_up = {"roll": 1, "kind": "skill_roll"}
    return reverse(route, kwargs={name: made_up.get(name, uuid.uuid4()) for name in ids})


def owner_client(
    request: pytest.FixtureRequest, ids: tuple[str, ...], character: Character, cast: Cast
) -> Client:
    """Whoever may use this URL: the character's owner, or the campaign's GM."""
    client = Client()
    client.force_login(character.owner if "character_id" in ids else cast.campaign.gm)
    return client


TARGETS = ("draft", "approved", "gm_character")


def _targets(ids: tuple[str, ...]) -> tuple[str, ...]:
    """Character URLs are tried on each of the three characters, others once."""
    return TARGETS if "character_id" in ids else ("draft",)


def _request(client: Client, method: str, url: str, data: dict[str, str]) -> int:
    return int(getattr(client, method)(url, data).status_code)


@dataclass(frozen=True)
class Try:
    """One request someone without the right makes to a URL naming one of the characters."""

    who: str
    client: Client
    target: str  # the attribute of Cast the URL names
    method: str
    url: str

    @property
    def seen(self) -> str:
        return f"{self.who}: {self.method.upper()} {self.url} ({self.target})"


def _answers_that_changed_nothing(
    tries: list[Try], route: str, ids: tuple[str, ...], cast: Cast
) -> dict[Try, tuple[int, int]]:
    """Each try's status, and the status of the same request for a made-up id, once it
    is certain that none of them changed the database."""
    heard: dict[Try, tuple[int, int]] = {}

    def attempt(one: Try) -> None:
        data = post_data(cast) if one.method == "post" else {}
        heard[one] = (
            _request(one.client, one.method, one.url, data),
            _request(one.client, one.method, _made_up_url(route, ids), data),
        )

    assert (
        calls_that_change_the_database([(one.seen, partial(attempt, one)) for one in tries]) == []
    )
    return heard


@pytest.mark.parametrize(("route", "ids"), ID_ROUTES, ids=[name for name, _ in ID_ROUTES])
def test_an_outsider_gets_404_and_changes_nothing(
    request: pytest.FixtureRequest,
    route: str,
    ids: tuple[str, ...],
    cast: Cast,
    outsider_client: Client,
) -> None:
    tries = [
        Try("outsider", outsider_client, target, method, route_url(route, ids, cast, character))
        for target in _targets(ids)
        for character in [getattr(cast, target)]
        for method in METHODS
    ]
    heard = _answers_that_changed_nothing(tries, route, ids, cast)
    # Only now the rightful users, whose requests may change the database.
    for one in tries:
        answer, made_up = heard[one]
        # The outsider hears what a made-up id hears, so he learns nothing.
        assert answer == made_up, one.seen
        # 404 wherever the URL takes this method. A method it never takes is
        # refused with 405 before any object is looked up (the same for any id).
        rightful = owner_client(request, ids, getattr(cast, one.target), cast)
        data = post_data(cast) if one.method == "post" else {}
        owner_answer = _request(rightful, one.method, one.url, data)
        assert owner_answer != 404, f"the owner must reach {one.seen}"
        accepts = owner_answer != 405
        assert answer == (404 if accepts else 405), one.seen


def test_a_visitor_is_sent_to_log_in_everywhere_and_changes_nothing(
    client: Client, cast: Cast
) -> None:
    answers: dict[tuple[str, str, str], HttpResponse] = {}

    def visit(route: str, method: str, url: str) -> None:
        data = post_data(cast) if method == "post" else {}
        answers[route, method, url] = getattr(client, method)(url, data)

    calls = [
        (f"{method.upper()} {url}", partial(visit, route, method, url))
        for route, ids in ALL_ROUTES
        for url in [route_url(route, ids, cast, cast.draft)]
        for method in METHODS
    ]
    assert calls_that_change_the_database(calls) == []
    refused = []
    for (route, method, url), answer in answers.items():
        location = answer.get("Location", "")
        if (route, method) == ("campaigns:join", "get") and answer.status_code == 200:
            # The invite page shows a visitor what the link joins, and offers sign-up
            # and log-in; only a logged-in POST joins (tested above).
            continue
        if answer.status_code != 302 or not location.startswith(reverse("login") + "?next="):
            refused.append(f"{method.upper()} {url}: {answer.status_code} {location}")
    assert refused == []
    assert len(ALL_ROUTES) > 40  # the resolver really was walked


CHARACTER_ROUTES = [(route, ids) for route, ids in ID_ROUTES if "character_id" in ids]


def _insider_may_read(who: str, route: str, target: str) -> bool:
    """Alice (GM) reads any sheet in her campaign; Carol reads only approved sheets."""
    if route not in READ_ONLY_PAGES:
        return False
    return who == "gm" or target == "approved"


@pytest.mark.parametrize(
    ("route", "ids"), CHARACTER_ROUTES, ids=[name for name, _ in CHARACTER_ROUTES]
)
def test_inside_the_campaign_others_read_sheets_only_and_change_nothing(
    request: pytest.FixtureRequest, route: str, ids: tuple[str, ...], cast: Cast
) -> None:
    """Bob's characters as his GM (Alice) and his fellow player (Carol) see them."""
    tries = [
        Try(who, request.getfixturevalue(f"{who}_client"), target, method, url)
        for who in ("gm", "other_player")
        for target in ("draft", "approved")
        for url in [route_url(route, ids, cast, getattr(cast, target))]
        for method in METHODS
    ]
    for one, (answer, made_up) in _answers_that_changed_nothing(tries, route, ids, cast).items():
        if one.method == "get" and _insider_may_read(one.who, route, one.target):
            assert answer == 200, one.seen
            continue
        assert answer in {404, 405}, one.seen
        assert answer == made_up, one.seen
