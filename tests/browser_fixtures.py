"""Browser fixtures: Playwright's Python package driving Debian's chromium.

Never a downloaded browser. Defined once for the whole suite (tests/conftest.py
imports them) so every package shares one session-wide Playwright.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

# Playwright's sync API runs an event loop in the test thread; Django's ORM calls
# made from that thread (fixtures, assertions) are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# CI runs two test workers and the live servers on two cores: a save can take seconds
# there. Waiting longer costs a passing assertion nothing (it returns as soon as it
# holds); only a failing one takes the whole timeout.
expect.set_options(timeout=15_000)

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


DOCS_SCREENSHOTS = Path(__file__).resolve().parents[1] / "docs" / "screenshots"


@pytest.fixture
def screenshot_dir(tmp_path: Path) -> Path:
    """Where a test saves its screenshots: README's folder only when asked for.

    `make screenshots` sets CHARGEN_SCREENSHOTS=1 to refresh docs/screenshots/; an
    ordinary test run writes to a temporary folder so it never changes tracked files.
    """
    if os.environ.get("CHARGEN_SCREENSHOTS"):
        DOCS_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        return DOCS_SCREENSHOTS
    return tmp_path


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield launched
        launched.close()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    created = browser.new_context(viewport={"width": 1280, "height": 900})
    created.set_default_timeout(10_000)
    yield created
    created.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()
