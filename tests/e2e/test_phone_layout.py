"""Phone first: at 390 px no page scrolls sideways and no word breaks mid-word.

Every page a player or a GM opens with demo-like data (tests/e2e/phone_world.py) is
measured at 390 px and again at 1280 px: the page is no wider than the screen, no box
inside it scrolls sideways, every button and field lies within the screen, and no word
is split over two lines. Screenshots go to $PHONE_SHOTS (by default phone/ in the
temporary folder) to be looked at. Then the things a phone user must not
lose: the credits left while shopping, an error the server sends back, and the Drifting
check marks.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from tests.e2e.phone_world import World, build_world

pytestmark = pytest.mark.any_database  # how the pages are drawn: the SQLite run's alone

PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 900}

# What is wrong with the page, as a list of sentences (empty when it fits).
MEASURE = (Path(__file__).parent / "phone_measure.js").read_text()


def _shots() -> Path:
    folder = Path(os.environ.get("PHONE_SHOTS") or Path(tempfile.gettempdir()) / "phone")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def world(transactional_db: None, gm: User, player: User) -> World:
    return build_world(gm, player)


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    created = browser.new_context(viewport=PHONE)
    created.set_default_timeout(10_000)
    yield created
    created.close()


def log_in_as(context: BrowserContext, base_url: str, user: User) -> None:
    context.clear_cookies()
    client = Client()
    client.force_login(user)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": base_url}])


def _measure(page: Page, base: str, pages: dict[str, str], label: str) -> dict[str, list[str]]:
    failures = {}
    for name, url in pages.items():
        response = page.goto(f"{base}{url}")
        assert response is not None, f"{name}: no answer from {url}"
        assert response.ok, f"{name}: {url} answered {response.status}"
        page.wait_for_load_state()
        problems = page.evaluate(MEASURE)
        # To look at, not only to measure: the whole page on a phone, the top on a desktop.
        slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
        page.screenshot(path=_shots() / f"{slug}-{label}.png", full_page=label == "phone")
        if problems:
            failures[f"{name} at {label} ({url})"] = problems
    return failures


def test_every_page_fits_a_phone_and_a_desktop(
    live_server: object,
    browser: Browser,
    world: World,
    gm: User,
    player: User,
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    failures: dict[str, list[str]] = {}
    for label, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        context = browser.new_context(viewport=viewport)
        context.set_default_timeout(10_000)
        page = context.new_page()
        log_in_as(context, base, player)
        failures |= _measure(page, base, world.player_pages, label)
        log_in_as(context, base, gm)
        failures |= _measure(page, base, world.gm_pages, label)
        context.clear_cookies()  # the invite, signing up and logging in: as a visitor
        failures |= _measure(page, base, world.visitor_pages, label)
        context.close()
    report = "\n".join(f"{where}:\n  " + "\n  ".join(found) for where, found in failures.items())
    assert not failures, f"{len(failures)} pages do not fit:\n{report}"


def _in_view(page: Page, selector: str) -> bool:
    return bool(
        page.locator(selector).first.evaluate(
            """(element) => { const box = element.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= window.innerHeight
              && box.left >= 0 && box.right <= window.innerWidth; }"""
        )
    )


def test_a_phone_keeps_credits_errors_and_check_marks_in_view(
    live_server: object, phone: BrowserContext, world: World, player: User
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    log_in_as(phone, base, player)
    page = phone.new_page()

    # Shopping far down the catalogue, the credits left stay on the screen.
    page.goto(f"{base}{world.equipment_url}")
    page.wait_for_load_state()
    last_item = page.locator(".buy-form").last
    last_item.scroll_into_view_if_needed()
    assert _in_view(page, ".credits-left"), "the credits left scrolled away"
    page.screenshot(path=_shots() / "equipment-scrolled.png")

    # Buying more than the credits allow: the error (at the top) comes into view.
    last_item.get_by_role("spinbutton").fill("99")
    last_item.get_by_role("button", name="Set").click()
    error = page.locator("#step-error")
    expect(error).to_be_visible()
    page.wait_for_function(
        "() => { const box = document.querySelector('#step-error').getBoundingClientRect();"
        " return box.top >= 0 && box.bottom <= window.innerHeight; }"
    )
    page.screenshot(path=_shots() / "equipment-error.png")

    # The Drifting token sheet: each token's check marks on the screen without scrolling.
    page.goto(f"{base}{world.player_pages['Drifting sheet']}")
    checks = page.locator("#token-cards .checks")
    expect(checks).to_have_count(4)
    for index in range(4):
        box = checks.nth(index).bounding_box()
        assert box is not None
        assert box["x"] >= 0, f"check marks {index} start off the screen"
        assert box["x"] + box["width"] <= PHONE["width"], f"check marks {index} end off the screen"
    page.locator("#token-cards").screenshot(path=_shots() / "drifting-tokens.png")
