"""Characteristic values and the Character Profile written in the book's hexadecimal.

"In hexadecimal it would be represented by the digits 3A and in this game we would put
brackets around it to show it as one figure": a value of 16 or more is written as its
hex digits in brackets, so decimal 17 is `(11)` and 58 is `(3A)`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from rules.errors import RulesError
from rules.infinity_drive.codes import CHARACTERISTIC_NAMES, CHARACTERISTICS
from rules.inputs import listed, mapping, whole
from rules.inputs import text as _text

__all__ = [
    "Characteristics",
    "ProfileError",
    "hex_value",
    "read_hex_value",
    "split_profile",
]

_HEX_DIGITS = "0123456789ABCDEF"


class ProfileError(RulesError):
    """A Character Profile that cannot be read."""


def hex_value(value: int) -> str:
    """One characteristic as the book writes it: `7`, `A`, `(11)` for 17."""
    whole(value, "A characteristic")
    if value < 0:
        raise ProfileError(f"A characteristic cannot be negative ({value}).")
    digits = f"{value:X}"
    return digits if value < 16 else f"({digits})"


def read_hex_value(text: str) -> int:
    """`A` → 10, `(11)` → 17, `(3A)` → 58."""
    cleaned = _text(text, "A characteristic").strip().upper()
    if cleaned.startswith("(") and cleaned.endswith(")"):
        cleaned = cleaned[1:-1]
        if len(cleaned) < 2:
            raise ProfileError(f"“{text}”: brackets are only for values of 16 or more.")
    elif len(cleaned) != 1:
        raise ProfileError(f"“{text}” is not one hexadecimal digit; put longer values in brackets.")
    if not cleaned or any(digit not in _HEX_DIGITS for digit in cleaned):
        raise ProfileError(f"“{text}” is not a hexadecimal value (0–9 and A–F).")
    value = int(cleaned, 16)
    if len(cleaned) > 1 and value < 16:
        raise ProfileError(f"“{text}” is under 16, so it is written as one digit without brackets.")
    return value


def split_profile(text: str) -> list[str]:
    """Split a profile into its figures: `76A5877` or `7(11)A5877`."""
    figures: list[str] = []
    position = 0
    compact = _text(text, "A Character Profile").strip()
    if not compact:
        raise ProfileError("Type a Character Profile such as 76A5877.")
    while position < len(compact):
        character = compact[position]
        if character == "(":
            closing = compact.find(")", position)
            if closing == -1:
                raise ProfileError(f"“{text}” opens a bracket that is never closed.")
            figures.append(compact[position : closing + 1])
            position = closing + 1
        elif character == ")":
            raise ProfileError(f"“{text}” closes a bracket that was never opened.")
        else:
            figures.append(character)
            position += 1
    return figures


@dataclass(frozen=True)
class Characteristics:
    """Characteristic values by code, in profile order; immutable."""

    values: tuple[tuple[str, int], ...]

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for pair in listed(self.values, "The characteristics"):
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise RulesError("Each characteristic is a code and its value.")
            code = _code(pair[0])
            if code in seen:
                raise RulesError(f"{CHARACTERISTIC_NAMES[code]} is given twice.")
            seen.add(code)
            _value(code, pair[1])

    @classmethod
    def of(cls, values: Mapping[str, int]) -> Characteristics:
        given = mapping(values, "The characteristics")
        for code in given:
            _code(code)
        return cls(
            tuple((code, _value(code, given[code])) for code in CHARACTERISTICS if code in given)
        )

    @classmethod
    def from_profile(cls, text: str, codes: tuple[str, ...] = CHARACTERISTICS) -> Characteristics:
        """Read `76A5877` (seven figures, or six when Metaphysical is out of play)."""
        codes = tuple(_code(code) for code in listed(codes, "The characteristics"))
        figures = split_profile(text)
        if len(figures) != len(codes):
            raise ProfileError(
                f"“{text}” has {len(figures)} figures; a profile needs {len(codes)} "
                f"({', '.join(codes)})."
            )
        return cls(tuple(zip(codes, (read_hex_value(f) for f in figures), strict=True)))

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(code for code, _ in self.values)

    def as_dict(self) -> dict[str, int]:
        return dict(self.values)

    def __getitem__(self, code: str) -> int:
        _text(code, "A characteristic")
        for known, value in self.values:
            if known == code:
                return value
        name = CHARACTERISTIC_NAMES.get(code, code)
        raise RulesError(f"This character has no {name} characteristic.")

    def __contains__(self, code: object) -> bool:
        return any(known == code for known, _ in self.values)

    def __iter__(self) -> Iterator[str]:
        return iter(self.codes)

    def get(self, code: str, default: int = 0) -> int:
        _text(code, "A characteristic")
        whole(default, "The default value")
        return dict(self.values).get(code, default)

    def with_value(self, code: str, value: int) -> Characteristics:
        _code(code)
        merged = self.as_dict()
        merged[code] = value
        return Characteristics.of(merged)

    def changed(self, code: str, amount: int) -> Characteristics:
        whole(amount, "The change")
        return self.with_value(code, self[code] + amount)

    @property
    def total(self) -> int:
        return sum(value for _, value in self.values)

    @property
    def profile(self) -> str:
        return "".join(hex_value(value) for _, value in self.values)

    def __str__(self) -> str:
        return self.profile


def _code(code: object) -> str:
    """`code` if it is one of the seven characteristic codes."""
    if not isinstance(code, str) or code not in CHARACTERISTICS:
        raise RulesError(f"“{code}” is not a characteristic.")
    return code


def _value(code: str, value: object) -> int:
    """A characteristic's value: a whole number, never negative."""
    name = CHARACTERISTIC_NAMES[code]
    checked = whole(value, name)
    if checked < 0:
        raise ProfileError(f"{name} cannot be negative ({checked}).")
    return checked
