"""The legacy-data migration test takes seconds (it migrates the database back and forth):
marked `slow`, it still runs by default; `-m "not slow"` leaves it out."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "slow: takes seconds, not milliseconds (still part of the default run)"
    )
