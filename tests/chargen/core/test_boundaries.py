"""core, campaigns and desk import no game system: the registry tells them everything.

Every module of the three packages (their migrations too) is read, not imported, so an
import inside a function counts as much as one at the top; their templates may not
name a game system's URLs or templates either. A game system's models may still be
named by string in a foreign key; none of the three does that either.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.conf import settings

import chargen

# chargen.content and chargen.rulebook are Infinity Drive's data (its campaign content and
# its book): the desk edits content through the kinds a system declares, never by name.
GAME_APPS = (
    "chargen.infinity_drive",
    "chargen.drifting",
    "chargen.rollers",
    "chargen.content",
    "chargen.rulebook",
)
KERNEL = ("core", "campaigns", "desk")
CHARGEN_DIR = Path(chargen.__file__).parent
TEMPLATES_DIR = Path(settings.BASE_DIR) / "templates"
# `{% url 'characters:list' %}`, `{% include "drifting/_x.html" %}`, `{% load character_labels %}`
GAME_IN_TEMPLATE = re.compile(
    r"""['"](characters|drifting|rollers)[:/]|\{%\s*load[^%]*\b(character_labels|"""
    r"""character_deletion|drifting|rollers)\b"""
)
GAME_URL_NAME = re.compile(r"^(characters|drifting|rollers):")


def _modules(package: str) -> list[Path]:
    return sorted((CHARGEN_DIR / package).rglob("*.py"))


def _imported(path: Path) -> list[tuple[int, str]]:
    """Every module name the file imports, wherever the import statement is."""
    names: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append((node.lineno, node.module))
            names.extend((node.lineno, f"{node.module}.{alias.name}") for alias in node.names)
    return names


def _game_strings(path: Path) -> list[tuple[int, str]]:
    """String constants naming a game system's URL or model: reverse("characters:list"),
    ForeignKey("characters.Character"), apps.get_model("drifting", …)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
            continue
        text = node.value
        if GAME_URL_NAME.match(text) or re.fullmatch(r"(characters|drifting|rollers)\.\w+", text):
            found.append((node.lineno, text))
    return found


def _leaks(path: Path) -> list[str]:
    leaks = [
        f"{path.relative_to(CHARGEN_DIR.parent)}:{line} imports {name}"
        for line, name in _imported(path)
        if name.startswith(GAME_APPS)
    ]
    if "migrations" not in path.parts:  # migrations record history, written out by name
        leaks += [
            f"{path.relative_to(CHARGEN_DIR.parent)}:{line} names {text!r}"
            for line, text in _game_strings(path)
        ]
    return leaks


def test_there_are_modules_to_check() -> None:
    checked = [path.name for package in KERNEL for path in _modules(package)]
    assert {"systems.py", "home.py", "models.py", "views.py", "queues.py"} <= set(checked)


@pytest.mark.parametrize("package", KERNEL)
def test_the_kernel_imports_no_game_system(package: str) -> None:
    leaks = [leak for path in _modules(package) for leak in _leaks(path)]
    assert leaks == []


@pytest.mark.parametrize("package", KERNEL)
def test_the_kernels_templates_name_no_game_system(package: str) -> None:
    folder = TEMPLATES_DIR / package
    assert list(folder.rglob("*.html"))
    leaks = [
        f"{path.relative_to(TEMPLATES_DIR)}:{number}: {line.strip()}"
        for path in sorted(folder.rglob("*.html"))
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if GAME_IN_TEMPLATE.search(line)
    ]
    assert leaks == []


def test_the_check_finds_an_import_inside_a_function(tmp_path: Path) -> None:
    """The walk reads lazy imports too (core/home.py used to import the apps in a function)."""
    module = tmp_path / "lazy.py"
    module.write_text(
        "def sections():\n"
        "    from chargen.infinity_drive.home import characters_home_section\n"
        "    import chargen.rollers.home\n"
        "    return reverse('drifting:list')\n"
    )
    assert [name for _, name in _imported(module) if name.startswith(GAME_APPS)] == [
        "chargen.infinity_drive.home",
        "chargen.infinity_drive.home.characters_home_section",
        "chargen.rollers.home",
    ]
    assert _game_strings(module) == [(4, "drifting:list")]
