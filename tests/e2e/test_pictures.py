"""Key pages as pictures: each compared with a reviewed reference image.

Home, every Infinity Drive wizard step, the four games' sheets, the GM's desk and a
campaign, drawn from the same deterministic world each time (tests/e2e/phone_world.py:
fixed names, dice typed in as at the table, never the server's random ones), at 390 and
1280 px, in the light and the dark colour mode. Only the first screen of each page is
kept (what a player sees on arriving), with a palette of 256 colours, so the references
stay small. What changes from run to run whatever the code does (dates and times, ids in
links) is written the same way in the page before it is taken.

A page that differs in more than MISMATCH_LIMIT of its pixels fails, and its picture is
left in the temporary folder beside the reference's name. `make screenshots` writes the
references afresh: look at every one that changed before committing it.
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path
from typing import Literal

import pytest
from django.contrib.auth.models import User
from PIL import Image
from playwright.sync_api import Browser, Page, expect

from tests.browser_fixtures import DOCS_SCREENSHOTS
from tests.e2e.conftest import VIEWPORTS
from tests.e2e.phone_world import World, build_world
from tests.e2e.test_phone_layout import log_in_as
from tests.pictures import REFRESH, picture_mismatch

pytestmark = pytest.mark.any_database  # how the pages are drawn: the SQLite run's alone

REFERENCES = Path(__file__).parent / "pictures"
# Share of a page's pixels that may differ from its reference. Pages drawn twice on one
# machine differ in none (one page in a few dozen pixels of anti-aliasing); a change a
# player would notice, such as one step of the wizard's stepper drawn red, is several
# times this.
MISMATCH_LIMIT = 0.001
COLOURS = 256

# The pages pictured: (picture name, who opens it, its name in the world's pages).
PLAYER_PAGES = {
    "home": "home",
    "wizard-concept": "concept step",
    "wizard-characteristics": "characteristics step",
    "wizard-race": "race step",
    "wizard-learner": "learner step",
    "wizard-career": "career step",
    "wizard-skills": "skills table choice",
    "wizard-equipment": "equipment step",
    "wizard-history": "history step",
    "wizard-review": "review step",
    "sheet-infinity-drive": "finished sheet",
    "sheet-drifting": "Drifting sheet",
    "sheet-unique-pool": "unique-pool roller",
    "sheet-roll-and-keep": "roll-and-keep roller",
    "campaign": "campaign",
}
GM_PAGES = {"desk": "GM desk", "desk-campaign": "GM campaign desk"}
# README's screenshots, light and dark (docs/screenshots/<name>-<scheme>.png): copies of
# these references, written with them by `make screenshots`.
README_PICTURES = {
    "home": 1280,
    "wizard-skills": 1280,
    "sheet-infinity-drive": 1280,
    "sheet-drifting": 390,
    "desk-campaign": 1280,
}

STEADY = (Path(__file__).parent / "steady_text.js").read_text()
SETTLED = """() => document.readyState === "complete"
    && !document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling")"""


@pytest.fixture
def world(transactional_db: None, gm: User, player: User) -> World:
    return build_world(gm, player)


def _picture(page: Page, url: str) -> Image.Image:
    response = page.goto(url)
    assert response is not None, f"no answer from {url}"
    assert response.ok, f"{url} answered {response.status}"
    # Loaded, and no htmx request or swap still under way (a part fetched on load):
    # waiting for the page itself, not for half a second of network silence.
    page.wait_for_function(SETTLED)
    page.evaluate("document.fonts.ready.then(() => true)")
    page.evaluate(STEADY)
    taken = page.screenshot(animations="disabled", caret="hide", scale="css")
    with Image.open(io.BytesIO(taken)) as opened:
        return opened.convert("RGBA")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_key_pages_look_as_reviewed(
    live_server: object,
    browser: Browser,
    world: World,
    gm: User,
    player: User,
    scheme: Literal["light", "dark"],
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    problems = []
    for width, viewport in VIEWPORTS.items():
        context = browser.new_context(
            viewport=viewport,
            color_scheme=scheme,
            reduced_motion="reduce",
        )
        page = context.new_page()
        page.goto(f"{base}/")
        expect(page.locator("html")).to_have_attribute("data-bs-theme", scheme)
        # The fonts the app serves (static/fonts/), never the machine's own.
        family = page.evaluate("getComputedStyle(document.body).fontFamily")
        assert family.startswith('"Chargen Sans"'), family
        assert page.evaluate(
            "document.fonts.ready.then(() => document.fonts.check('1rem \"Chargen Sans\"'))"
        )
        for user, pages, urls in (
            (player, PLAYER_PAGES, world.player_pages),
            (gm, GM_PAGES, world.gm_pages),
        ):
            log_in_as(context, base, user)
            for name, key in pages.items():
                picture = _picture(page, f"{base}{urls[key]}")
                reference = REFERENCES / f"{name}-{width}-{scheme}.png"
                found = picture_mismatch(picture, reference, limit=MISMATCH_LIMIT, colours=COLOURS)
                if found:
                    problems.append(f"{name} at {width} px, {scheme}: {found}")
                if REFRESH and README_PICTURES.get(name) == width:
                    shutil.copyfile(reference, DOCS_SCREENSHOTS / f"{name}-{scheme}.png")
        context.close()
    assert not problems, "\n".join(problems)
