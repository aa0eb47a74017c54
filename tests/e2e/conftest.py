"""Browser tests: the fixtures (`browser`, `context`, `page`, `screenshot_dir`) live in
tests/browser_fixtures.py, shared with every test package through tests/conftest.py."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)
