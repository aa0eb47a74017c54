"""A newcomer's first visit: four games named alike, one "Create a character" that asks
which game, an introduction that gives way to the dashboard, a menu whose names are the
pages' titles, and a welcome that says what happened."""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import urlencode

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.services import campaign_create
from chargen.core.game_starts import game_starts
from chargen.rollers.services_unique import unique_character_create

GAMES = ["Infinity Drive", "Drifting", "Unique-dice pool", "Roll and keep with mana"]
STARTS = [
    reverse("characters:new"),
    reverse("drifting:new"),
    f"{reverse('rollers:list')}#unique-new",
    f"{reverse('rollers:list')}#mana-new",
]
INTRODUCTION = 'id="intro-heading"'


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_home_page_names_the_four_games_alike(client: Client, db: None) -> None:
    page = client.get(reverse("home")).content.decode()
    listed = re.findall(r'<li><a class="fw-semibold" href="[^"]+">([^<]+)</a>: ([^<]+)</li>', page)
    assert [title for title, _ in listed] == GAMES
    assert all(len(pitch) > 40 for _, pitch in listed)  # a line each, not a bare name
    footer = _text(page.split("<footer", 1)[1])
    for game in GAMES:
        assert game in footer


def test_one_primary_button_asks_which_game(client: Client, db: None) -> None:
    page = client.get(reverse("home")).content.decode()
    primary = re.findall(r'<a class="btn btn-primary[^"]*" href="([^"]+)">([^<]+)</a>', page)
    assert primary == [(reverse("create_character"), "Create a character")]


def test_a_visitor_is_offered_sign_up_beside_log_in(client: Client, db: None) -> None:
    """A newcomer has no account yet: the introduction's buttons make one as plainly as
    they log in (the navbar's links fold away on a phone)."""
    page = client.get(reverse("home")).content.decode()
    hero = page.split(INTRODUCTION, 1)[1].split("</section>", 1)[0]
    buttons = re.findall(r'<a class="btn btn-[^"]*" href="([^"]+)">([^<]+)</a>', hero)
    assert buttons == [
        (reverse("create_character"), "Create a character"),
        (reverse("accounts:signup"), "Sign up"),
        (reverse("login"), "Log in"),
    ]


def test_create_a_character_lists_each_game_leading_to_its_start(player_client: Client) -> None:
    page = player_client.get(reverse("create_character")).content.decode()
    offered = re.findall(r'<a class="btn btn-primary" href="([^"]+)">Start ([^<]+)</a>', page)
    assert offered == list(zip(STARTS, GAMES, strict=True))
    for start in STARTS:
        path, _, anchor = start.partition("#")
        start_page = player_client.get(path).content.decode()
        assert not anchor or f'id="{anchor}"' in start_page  # the new-sheet form itself


def test_a_visitor_signs_up_first_and_lands_on_the_game(client: Client, db: None) -> None:
    page = client.get(reverse("create_character")).content.decode()
    signup = reverse("accounts:signup")
    for start in STARTS:
        assert f'href="{signup}?{urlencode({"next": start})}"'.replace("&", "&amp;") in page


def _campaign(user: User) -> None:
    campaign_create(gm=user, name="My table")


def _roller_sheet(user: User) -> None:
    unique_character_create(owner=user, name="Kit")


@pytest.mark.parametrize("something", [_campaign, _roller_sheet])
def test_the_introduction_gives_way_once_the_player_has_anything(
    player: User, player_client: Client, something: Callable[[User], None]
) -> None:
    page = player_client.get(reverse("home")).content.decode()
    assert INTRODUCTION in page
    assert '<h1 class="h3 mb-0">Dashboard</h1>' in page
    something(player)
    page = player_client.get(reverse("home")).content.decode()
    assert INTRODUCTION not in page
    assert '<h1 class="h3 mb-0">Dashboard</h1>' in page
    assert f'href="{reverse("create_character")}">Create a character</a>' in page


def test_each_menu_entry_names_its_page(player_client: Client) -> None:
    home = player_client.get(reverse("home")).content.decode()
    menu = home.split('id="main-nav"', 1)[1].split("</ul>", 1)[0]
    entries = re.findall(r'href="([^"]+)">([^<]+?)\s*(?:<|$)', menu)
    assert len(entries) >= 7
    for url, label in entries:
        page = player_client.get(url).content.decode()
        title = re.search(r"<title>(.*?) · Chargen</title>", page)
        heading = re.search(r"<h1[^>]*>(.*?)</h1>", page, re.S)
        assert title, url
        assert heading, url
        assert label.strip().casefold() in title.group(1).casefold(), (label, title.group(1))
        assert label.strip().casefold() in _text(heading.group(1)).casefold(), (label, heading)


def test_the_welcome_says_the_account_is_ready(client: Client, db: None) -> None:
    response = client.post(
        reverse("accounts:signup"),
        {
            "username": "erin",
            "email": "erin@example.org",
            "password1": "a long enough pass 123",
            "password2": "a long enough pass 123",
        },
        follow=True,
    )
    page = _text(response.content.decode())
    assert "Welcome, erin — your account is ready and you are logged in." in page
    assert "Press “Create a character” to begin." in page


def test_game_starts_come_from_the_registry(player: User) -> None:
    assert [start.title for start in game_starts(player)] == GAMES
