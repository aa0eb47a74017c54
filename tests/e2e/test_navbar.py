"""On a phone the navbar's menu button opens and closes the menu (chargen.js does what
Bootstrap's JavaScript bundle did, which pages no longer load); without
JavaScript the menu is shown open (no-script.css), so log-out stays within reach; the
colour-mode switch (static/js/theme.js) follows the system until a mode is chosen."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, BrowserContext, FloatRect, Locator, expect

from tests.e2e.test_print import log_in

pytestmark = pytest.mark.any_database  # how the pages are drawn: the SQLite run's alone


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    created = browser.new_context(viewport={"width": 390, "height": 844})
    yield created
    created.close()


@pytest.mark.django_db(transaction=True)
def test_the_menu_button_opens_and_closes_the_menu_on_a_phone(
    live_server: object, phone: BrowserContext
) -> None:
    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_server.url}/")  # type: ignore[attr-defined]
    toggler = page.get_by_role("button", name="Toggle navigation")
    log_in = page.locator("#main-nav").get_by_role("link", name="Log in")
    expect(log_in).to_be_hidden()
    expect(toggler).to_have_attribute("aria-expanded", "false")
    toggler.click()
    expect(log_in).to_be_visible()
    expect(toggler).to_have_attribute("aria-expanded", "true")
    toggler.click()
    expect(log_in).to_be_hidden()
    expect(toggler).to_have_attribute("aria-expanded", "false")
    assert errors == []


@pytest.mark.django_db(transaction=True)
def test_without_javascript_a_phone_shows_the_menu_open(
    live_server: object, browser: Browser
) -> None:
    player = User.objects.create_user("no_script_player", password="unused-here")
    base = live_server.url  # type: ignore[attr-defined]
    phone = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    try:
        log_in(phone, base, player)
        page = phone.new_page()
        page.goto(f"{base}/characters/")
        expect(page.get_by_role("button", name="Toggle navigation")).to_be_hidden()
        log_out = page.locator("#main-nav").get_by_role("button", name="Log out")
        expect(log_out).to_be_visible()
        log_out.click()
        expect(page.get_by_text("You are logged out.")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        phone.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("width", [1280, 1200])
def test_a_signed_in_navbar_keeps_to_one_row_on_a_laptop(
    live_server: object, browser: Browser, width: int
) -> None:
    """Every entry a GM with a long name sees (the four games, the rules, the desk and
    the account) sits on one row: a navbar wrapping to two pushed each page down."""
    gm = User.objects.create_user("quartermaster_gm", password="unused-here")
    base = live_server.url  # type: ignore[attr-defined]
    laptop = browser.new_context(viewport={"width": width, "height": 800})
    try:
        log_in(laptop, base, gm)
        page = laptop.new_page()
        page.goto(f"{base}/")
        entries = page.locator("#main-nav .nav-item")
        expect(entries.first).to_be_visible()
        # One row: every entry's middle within a few pixels of the others' (the account's
        # text and the links differ in padding, not in line).
        middles = {round(box["y"] + box["height"] / 2) for box in _boxes(entries)}
        assert max(middles) - min(middles) <= 4, f"the navbar wraps at {width} px: {middles}"
    finally:
        laptop.close()


def _boxes(entries: Locator) -> list[FloatRect]:
    boxes = [entry.bounding_box() for entry in entries.all()]
    return [box for box in boxes if box is not None]


@pytest.mark.django_db(transaction=True)
def test_the_colour_mode_follows_the_system_until_chosen_and_is_remembered(
    live_server: object, browser: Browser
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    dark_system = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme="dark")
    try:
        page = dark_system.new_page()
        page.goto(f"{base}/")
        html = page.locator("html")
        switch = page.get_by_role("group", name="Colour mode")
        expect(html).to_have_attribute("data-bs-theme", "dark")  # auto: as the system
        expect(switch.get_by_role("button", name="Auto")).to_have_attribute("aria-pressed", "true")
        switch.get_by_role("button", name="Light").click()
        expect(html).to_have_attribute("data-bs-theme", "light")
        page.reload()  # remembered, and set before the page is shown
        expect(html).to_have_attribute("data-bs-theme", "light")
        expect(switch.get_by_role("button", name="Light")).to_have_attribute("aria-pressed", "true")
        # The system changing its mode changes nothing while a mode is chosen...
        page.emulate_media(color_scheme="light")
        page.emulate_media(color_scheme="dark")
        expect(html).to_have_attribute("data-bs-theme", "light")
        # ...and everything once the choice is auto again.
        switch.get_by_role("button", name="Auto").click()
        expect(html).to_have_attribute("data-bs-theme", "dark")
        page.emulate_media(color_scheme="light")
        expect(html).to_have_attribute("data-bs-theme", "light")
    finally:
        dark_system.close()
