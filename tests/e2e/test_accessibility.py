"""Accessibility (issue 12, item 11): axe-core finds nothing on any page, focus follows
htmx swaps, dice results are announced, and the keyboard alone builds a character.

axe-core comes bundled in axe-playwright-python; it runs against every page of the
phone world (tests/e2e/phone_world.py: every wizard step, the sheet, print, desk,
Drifting and both rollers) at 1280 px and at 390 px, and all its findings are reported
together.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth.models import User
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from tests.e2e.phone_world import World, build_world
from tests.e2e.test_phone_layout import _log_in

PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 900}

AXE = Axe()


@pytest.fixture
def world(transactional_db: None, gm: User, player: User) -> World:
    return build_world(gm, player)


def _violations(page: Page, where: str) -> list[str]:
    """axe's findings on the page, one line each: where, rule, impact and the elements."""
    results: dict[str, Any] = AXE.run(page).response
    found = []
    for violation in results["violations"]:
        targets = [" ".join(map(str, node["target"])) for node in violation["nodes"]]
        found.append(
            f"{where}: {violation['id']} ({violation['impact']}) on {len(targets)}: "
            + ", ".join(targets[:6])
        )
    return found


def _audit(page: Page, base: str, pages: dict[str, str], label: str) -> list[str]:
    found = []
    for name, url in pages.items():
        response = page.goto(f"{base}{url}")
        assert response is not None, f"{name}: no answer from {url}"
        assert response.ok, f"{name}: {url} answered {response.status}"
        page.wait_for_load_state()
        found += _violations(page, f"{name} at {label}")
    return found


def test_axe_finds_nothing_on_any_page_at_either_width(
    live_server: object, browser: Browser, world: World, gm: User, player: User
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    found: list[str] = []
    for label, viewport in (("1280 px", DESKTOP), ("390 px", PHONE)):
        context: BrowserContext = browser.new_context(viewport=viewport)
        context.set_default_timeout(10_000)
        page = context.new_page()
        _log_in(context, base, player)
        found += _audit(page, base, world.player_pages, label)
        _log_in(context, base, gm)
        found += _audit(page, base, world.gm_pages, label)
        context.close()
    assert not found, f"axe found {len(found)} problems:\n" + "\n".join(found)


def _focused(page: Page) -> str:
    """The focused element, described: its tag, id and text (or the field's label)."""
    return str(
        page.evaluate(
            """() => { const e = document.activeElement; if (!e) { return 'nothing'; }
            const label = e.labels && e.labels.length ? e.labels[0].textContent : e.textContent;
            return e.tagName.toLowerCase() + '#' + (e.id || '') + ' ' + label.trim(); }"""
        )
    )


def _announced(page: Page, words: str) -> None:
    expect(page.locator("#announcer")).to_contain_text(words)


def test_focus_follows_each_swap_and_dice_results_are_announced(
    live_server: object, context: BrowserContext, world: World, player: User
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    _log_in(context, base, player)
    page = context.new_page()
    found: list[str] = []

    # A Drifting roll: focus on the "Latest roll" heading, the dice said aloud.
    page.goto(f"{base}{world.player_pages['Drifting sheet']}")
    page.wait_for_load_state()
    page.get_by_role("group", name="Applicable tokens").get_by_label("Dodge").check()
    page.get_by_role("button", name="Roll", exact=True).click()
    _announced(page, "Latest roll")
    _announced(page, "die showing")
    assert _focused(page).startswith("h2#latest-roll Latest roll"), _focused(page)
    found += _violations(page, "Drifting sheet after a roll")

    # The unique-pool roller: the same, with its own "Latest roll".
    page.goto(f"{base}{world.player_pages['unique-pool roller']}")
    page.wait_for_load_state()
    page.locator("#roll-form").get_by_role("button", name="Roll", exact=True).click()
    _announced(page, "Roll Total")
    assert _focused(page).startswith("h2#latest-heading Latest roll"), _focused(page)
    found += _violations(page, "unique-pool roller after a roll")

    # A tool quality out of range: focus on the field in error.
    page.locator("#roll-form").get_by_label("Tool quality").fill("99")
    page.locator("#roll-form").get_by_role("button", name="Roll", exact=True).click()
    expect(page.locator("#roll-form .is-invalid").first).to_be_visible()
    expect(page.locator("#roll-form .is-invalid").first).to_be_focused()
    found += _violations(page, "unique-pool roller after an error")

    # A wizard step: the method chosen, focus on the step's heading; a roll announced.
    page.goto(f"{base}{world.player_pages['characteristics step']}")
    page.wait_for_load_state()
    page.get_by_label(re.compile("^Dice: roll")).check()
    page.get_by_role("button", name=re.compile("^Choose")).click()
    expect(page.locator("#wizard [data-swap-heading]")).to_be_focused()
    roll_form = page.locator("#wizard form.roll-form")
    roll_form.get_by_label(re.compile("type your own dice")).fill("9 9")
    roll_form.get_by_role("button").click()
    expect(page.locator("#wizard form.roll-form input[name=faces]")).to_be_focused()
    page.locator("#wizard form.roll-form input[name=faces]").fill("")
    page.locator("#wizard form.roll-form button").click()
    _announced(page, "Your roll: die showing")
    expect(page.locator("#wizard [data-swap-heading]")).to_be_focused()
    found += _violations(page, "characteristics step after a roll")

    assert not found, f"axe found {len(found)} problems:\n" + "\n".join(found)
