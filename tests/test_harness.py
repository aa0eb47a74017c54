"""The test harness itself: where browser tests put README's screenshots."""

from __future__ import annotations

from pathlib import Path

from tests.browser_fixtures import DOCS_SCREENSHOTS

REPOSITORY = Path(__file__).resolve().parents[1]


def test_readme_screenshots_are_refreshed_inside_the_repository() -> None:
    assert (REPOSITORY / "manage.py").exists()
    assert DOCS_SCREENSHOTS == REPOSITORY / "docs" / "screenshots"


def test_no_test_reads_outside_the_repository() -> None:
    """A bare clone with nothing beside it must pass: no test reads outside the repository."""
    # The sibling folder's name, spelt in pieces so that this file, which only forbids
    # the path, does not itself contain it (it reads nothing outside the repository).
    sibling = "sha" + "red"
    forbidden = (f'"{sibling}"', f"../{sibling}")
    offenders = [
        str(path.relative_to(REPOSITORY))
        for path in (REPOSITORY / "tests").rglob("*.py")
        if path.name != "test_harness.py"
        and any(word in path.read_text(encoding="utf-8") for word in forbidden)
    ]
    assert offenders == []


def test_the_seed_copies_are_in_the_repository() -> None:
    seeds = sorted(path.name for path in (REPOSITORY / "docs" / "seeds").glob("*.txt"))
    assert len(seeds) == 4
