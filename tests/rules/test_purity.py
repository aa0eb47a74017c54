"""rules/ must stay pure Python: importing every module of it pulls in no Django."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import rules

RULES_DIR = Path(rules.__file__).parent


def all_rules_modules() -> list[str]:
    return sorted(
        module.name for module in pkgutil.walk_packages([str(RULES_DIR)], prefix="rules.")
    )


def test_rules_has_modules_to_check() -> None:
    assert "rules.dice" in all_rules_modules()


def test_importing_every_rules_module_loads_no_django() -> None:
    modules = all_rules_modules()
    script = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "leaked = sorted(m for m in sys.modules\n"
        "                if m == 'django' or m.startswith(('django.', 'chargen')))\n"
        "print(','.join(leaked))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        cwd=RULES_DIR.parent,
        check=True,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(RULES_DIR.parent)},
    )
    assert result.stdout.strip() == ""
