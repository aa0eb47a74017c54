"""The test harness itself: where browser tests put README's screenshots."""

from __future__ import annotations

from pathlib import Path

from tests.browser_fixtures import DOCS_SCREENSHOTS

REPOSITORY = Path(__file__).resolve().parents[1]


def test_readme_screenshots_are_refreshed_inside_the_repository() -> None:
    assert (REPOSITORY / "manage.py").exists()
    assert DOCS_SCREENSHOTS == REPOSITORY / "docs" / "screenshots"
