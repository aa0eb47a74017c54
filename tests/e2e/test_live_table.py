"""Session zero in two browsers: a player's roll reaches the GM's table without a reload,
and a table that went offline, or lost its server, meanwhile shows each roll it missed,
once."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, BrowserContext, Page, WebSocketRoute, expect

from chargen.campaigns.models import Campaign
from chargen.drifting.models import Character
from rules import drifting as rules
from tests.chargen.drifting.conftest import make_played_character
from tests.chargen.table.conftest import character_of, session_cookie
from tests.chargen.table.conftest import roll as saved_roll
from tests.e2e.asgi_server import AsgiServer
from tests.worker_thread import in_a_fresh_thread

pytestmark = [pytest.mark.django_db(transaction=True)]

LOST = 1006  # the close code of a connection lost without a word (RFC 6455)
RECONNECT_WAIT = 90_000  # ms: htmx retries with a growing delay while the server restarts


@pytest.fixture
def asgi_server(redis_layer: str) -> Iterator[AsgiServer]:
    server = AsgiServer(redis_layer)
    server.start()
    yield server
    server.stop()


def browser_of(browser: Browser, server: AsgiServer, user: User, width: int) -> BrowserContext:
    context = browser.new_context(viewport={"width": width, "height": 900})
    name, _, value = session_cookie(user).decode().partition("=")
    context.add_cookies([{"name": name, "value": value, "url": server.url}])
    return context


def roll(character: Character, summary: str, faces: list[int]) -> None:
    """A roll saved as a server's worker saves it (tests/worker_thread.py)."""
    in_a_fresh_thread(saved_roll, character, summary, faces)


def live(page: Page) -> None:
    """The socket is open: the table says who is at it."""
    expect(page.locator("#table-presence")).to_contain_text("At the table now")


class Network:
    """The GM's network as the table's socket meets it (`BrowserContext.route_web_socket`).

    Chromium's offline mode (`set_offline`) keeps a socket that is already open and lets a
    new one connect to this machine, so the test drops them as a dead network does: the
    open socket ends abnormally (1006, as a lost connection ends), and each new one the
    page tries while down ends the same way, until the network is back.
    """

    def __init__(self) -> None:
        self.up = True
        self.open: list[tuple[WebSocketRoute, WebSocketRoute]] = []
        self.connections = 0  # sockets that reached the server

    def route(self, page_side: WebSocketRoute) -> None:
        if not self.up:
            page_side.close(code=LOST)
            return
        self.open.append((page_side, page_side.connect_to_server()))
        self.connections += 1

    def down(self) -> None:
        self.up = False
        for page_side, server_side in self.open:
            page_side.close(code=LOST)
            server_side.close()
        self.open.clear()


def roll_in_the_sheet(sheet: Page) -> None:
    """The player taps Roll, as at the table; the sheet shows the roll saved."""
    saved = sheet.locator("#log > li[data-kind=roll]")
    before = saved.count()
    sheet.locator("#roll-form").get_by_role("button", name="Roll", exact=True).click()
    expect(saved).to_have_count(before + 1)


def test_a_roll_clicked_by_the_player_reaches_the_gm_who_catches_up_after_going_offline(
    browser: Browser,
    asgi_server: AsgiServer,
    table_campaign: Campaign,
    gm: User,
    player: User,
) -> None:
    firearms = rules.TokenState("Firearms", rules.TokenKind.FOCUS, held=2)
    jim = in_a_fresh_thread(make_played_character, player, "Jim", [firearms], table_campaign)
    gm_context = browser_of(browser, asgi_server, gm, 1280)
    network = Network()
    gm_context.route_web_socket(re.compile(r"/ws/table/"), network.route)
    player_context = browser_of(browser, asgi_server, player, 390)
    table = gm_context.new_page()
    table.goto(f"{asgi_server.url}/table/{table_campaign.pk}/")
    live(table)
    rolls = table.locator("#table-feed li", has_text=re.compile(r"Rolled \d dice"))
    expect(rolls).to_have_count(0)
    sheet = player_context.new_page()
    sheet.goto(f"{asgi_server.url}{jim.get_absolute_url()}")

    roll_in_the_sheet(sheet)
    expect(rolls).to_have_count(1)  # without a reload: the page was never navigated again
    reached = network.connections

    # The GM's laptop loses the network; the player rolls twice meanwhile.
    gm_context.set_offline(True)
    network.down()
    roll_in_the_sheet(sheet)
    roll_in_the_sheet(sheet)
    expect(rolls).to_have_count(1)  # offline: nothing reached the table
    assert network.connections == reached  # and no socket reached the server

    gm_context.set_offline(False)
    network.up = True
    expect(rolls).to_have_count(3, timeout=RECONNECT_WAIT)  # the missed two, once each
    assert network.connections > reached  # the page's own socket came back
    ids = rolls.evaluate_all("entries => entries.map((entry) => entry.id)")
    assert len(set(ids)) == 3
    # Live again after catching up.
    roll_in_the_sheet(sheet)
    expect(rolls).to_have_count(4)
    gm_context.close()
    player_context.close()


def test_the_gm_watches_a_players_rolls_and_catches_up_after_losing_the_server(
    browser: Browser,
    asgi_server: AsgiServer,
    table_campaign: Campaign,
    gm: User,
    player: User,
    screenshot_dir: Path,
) -> None:
    jim: Character = character_of(player, table_campaign, "Jim")
    gm_context = browser_of(browser, asgi_server, gm, 1280)
    player_context = browser_of(browser, asgi_server, player, 390)
    errors: list[str] = []
    table = gm_context.new_page()
    table.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    table.goto(f"{asgi_server.url}/table/{table_campaign.pk}/")
    live(table)
    strip = player_context.new_page()
    strip.goto(f"{asgi_server.url}{jim.get_absolute_url()}")
    expect(strip.locator("#table-strip")).to_be_visible()
    live(strip)
    expect(table.locator("#table-presence")).to_contain_text("bob")

    roll(jim, "Climbs the mast", [6, 5])
    entry = table.locator("#table-feed li", has_text="Climbs the mast")
    expect(entry).to_have_count(1)  # no reload: the page was never navigated again
    expect(strip.locator("#table-feed li", has_text="Climbs the mast")).to_have_count(1)
    expect(entry.locator(".die")).to_have_count(2)
    table.screenshot(path=str(screenshot_dir / "live-table.png"), full_page=True)
    table.locator("[data-theme-choice=dark]").click()
    table.screenshot(path=str(screenshot_dir / "live-table-dark.png"), full_page=True)
    table.locator("[data-theme-choice=light]").click()
    # The strip sits above the step, within the phone's width, and keeps no focus.
    box = strip.locator("#table-strip").bounding_box()
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= 390
    assert strip.evaluate("document.scrollingElement.scrollWidth") <= 390
    assert not strip.evaluate("document.activeElement.closest('#table-strip') !== null")
    strip.locator("[data-theme-choice=dark]").first.dispatch_event("click")
    strip.screenshot(path=str(screenshot_dir / "live-strip-phone-dark.png"), full_page=True)
    strip.screenshot(path=str(screenshot_dir / "live-strip-phone.png"), full_page=True)

    assert errors == []  # (losing the server below makes htmx log the socket's errors)

    # The server restarts: the tables lose their sockets; two rolls are saved meanwhile.
    asgi_server.stop()
    roll(jim, "Swims ashore", [1, 2])
    roll(jim, "Lights a fire", [3, 4])
    asgi_server.start()
    for text in ("Swims ashore", "Lights a fire"):
        expect(table.locator("#table-feed li", has_text=text)).to_have_count(
            1, timeout=RECONNECT_WAIT
        )
    # Back live after the replay, and nothing shown twice.
    roll(jim, "Sleeps", [2, 2])
    expect(table.locator("#table-feed li", has_text="Sleeps")).to_have_count(1)
    expect(table.locator("#table-feed li", has_text="Climbs the mast")).to_have_count(1)
    expect(table.locator("#table-feed li", has_text="Swims ashore")).to_have_count(1)
    # Newest first.
    texts = table.locator("#table-feed li").all_inner_texts()
    assert [i for i, t in enumerate(texts) if re.search("Sleeps|Lights|Swims|Climbs", t)] == [
        0,
        1,
        2,
        3,
    ]
    gm_context.close()
    player_context.close()
