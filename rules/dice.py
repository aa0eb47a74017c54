"""Dice: specifications, secure server rolls, seeded rolls and faces given from outside
(typed faces are read in rules/typed_dice.py).

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
from typing import Protocol, TypeVar, runtime_checkable

from rules.errors import DiceError, MalformedInput
from rules.inputs import flag, instance, listed, whole, whole_numbers
from rules.inputs import text as _text

__all__ = [
    "MOST_DICE_IN_ONE_ROLL",
    "SECURE_DICE",
    "DiceSource",
    "DiceSpec",
    "GivenFaces",
    "Roll",
    "SecureDice",
    "SeededDice",
    "check_faces",
    "entered_roll",
    "ordinal",
    "pick",
    "roll",
]

_SPEC_PATTERN = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")
_ORDINAL_SUFFIXES = {1: "st", 2: "nd", 3: "rd"}
# No table rolls this many dice at once: more is a typo or an attack, and making the
# faces would tie up the server.
MOST_DICE_IN_ONE_ROLL = 1000

Choice = TypeVar("Choice")


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st: for naming a die in a message."""
    whole(number, "A position")
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
        whole(self.count, "The number of dice")
        whole(self.sides, "The number of sides")
        whole(self.bonus, "The bonus")
        if self.count < 0:
            raise DiceError("A roll cannot have a negative number of dice.")
        if self.sides < 1:
            raise DiceError("A die needs at least one side.")

    @classmethod
    def parse(cls, text: str) -> DiceSpec:
        """Read `2d6`, `d4`, `2d6+2`, `3D6 - 1`."""
        match = _SPEC_PATTERN.match(_text(text, "A dice expression"))
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


def check_faces(spec: DiceSpec, faces: Iterable[object]) -> tuple[int, ...]:
    """Return the faces as a tuple, or raise DiceError naming the die that is wrong."""
    instance(spec, DiceSpec, "dice such as 2d6")
    values: list[int] = []
    for face in listed(faces, f"The faces of {spec}"):
        if isinstance(face, bool) or not isinstance(face, int):
            raise DiceError(f"Dice faces must be whole numbers for {spec}.")
        values.append(face)
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
    return tuple(values)


@runtime_checkable
class DiceSource(Protocol):
    """Anything that can produce faces for a dice specification."""

    def faces(self, spec: DiceSpec) -> tuple[int, ...]: ...


class SecureDice:
    """Server dice from the operating system's secure random source."""

    def faces(self, spec: DiceSpec) -> tuple[int, ...]:
        spec = rollable(spec)
        return tuple(secrets.randbelow(spec.sides) + 1 for _ in range(spec.count))


class SeededDice:
    """Reproducible dice for NPCs and tests: the same seed gives the same faces."""

    def __init__(self, seed: int | str) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise DiceError("A seed is a whole number or a word.")
        # Not for player-facing rolls: seeded so an NPC can be regenerated exactly.
        self._random = random.Random(seed)

    def faces(self, spec: DiceSpec) -> tuple[int, ...]:
        spec = rollable(spec)
        return tuple(self._random.randint(1, spec.sides) for _ in range(spec.count))

    def choice(self, options: Sequence[object]) -> object:
        choices = listed(options, "The options")
        if not choices:
            raise DiceError("There is nothing to choose from.")
        return self._random.choice(choices)


class GivenFaces:
    """Faces supplied from outside (typed by a player, or a test), used in order."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(whole_numbers(faces, "The faces given"))

    def faces(self, spec: DiceSpec) -> tuple[int, ...]:
        spec = rollable(spec)
        if len(self._faces) < spec.count:
            raise DiceError(f"{spec} needs {spec.count} more dice than were given.")
        taken, self._faces = self._faces[: spec.count], self._faces[spec.count :]
        return check_faces(spec, taken)

    @property
    def remaining(self) -> int:
        return len(self._faces)


SECURE_DICE = SecureDice()


def rollable(spec: object) -> DiceSpec:
    """`spec` if it is dice a source can roll: a DiceSpec of at most 1000 dice."""
    checked = instance(spec, DiceSpec, "dice such as 2d6")
    if checked.count > MOST_DICE_IN_ONE_ROLL:
        raise DiceError(f"{checked} is more dice than any roll needs.")
    return checked


def dice_source(source: object) -> DiceSource:
    """`source` if it can make faces (the server's dice, a seeded stream, typed faces)."""
    if not isinstance(source, DiceSource):
        raise MalformedInput("Expected a source of dice: the server's, seeded or typed in.")
    return source


@dataclass(frozen=True)
class Roll:
    """A roll that happened: what was asked for, the faces, and who produced them."""

    spec: DiceSpec
    faces: tuple[int, ...]
    entered: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "faces", check_faces(self.spec, self.faces))
        flag(self.entered, "Whether the dice were entered")

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
    spec = rollable(spec)
    source = dice_source(source)
    return Roll(spec=spec, faces=source.faces(spec), entered=isinstance(source, GivenFaces))


def entered_roll(spec: DiceSpec | str, faces: Iterable[int]) -> Roll:
    """A roll whose faces a player typed in from physical dice."""
    if isinstance(spec, str):
        spec = DiceSpec.parse(spec)
    spec = instance(spec, DiceSpec, "dice such as 2d6")
    return Roll(spec=spec, faces=check_faces(spec, faces), entered=True)


def pick(dice: DiceSource, options: Sequence[Choice]) -> Choice:
    """One of `options`, chosen with a die from `dice` so a seed decides it."""
    dice = dice_source(dice)
    listed(options, "The options")
    if not options:
        raise DiceError("There is nothing to choose from.")
    if len(options) == 1:
        return options[0]
    (face,) = dice.faces(DiceSpec(1, len(options)))
    return options[face - 1]
