"""Browser tests: the fixtures (`browser`, `context`, `page`, `screenshot_dir`) live in
tests/browser_fixtures.py, shared with every test package through tests/conftest.py.

Here `context` is redefined so a journey can run at both widths the issue names (390 px,
a phone; 1280 px, a desktop) by parametrizing it rather than copying the test:
`@BOTH_WIDTHS`. Unparametrized, it is the desktop as before."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, ViewportSize

VIEWPORTS: dict[int, ViewportSize] = {
    390: {"width": 390, "height": 844},
    1280: {"width": 1280, "height": 900},
}

BOTH_WIDTHS = pytest.mark.parametrize(
    "context", [390, 1280], indirect=True, ids=["390px", "1280px"]
)


@pytest.fixture
def context(browser: Browser, request: pytest.FixtureRequest) -> Iterator[BrowserContext]:
    width = getattr(request, "param", 1280)
    created = browser.new_context(viewport=VIEWPORTS[width])
    created.set_default_timeout(10_000)
    yield created
    created.close()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


# The live table's cast and Redis layer, shared with its consumer tests.
from tests.chargen.table.conftest import redis_layer, table_campaign  # noqa: E402, F401
