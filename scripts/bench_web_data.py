"""The web benchmark's data and its full-creation scenario, made through the pages' forms.

The data every measured page shows: a campaign with a GM and four players, each with the
book's 13-roll character (Treva Donalson), a draft stopped after its skills, Drifting
characters with a played token sheet, and the two roller sheets with their rolls. Then
the scenario: many players building a complete character at once, and the database check.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

import bench_web_players as play
from bench_web_http import Browser
from bench_web_measure import Expected, LogRow, check_logs
from bench_web_servers import Meter, Server

ROLLS = 12  # on each roller sheet and on the Drifting token sheet


@dataclass(frozen=True)
class Page:
    name: str
    path: str
    session: str  # "" for an anonymous page
    bare: bool = False  # served by the bare project (scripts/bench_bare/), not Chargen


# The bare project knows Django's ModelBackend only; Chargen's is its subclass, and a
# session names the backend that logged it in (chargen/accounts/backends.py).
BARE_BACKEND = "django.contrib.auth.backends.ModelBackend"


def make_sessions(usernames: list[str]) -> dict[str, str]:
    """Accounts and logged-in sessions (in the benchmark's database), by username, and
    for player1 a second session as the bare project logs in ("player1 (bare)")."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    sessions = {}
    for username in usernames:
        user = get_user_model().objects.create_user(username, f"{username}@example.org")
        client = Client()
        client.force_login(user)
        sessions[username] = client.cookies["sessionid"].value
        if username == "player1":
            bare = Client()
            bare.force_login(user, backend=BARE_BACKEND)
            sessions["player1 (bare)"] = bare.cookies["sessionid"].value
    return sessions


def at_once(work: Callable[[int], None], count: int) -> None:
    """work(0) … work(count - 1) in threads at once; the first failure is raised."""
    failures: list[BaseException] = []

    def run(index: int) -> None:
        try:
            work(index)
        except BaseException as error:
            failures.append(error)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise failures[0]


def _party(gm: Browser, players: list[Browser]) -> tuple[str, list[str]]:
    """The GM's campaign where each player built Treva; (campaign id, character ids)."""
    campaign, invite = play.campaign_create(gm, name="The Rim", game="infinity_drive")
    # Finished characters wait for the GM's approval, so the party print has four sheets
    # (before 27 November it had none: its figures were those of an empty page).
    rules = f"/campaigns/{campaign}/rules/"
    gm.submit(rules, {"approval_required": "on"}, page=rules)
    characters = [""] * len(players)

    def through_history(index: int) -> None:
        player = players[index]
        play.campaign_join(player, invite)
        characters[index] = play.treva_start(player, name=f"Treva {index + 1}", campaign=campaign)
        play.treva_through_skills(player, characters[index])
        play.treva_equip_and_history(player, characters[index])

    at_once(through_history, len(players))
    play.gm_approve_all(gm, campaign)  # the players' Darrian race, proposed in the campaign
    at_once(lambda index: play.treva_finish(players[index], characters[index]), len(players))
    play.gm_approve_all(gm, campaign)  # the characters, when the campaign asks for approval
    return campaign, characters


def build_pages(port: int, sessions: dict[str, str]) -> tuple[list[Page], list[str]]:
    """The data every page shows, made through the pages: (pages, pages skipped and why)."""

    def browser(user: str) -> Browser:
        return Browser(port, session=sessions[user])

    def players() -> list[Browser]:
        return [browser(f"player{n}") for n in range(1, 5)]

    def draft() -> str:
        player = browser("player1")
        character = play.treva_start(player, name="Treva (draft)")
        play.treva_through_skills(player, character)
        return f"/characters/{character}/skills/"

    def unique() -> str:
        return f"/rollers/unique/{play.unique_sheet(browser('player1'), name='Mara', rolls=ROLLS)}/"

    def mana() -> str:
        return f"/rollers/mana/{play.mana_sheet(browser('player1'), name='Kenji', rolls=ROLLS)}/"

    campaign, characters = _party(browser("gm"), players())
    # The rest is independent, so made at once; one failing must not hide the others.
    builders: dict[str, Callable[[], str]] = {
        "wizard: skills step, 13 rolls": draft,
        "roller: unique-dice pool": unique,
        "roller: roll and keep": mana,
        "Drifting token sheet": lambda: _drifting(browser("gm"), players()),
    }
    names = list(builders)
    paths: dict[str, str] = {}
    skipped: dict[str, str] = {}

    def build(index: int) -> None:
        try:
            paths[names[index]] = builders[names[index]]()
        except Exception as error:
            skipped[names[index]] = f"{names[index]}: {type(error).__name__}: {error}"

    at_once(build, len(names))
    player1, sheet = sessions["player1"], f"/characters/{characters[0]}"
    pages = [
        # The yardstick: logged in as the product's pages are (bench_bare/bare_settings.py).
        Page("bare Django page, 50 items", "/", sessions["player1 (bare)"], bare=True),
        Page("bare page, anonymous", "/anonymous/", "", bare=True),
        Page("home", "/", player1),
        Page("character list", "/characters/", player1),
        Page(names[0], paths.get(names[0], ""), player1),
        Page("character sheet", f"{sheet}/sheet/", player1),
        Page("print sheet", f"{sheet}/print/", player1),
        Page("GM: party", f"/desk/{campaign}/party/", sessions["gm"]),
        Page("GM: party print", f"/desk/{campaign}/party/print/", sessions["gm"]),
        *(Page(name, paths.get(name, ""), player1) for name in names[1:]),
    ]
    return [page for page in pages if page.path], list(skipped.values())


def _drifting(gm: Browser, players: list[Browser]) -> str:
    campaign, invite = play.campaign_create(gm, name="The Drift", game="drifting")
    made = []
    for number, player in enumerate(players, start=1):
        play.campaign_join(player, invite)
        made.append(play.drifting_character(player, name=f"Drifter {number}", campaign=campaign))
    play.drifting_rolls(players[0], made[0], rolls=ROLLS)
    return f"/drifting/c/{made[0]}/"


@dataclass
class Player:
    character: str = ""
    finished: bool = False
    error: str = ""
    expected: Expected | None = None
    requests: int = 0


def creation_scenario(
    ports: list[int], sessions: list[str], servers: list[Server]
) -> tuple[list[Player], Meter]:
    """Every player builds Treva at once, through every POST the wizard makes."""
    players = [Player() for _ in sessions]

    def build(index: int) -> None:
        browser = Browser(ports[index % len(ports)], session=sessions[index])
        outcome = players[index]
        try:
            outcome.character = play.treva_start(browser, name=f"Treva {index + 1}")
            play.treva_through_skills(browser, outcome.character, double_click=True)
            play.treva_equip_and_history(browser, outcome.character)
            play.treva_finish(browser, outcome.character)
            outcome.finished = True
        except Exception as error:
            outcome.error = f"{type(error).__name__}: {error}"
        counts = browser.counts
        outcome.expected = Expected(entries=counts.entries_shown, rolls=counts.rolls)
        outcome.requests = counts.requests

    threads = [threading.Thread(target=build, args=(i,)) for i in range(len(sessions))]
    with Meter(servers) as meter:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    return players, meter


def database_check(players: list[Player]) -> tuple[int, int, list[str]]:
    """(characters finished in the database, logs whole with no duplicate roll, problems)."""
    from django.apps import apps

    entry = apps.get_model("characters", "CreationLogEntry")
    character = apps.get_model("characters", "Character")
    ids = [p.character for p in players if p.character]
    logs: dict[str, list[LogRow]] = {i: [] for i in ids}
    for owner, sequence, dice in entry.objects.filter(character_id__in=ids).values_list(
        "character_id", "sequence", "dice"
    ):
        logs[str(owner)].append(LogRow(sequence, bool(dice)))
    expected = {p.character: p.expected for p in players if p.character and p.expected}
    whole, problems = check_logs(logs, expected)
    finished = character.objects.filter(id__in=ids, status="finished").count()
    return finished, whole, problems
