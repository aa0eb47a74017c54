"""The live strip on a player's sheet is one line a row: who, which character, when, what
was done. A roll's dice and their source badge stay on the table page; drawn in the
strip, they took the line's room and cut the character's name to an ellipsis on a phone.
A long "what" is what gives way, never the name or the time. At 390 and 1280 px, light
and dark."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, BrowserContext, Page, expect
from pytest_django.live_server_helper import LiveServer

from chargen.campaigns.models import Campaign
from rules import drifting as rules
from tests.chargen.drifting.conftest import make_played_character
from tests.chargen.table.conftest import roll
from tests.e2e.conftest import BOTH_WIDTHS
from tests.e2e.test_phone_layout import log_in_as
from tests.worker_thread import in_a_fresh_thread

pytestmark = pytest.mark.django_db(transaction=True)

LONG = (
    "Climbs the mast of the Wandering Star in the teeth of the storm, a knife in his "
    "teeth and the rigging singing, to cut the topsail free before it drags her under"
)


@BOTH_WIDTHS
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_strip_names_the_character_and_leaves_the_dice_to_the_table(
    context: BrowserContext,
    live_server: LiveServer,
    table_campaign: Campaign,
    player: User,
    scheme: Literal["light", "dark"],
    screenshot_dir: Path,
) -> None:
    firearms = rules.TokenState("Firearms", rules.TokenKind.FOCUS, held=2)
    jim = in_a_fresh_thread(
        make_played_character, player, "Jim Marlowe", [firearms], table_campaign
    )
    in_a_fresh_thread(roll, jim, LONG, [6, 5])
    log_in_as(context, live_server.url, player)
    page = context.new_page()
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{live_server.url}{jim.get_absolute_url()}")

    newest = page.locator("#table-strip #table-feed > li").first
    expect(newest).to_contain_text("Climbs the mast")
    expect(newest.locator(".log-dice")).to_be_hidden()
    who = newest.locator("div").first.locator("span").first
    expect(who.get_by_role("link", name="Jim Marlowe")).to_be_visible()
    # The whole of "bob · Jim Marlowe" is drawn: nothing of it is cut off.
    assert who.evaluate("element => element.scrollWidth <= element.clientWidth")
    for row in page.locator("#table-strip #table-feed > li").all():
        if not row.is_visible():
            continue
        what, when = row.locator(".text-break").bounding_box(), row.locator("time")
        if when.is_visible():  # the phone leaves the time to the table page
            box = when.bounding_box()
            assert box is not None
            assert what is not None
            assert box["height"] <= what["height"] + 1, "the time wraps onto two lines"
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    page.locator("#table-strip").screenshot(
        path=str(screenshot_dir / f"table-strip-{width}-{scheme}.png")
    )


@pytest.mark.any_database
@BOTH_WIDTHS
def test_nothing_below_the_strip_moves_when_it_arrives(
    browser: Browser,
    context: BrowserContext,
    live_server: LiveServer,
    table_campaign: Campaign,
    player: User,
) -> None:
    """The strip comes after the page; its loader takes the strip's room, so a button the
    player is about to press stays where it was drawn (the strip arriving pushed the page
    down by a hundred pixels, under a finger on its way to a button). The loader is what
    a page without JavaScript keeps: the heading below it sits as far below it as below
    the strip once the strip, with three rows, has arrived."""
    firearms = rules.TokenState("Firearms", rules.TokenKind.FOCUS, held=2)
    jim = in_a_fresh_thread(
        make_played_character, player, "Jim Marlowe", [firearms], table_campaign
    )
    for summary in ("Climbs the mast", "Cuts the topsail", LONG):
        in_a_fresh_thread(roll, jim, summary, [6, 5])
    url = f"{live_server.url}{jim.get_absolute_url()}"
    log_in_as(context, live_server.url, player)
    live = context.new_page()
    live.goto(url)
    expect(live.locator("#table-strip #table-feed > li").first).to_contain_text("Climbs")
    arrived = below_the_strip(live)

    still = browser.new_context(viewport=live.viewport_size, java_script_enabled=False)
    log_in_as(still, live_server.url, player)
    loader = still.new_page()
    loader.goto(url)
    expect(loader.get_by_role("link", name="The campaign’s live table")).to_be_visible()
    waiting = below_the_strip(loader)
    still.close()

    assert abs(arrived - waiting) <= 1, (waiting, arrived)


def below_the_strip(page: Page) -> float:
    """How far below the strip's top (or its loader's) the page's heading is drawn: what
    the page around them draws (a phone's menu without JavaScript) counts for nothing."""
    strip = page.locator("section.table-strip").bounding_box()
    heading = page.get_by_role("heading", level=1).bounding_box()
    assert strip is not None
    assert heading is not None
    return heading["y"] - strip["y"]
