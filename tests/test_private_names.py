"""No private name of Django, of any library, or of another module of ours is used in
chargen/, rules/ or scripts/: upgrades and security fixes must reach us unchanged, and
what one module shares with another it makes public.

A name is private when it starts with an underscore (`__dunder__` names are Python's, and
`_` alone is gettext's). Each file is read with `ast`, so an import inside a function
counts as much as one at the top. A file fails when it
- imports a private name: `from x import _y`, `import x._y`;
- reads one off a name it imported (`django_module._y`, `SomeModel._y`), or off anything
  but `self`/`cls` when the file does not define that name itself
  (`storage._queued_messages`), through `getattr(obj, "_y")` and its kin too;
- has a class that inherits from a library's class and uses a private name
  (`self._y`, or a class attribute `_y`) that the library's classes use: overriding a
  private name is using it. Only for this are modules imported (those of chargen/ and
  rules/; scripts/ are programs, read and never imported).

A class may use its own private names and those of its own ancestors in our code.
Django documents a few underscore names of a model as public API (DOCUMENTED, with
where): those are allowed. Model._state is one; its `adding` has no plain equivalent
(a UUID primary key is set before the first save).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ("chargen", "rules", "scripts")
# Packages whose modules this test imports to read their classes' ancestry (scripts/ are
# programs: read, never imported).
IMPORTED = ("chargen", "rules")
DOCUMENTED = {
    "_meta": "https://docs.djangoproject.com/en/5.2/ref/models/meta/",
    "_default_manager": "https://docs.djangoproject.com/en/5.2/topics/db/managers/#default-managers",
    "_base_manager": "https://docs.djangoproject.com/en/5.2/topics/db/managers/#base-managers",
    "_state": "https://docs.djangoproject.com/en/5.2/ref/models/instances/#state",
}
# Modules that are being replaced by stock Django as a whole and still use private names
# until they are gone. Each must still exist: delete its line when its file is deleted.
ACCESSORS = {"getattr", "hasattr", "setattr", "delattr"}
RECEIVERS = {"self", "cls"}


def is_private(name: str) -> bool:
    return name.startswith("_") and name != "_" and not name.endswith("__")


def python_files() -> list[Path]:
    return sorted(path for folder in CHECKED for path in (ROOT / folder).rglob("*.py"))


def imported_names(tree: ast.AST) -> set[str]:
    """The names import statements bind in this file (a module or what it holds)."""
    bound: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            bound.update(alias.asname or alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            bound.update(alias.asname or alias.name for alias in node.names)
    return bound


def defined_names(tree: ast.AST) -> set[str]:
    """The names this file defines: functions, classes, variables, attributes of its
    own objects (`self._x = ...`, never `other._x = ...`), parameters, class fields."""
    defined: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            defined.add(node.name)
        elif isinstance(node, ast.arg):
            defined.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            defined.add(node.id)
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Store)
            and root_name(node.value) in RECEIVERS
        ):
            defined.add(node.attr)
        elif isinstance(node, ast.alias) and node.asname:
            defined.add(node.asname)
    return defined


def root_name(node: ast.expr) -> str | None:
    """`a` for `a`, `a.b`, `a.b.c`; None for anything else (a call's result, say)."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def private_reads(tree: ast.AST) -> Iterator[tuple[int, ast.expr, str]]:
    """(line, what it is read off, the name) for each private attribute read or written,
    `getattr(obj, "_name")` and its kin included."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and is_private(node.attr):
            yield node.lineno, node.value, node.attr
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ACCESSORS
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
            and is_private(node.args[1].value)
        ):
            yield node.lineno, node.args[0], node.args[1].value


def imports_of_private_names(tree: ast.AST) -> Iterator[tuple[int, str]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if is_private(alias.name):
                    yield (
                        node.lineno,
                        f"from {'.' * node.level}{node.module or ''} import {alias.name}",
                    )
            if node.module and any(is_private(part) for part in node.module.split(".")):
                yield node.lineno, f"from {node.module} import ..."
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if any(is_private(part) for part in alias.name.split(".")):
                    yield node.lineno, f"import {alias.name}"


def ours(module: str) -> bool:
    return module.split(".")[0] in CHECKED


@cache
def names_in_source(klass: type) -> frozenset[str]:
    """Every private identifier in a library class's source and namespace."""
    found = {name for name in vars(klass) if is_private(name)}
    try:
        source = inspect.getsource(klass)
    except (OSError, TypeError):  # written in C: its namespace is all there is
        return frozenset(found)
    found.update(name for name in re.findall(r"\b_\w+", source) if is_private(name))
    return frozenset(found)


def library_names(klass: type) -> frozenset[str]:
    """The private names the library classes `klass` inherits from use."""
    names: set[str] = set()
    for ancestor in klass.__mro__[1:]:
        if ancestor is not object and not ours(ancestor.__module__):
            names |= names_in_source(ancestor)
    return frozenset(names)


def module_name(path: Path) -> str | None:
    """The module to import to read `path`'s classes' ancestry; None for a program."""
    relative = path.relative_to(ROOT)
    if relative.parts[0] not in IMPORTED:
        return None
    return ".".join(relative.with_suffix("").parts).removesuffix(".__init__")


def inherited_private_names(
    tree: ast.Module, class_named: Callable[[str], object]
) -> Iterator[tuple[int, str]]:
    """(line, `self._x`) for each private name a class of `tree` uses that a library
    class it inherits from uses too; `class_named` gives each class as imported."""
    for node in tree.body:
        if not isinstance(node, ast.ClassDef) or not node.bases:
            continue
        klass = class_named(node.name)
        if not isinstance(klass, type):
            continue
        inherited = library_names(klass) - DOCUMENTED.keys()
        for line, owner, name in private_reads(node):
            if name in inherited and root_name(owner) in RECEIVERS:
                yield line, f"{root_name(owner)}.{name}"
        for statement in node.body:  # a class attribute overriding the library's
            targets = statement.targets if isinstance(statement, ast.Assign) else []
            if isinstance(statement, ast.AnnAssign):
                targets = [statement.target]
            for target in targets:
                if isinstance(target, ast.Name) and target.id in inherited:
                    yield statement.lineno, f"class attribute {target.id}"


def problems(source: str, where: str, module_name: str | None = None) -> list[str]:
    """What `source` (the file `where`, module `module_name`) does with private names."""
    tree = ast.parse(source, filename=where)
    imported = imported_names(tree)
    defined = defined_names(tree)
    found = [f"{where}:{line}: {text}" for line, text in imports_of_private_names(tree)]
    for line, owner, name in private_reads(tree):
        if name in DOCUMENTED:
            continue
        root = root_name(owner)
        if root is not None and root in imported:
            found.append(f"{where}:{line}: {name} read off {root}, which it imports")
        elif isinstance(owner, ast.Name) and owner.id in RECEIVERS:
            continue  # a class's own, or its ancestors' (checked below when imported)
        elif name not in defined:
            found.append(f"{where}:{line}: {name}, which this file does not define")
    if module_name is not None:

        def class_named(name: str) -> object:
            return getattr(importlib.import_module(module_name), name, None)

        found += [
            f"{where}:{line}: {text}, a name of a library class it inherits from"
            for line, text in inherited_private_names(tree, class_named)
        ]
    return found


def test_there_are_files_to_check() -> None:
    checked = {str(path.relative_to(ROOT)) for path in python_files()}
    assert {"chargen/settings.py", "rules/dice.py", "chargen/core/log.py"} <= checked
    assert any(name.startswith("scripts/") for name in checked)


def test_no_private_name_is_used() -> None:
    found = [
        problem
        for path in python_files()
        for problem in problems(path.read_text(), str(path.relative_to(ROOT)), module_name(path))
    ]
    assert found == [], "\n".join(found)
