"""requirements-prod.lock: the production install, without development tools, pinned to
exactly the versions (and hashes) of requirements.lock, which the tests ran on."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def pins(lock: str) -> dict[str, tuple[str, frozenset[str]]]:
    """name → (version, hashes) of each package a uv lock file pins."""
    found: dict[str, tuple[str, frozenset[str]]] = {}
    for block in re.split(r"\n(?=[a-z0-9])", (ROOT / lock).read_text()):
        pin = re.match(r"([a-z0-9][a-z0-9._-]*)(?:\[[^\]]*\])?==([^\s\\]+)", block)
        if pin:
            hashes = frozenset(re.findall(r"--hash=(sha256:[0-9a-f]{64})", block))
            found[pin.group(1)] = (pin.group(2), hashes)
    return found


def test_the_production_lock_pins_what_the_development_lock_pins() -> None:
    production, development = pins("requirements-prod.lock"), pins("requirements.lock")
    assert "django" in production
    assert {name: production[name] for name in production} == {
        name: development[name] for name in production
    }


def test_the_production_lock_has_no_development_tool() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    dev_tools = {
        re.split(r"[<>=\[ ]", requirement)[0].lower()
        for requirement in project["optional-dependencies"]["dev"]
    }
    production = pins("requirements-prod.lock")
    assert dev_tools & production.keys() == set()
    assert {"pytest", "ruff", "mypy", "locust", "playwright"} <= dev_tools
