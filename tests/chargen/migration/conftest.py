"""The legacy-data migration tests take seconds (they migrate the database back and
forth): marked `slow`, they still run by default; `-m "not slow"` leaves them out."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "slow: takes seconds, not milliseconds (still part of the default run)"
    )
