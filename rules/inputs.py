"""Checks at the public boundary of rules/: a value of the wrong kind, or outside every
range the rules know, is refused with a `MalformedInput` that says what was expected.

Every public function of rules/ runs its arguments through these before any rule reads
them, so a word where a number belongs, a float, None or a negative count never reaches
the arithmetic as a TypeError, a ValueError from an enum or a wrong answer: the caller
(a form, a service, the web app) gets a `RulesError` it already catches and a message a
player can read.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import Enum
from typing import TypeVar

from rules.errors import MalformedInput

__all__ = [
    "counts_by_name",
    "flag",
    "instance",
    "listed",
    "listed_instances",
    "mapping",
    "one_of",
    "optional_instance",
    "optional_text",
    "optional_whole",
    "text",
    "texts",
    "whole",
    "whole_numbers",
]

Kind = TypeVar("Kind")
Choice = TypeVar("Choice", bound=Enum)


def whole(
    value: object, what: str, *, minimum: int | None = None, maximum: int | None = None
) -> int:
    """`value` as a whole number within the bounds given (True and 1.0 are not numbers here)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedInput(f"{what} must be a whole number.")
    if minimum is not None and value < minimum:
        raise MalformedInput(f"{what} cannot be less than {minimum}.")
    if maximum is not None and value > maximum:
        raise MalformedInput(f"{what} cannot be more than {maximum}.")
    return value


def optional_whole(
    value: object, what: str, *, minimum: int | None = None, maximum: int | None = None
) -> int | None:
    return None if value is None else whole(value, what, minimum=minimum, maximum=maximum)


def text(value: object, what: str) -> str:
    """`value` as text (a number or None is refused; an empty text is the caller's to judge)."""
    if not isinstance(value, str):
        raise MalformedInput(f"{what} must be written as text.")
    return value


def optional_text(value: object, what: str) -> str | None:
    return None if value is None else text(value, what)


def flag(value: object, what: str) -> bool:
    """`value` as yes or no: only True or False (1, "yes" and None are refused)."""
    if not isinstance(value, bool):
        raise MalformedInput(f"{what} must be yes or no.")
    return value


def one_of(value: object, choices: type[Choice], what: str) -> Choice:
    """The member of `choices` that `value` is or names (a stored string is its value)."""
    if isinstance(value, choices):
        return value
    for choice in choices:
        if isinstance(value, str) and value == choice.value:
            return choice
    known = ", ".join(str(choice.value) for choice in choices)
    raise MalformedInput(f"“{value}” is not {what}; choose one of {known}.")


def instance(value: object, kind: type[Kind], what: str) -> Kind:
    """`value` if it is a `kind`, else a refusal naming what was expected."""
    if not isinstance(value, kind):
        raise MalformedInput(f"Expected {what}, not {_described(value)}.")
    return value


def optional_instance(value: object, kind: type[Kind], what: str) -> Kind | None:
    return None if value is None else instance(value, kind, what)


def listed(value: object, what: str) -> tuple[object, ...]:
    """The items of a list or tuple (text, a mapping or a lone value is refused)."""
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
        raise MalformedInput(f"{what} must be a list.")
    return tuple(value)


def listed_instances(value: object, kind: type[Kind], what: str, item: str) -> tuple[Kind, ...]:
    """A list whose every item is a `kind` (`item` names one in the message)."""
    return tuple(instance(entry, kind, item) for entry in listed(value, what))


def whole_numbers(
    value: object, what: str, *, minimum: int | None = None, maximum: int | None = None
) -> tuple[int, ...]:
    """A list of whole numbers, each within the bounds given."""
    return tuple(
        whole(entry, f"Each of {what.lower()}", minimum=minimum, maximum=maximum)
        for entry in listed(value, what)
    )


def texts(value: object, what: str) -> tuple[str, ...]:
    """A list of texts (names of tokens, slugs of lifepaths)."""
    return tuple(text(entry, f"Each of {what.lower()}") for entry in listed(value, what))


def mapping(value: object, what: str) -> Mapping[object, object]:
    if not isinstance(value, Mapping):
        raise MalformedInput(f"{what} must be given name by name.")
    return value


def counts_by_name(
    value: object, what: str, *, minimum: int | None = None, maximum: int | None = None
) -> dict[str, int]:
    """A mapping of names to whole numbers ({"Mus": 7}, {"Firearms": 2})."""
    given = mapping(value, what)
    # Checked at once while every pair is right (the rules ask this of every
    # characteristic on every table row); name by name, for the message, if not.
    if all(
        isinstance(name, str)
        and isinstance(count, int)
        and not isinstance(count, bool)
        and (minimum is None or count >= minimum)
        and (maximum is None or count <= maximum)
        for name, count in given.items()
    ):
        return dict(given)  # type: ignore[arg-type]
    counts: dict[str, int] = {}
    for name, count in given.items():
        label = text(name, f"Each name in {what.lower()}")
        counts[label] = whole(count, f"{label}", minimum=minimum, maximum=maximum)
    return counts


def _described(value: object) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "yes or no"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    return f"a {type(value).__name__}"
