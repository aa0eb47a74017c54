"""On a phone the navbar's menu button opens and closes the menu (chargen.js does what
Bootstrap's JavaScript bundle did, which pages no longer load: issue 13)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, expect


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
