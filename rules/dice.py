"""Dice: specifications, secure server rolls, seeded rolls and faces given from outside.

Every resolver in rules/ takes faces (a tuple of ints) rather than rolling itself, so
the same code serves a server roll, dice a player rolled at the table and typed in,
a test, and a seeded generator for NPCs. `roll()` is the only place faces are made.
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from rules.errors import DiceError

_SPEC_PATTERN = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")
_ORDINAL_SUFFIXES = {1: "st", 2: "nd", 3: "rd"}


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st: for naming a die in a message."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{_ORDINAL_SUFFIXES.get(number % 10, 'th')}"


@dataclass(frozen=True)
class DiceSpec:
    """`count` dice of `sides` sides, plus a flat `bonus` added to the total (2d6+2)."""

    count: int
    sides: int
    bonus: int = 0

    def __post_init__(self) -> None:
        if self.count < 0:
            raise DiceError("A roll cannot have a negative number of dice.")
        if self.sides < 1:
            raise DiceError("A die needs at least one side.")

    @classmethod
    def parse(cls, text: str) -> DiceSpec:
        """Read `2d6`, `d4`, `2d6+2`, `3D6 - 1`."""
        match = _SPEC_PATTERN.match(text)
        if not match:
            raise DiceError(f"“{text}” is not a dice expression like 2d6 or 2d6+2.")
        count = int(match.group(1) or 1)
        bonus = int(match.group(4) or 0) * (-1 if match.group(3) == "-" else 1)
        return cls(count=count, sides=int(match.group(2)), bonus=bonus)

    def __str__(self) -> str:
        text = f"{self.count}d{self.sides}"
        if self.bonus:
            text += f"{self.bonus:+d}"
        return text

    @property
    def minimum(self) -> int:
        return self.count + self.bonus

    @property
    def maximum(self) -> int:
        return self.count * self.sides + self.bonus

    def total(self, faces: Sequence[int]) -> int:
        return sum(check_faces(self, faces)) + self.bonus


def check_faces(spec: DiceSpec, faces: Iterable[int]) -> tuple[int, ...]:
    """Return the faces as a tuple, or raise DiceError naming the die that is wrong."""
    try:
        values = tuple(int(face) for face in faces)
    except (TypeError, ValueError) as error:
        raise DiceError(f"Dice faces must be whole numbers for {spec}.") from error
    if len(values) != spec.count:
        noun = "die" if spec.count == 1 else "dice"
        raise DiceError(
            f"{spec} needs {spec.count} {noun}; {len(values)} "
            f"{'was' if len(values) == 1 else 'were'} given."
        )
    for position, value in enumerate(values, start=1):
        if not 1 <= value <= spec.sides:
            which = (
                f"The {ordinal(position)} d{spec.sides}" if spec.count > 1 else f"The d{spec.sides}"
            )
            raise DiceError(f"{which} shows {value}; a d{spec.sides} shows 1 to {spec.sides}.")
    return values


class DiceSource(Protocol):
    """Anything that can produce faces for a dice specification."""

    def faces(self, spec: DiceSpec) -> tuple[int, ...]: ...


class SecureDice:
    """Server dice from the operating system's secure random source."""

    def faces(self, spec: DiceSpec) -> tuple[int, ...]:
        return tuple(secrets.randbelow(spec.sides) + 1 for _ in range(spec.count))


class SeededDice:
    """Reproducible dice for NPCs and tests: the same seed gives the same faces."""

    def __init__(self, seed: int | str) -> None:
        # Not for player-facing rolls: seeded so an NPC can be regenerated exactly.
        self._random = random.Random(seed)

    def faces(self, spec: DiceSpec) -> tuple[int, ...]:
        return tuple(self._random.randint(1, spec.sides) for _ in range(spec.count))

    def choice(self, options: Sequence[object]) -> object:
        return self._random.choice(options)


class GivenFaces:
    """Faces supplied from outside (typed by a player, or a test), used in order."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)

    def faces(self, spec: DiceSpec) -> tuple[int, ...]:
        if len(self._faces) < spec.count:
            raise DiceError(f"{spec} needs {spec.count} more dice than were given.")
        taken, self._faces = self._faces[: spec.count], self._faces[spec.count :]
        return check_faces(spec, taken)

    @property
    def remaining(self) -> int:
        return len(self._faces)


SECURE_DICE = SecureDice()


@dataclass(frozen=True)
class Roll:
    """A roll that happened: what was asked for, the faces, and who produced them."""

    spec: DiceSpec
    faces: tuple[int, ...]
    entered: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "faces", check_faces(self.spec, self.faces))

    @property
    def total(self) -> int:
        return sum(self.faces) + self.spec.bonus

    def describe(self) -> str:
        shown = " + ".join(str(face) for face in self.faces)
        bonus = (
            f" {'+' if self.spec.bonus > 0 else '-'} {abs(self.spec.bonus)}"
            if self.spec.bonus
            else ""
        )
        origin = " (entered)" if self.entered else ""
        return f"{self.spec}: {shown}{bonus} = {self.total}{origin}"


def roll(spec: DiceSpec | str, source: DiceSource = SECURE_DICE) -> Roll:
    """Roll `spec` with `source` (the secure server dice unless told otherwise)."""
    if isinstance(spec, str):
        spec = DiceSpec.parse(spec)
    return Roll(spec=spec, faces=source.faces(spec), entered=isinstance(source, GivenFaces))


def entered_roll(spec: DiceSpec | str, faces: Iterable[int]) -> Roll:
    """A roll whose faces a player typed in from physical dice."""
    if isinstance(spec, str):
        spec = DiceSpec.parse(spec)
    return Roll(spec=spec, faces=check_faces(spec, faces), entered=True)


def parse_faces(text: str) -> tuple[int, ...]:
    """Read faces a player typed: `3 4`, `3,4`, `3, 4`."""
    parts = [part for part in re.split(r"[\s,;+]+", text.strip()) if part]
    if not parts:
        raise DiceError("Type the number on each die, separated by spaces.")
    try:
        return tuple(int(part) for part in parts)
    except ValueError as error:
        raise DiceError(f"“{text}” should be numbers separated by spaces, like 3 4.") from error
