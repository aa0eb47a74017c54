"""The unique-dice pool: build a pool, drop duplicates, push your luck, suffer crises.

Seed 001 ("Rolling Dice"). A pool is a universal attribute + tool quality + special
attributes (normal 1 die, starred 2), rolled as d6s; every number that shows more
than once counts once, and the distinct numbers are summed into the Roll Total.
Pushing your luck rolls one more die: a new number adds to the total, a number
already held causes a crisis. Crises fill three boxes of each kind and never go away.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from rules.dice import SECURE_DICE, DiceSource, DiceSpec, check_faces, dice_source
from rules.errors import RulesError
from rules.inputs import instance, listed, one_of, whole

__all__ = [
    "CRISIS_BOXES",
    "DIE_SIDES",
    "MAX_POOL",
    "MIN_POOL",
    "NORMAL_SPECIAL_DICE",
    "STARRED_SPECIAL_DICE",
    "CrisisKind",
    "CrisisTrack",
    "PoolSize",
    "UniqueRoll",
    "held_numbers",
    "pool_size",
    "push_luck",
    "resolve_unique_pool",
    "roll_unique_pool",
]

DIE_SIDES = 6
# "This gives the player a number of dice to roll between 1 and 8."
MIN_POOL = 1
MAX_POOL = 8
NORMAL_SPECIAL_DICE = 1
STARRED_SPECIAL_DICE = 2
CRISIS_BOXES = 3


def _require_whole_not_negative(value: int, what: str) -> int:
    if whole(value, what) < 0:
        raise RulesError(f"{what} cannot be negative.")
    return value


@dataclass(frozen=True)
class PoolSize:
    """How many dice a task gets, and where each die came from."""

    attribute: int
    tool_quality: int
    normal_specials: int
    starred_specials: int

    def __post_init__(self) -> None:
        _require_whole_not_negative(self.attribute, "The universal attribute")
        _require_whole_not_negative(self.tool_quality, "Tool quality")
        _require_whole_not_negative(self.normal_specials, "The number of special attributes")
        _require_whole_not_negative(self.starred_specials, "The number of starred attributes")

    @property
    def uncapped(self) -> int:
        """The dice the three parts add up to, before the book's 1–8 range is applied."""
        return (
            self.attribute
            + self.tool_quality
            + self.normal_specials * NORMAL_SPECIAL_DICE
            + self.starred_specials * STARRED_SPECIAL_DICE
        )

    @property
    def dice(self) -> int:
        # Ruling (docs/rulings.md, "Unique pool outside 1–8"): the book promises a pool
        # "between 1 and 8", so a smaller sum still rolls one die and a larger one rolls 8.
        return max(MIN_POOL, min(MAX_POOL, self.uncapped))

    def explain(self) -> str:
        parts = [f"attribute {self.attribute}"]
        if self.tool_quality:
            parts.append(f"tools {self.tool_quality}")
        if self.normal_specials:
            parts.append(
                f"{self.normal_specials} special attribute"
                f"{'' if self.normal_specials == 1 else 's'} "
                f"(+{self.normal_specials * NORMAL_SPECIAL_DICE})"
            )
        if self.starred_specials:
            parts.append(
                f"{self.starred_specials} starred attribute"
                f"{'' if self.starred_specials == 1 else 's'} "
                f"(+{self.starred_specials * STARRED_SPECIAL_DICE})"
            )
        text = f"{' + '.join(parts)} = {self.uncapped}"
        if self.uncapped != self.dice:
            bound = "at least" if self.uncapped < MIN_POOL else "at most"
            text += f"; a pool is {bound} {self.dice}, so roll {self.dice}"
        noun = "die" if self.dice == 1 else "dice"
        return f"{text} → {self.dice} {noun}."


def pool_size(
    *,
    attribute: int,
    tool_quality: int = 0,
    normal_specials: int = 0,
    starred_specials: int = 0,
) -> PoolSize:
    """The pool for a task: attribute + tool quality + 1 per special, 2 per starred special."""
    return PoolSize(
        attribute=attribute,
        tool_quality=tool_quality,
        normal_specials=normal_specials,
        starred_specials=starred_specials,
    )


@dataclass(frozen=True)
class UniqueRoll:
    """A pool roll and any pushes after it: what was kept, what was dropped, the total.

    Ruling (docs/rulings.md, "Which duplicates are removed"): of a number that shows
    more than once, one die stays and the others are removed, as in Leanne's example
    (2, 4, 4, 4, 5 → 11), so every number rolled counts once.
    """

    faces: tuple[int, ...]
    pushes: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "faces", _as_faces(self.faces))
        object.__setattr__(self, "pushes", _as_faces(self.pushes))
        if not MIN_POOL <= len(self.faces) <= MAX_POOL:
            raise RulesError(f"A pool rolls {MIN_POOL} to {MAX_POOL} dice, not {len(self.faces)}.")
        object.__setattr__(
            self, "faces", check_faces(DiceSpec(len(self.faces), DIE_SIDES), self.faces)
        )
        if self.pushes:
            object.__setattr__(
                self, "pushes", check_faces(DiceSpec(len(self.pushes), DIE_SIDES), self.pushes)
            )
        held = set(self.faces)
        for position, face in enumerate(self.pushes, start=1):
            if face in held and position != len(self.pushes):
                # A matching push ends the roll in a crisis; nothing can follow it.
                raise RulesError("No die can be pushed after a push has caused a crisis.")
            held.add(face)

    @property
    def kept(self) -> tuple[int, ...]:
        """The distinct numbers of the first roll, lowest first."""
        return tuple(sorted(set(self.faces)))

    @property
    def discarded(self) -> tuple[int, ...]:
        """The dice removed because their number already showed, lowest first."""
        remaining = list(self.faces)
        for face in self.kept:
            remaining.remove(face)
        return tuple(sorted(remaining))

    @property
    def roll_total(self) -> int:
        """The first Roll Total, before any push."""
        return sum(self.kept)

    @property
    def crisis(self) -> bool:
        """True when the last push matched a number already held."""
        if not self.pushes:
            return False
        return self.pushes[-1] in {*self.faces, *self.pushes[:-1]}

    @property
    def held(self) -> tuple[int, ...]:
        """Every distinct number counting towards the total, in the order it arrived."""
        numbers: list[int] = []
        for face in (*sorted(set(self.faces)), *self.pushes):
            if face not in numbers:
                numbers.append(face)
        return tuple(numbers)

    @property
    def total(self) -> int:
        """The Roll Total now: the distinct first roll plus every push that was new."""
        return sum(self.held)

    @property
    def can_push(self) -> bool:
        return not self.crisis

    def push(self, face: int) -> UniqueRoll:
        """The roll after pushing one more die showing `face`."""
        if self.crisis:
            raise RulesError("This roll already ended in a crisis; it cannot be pushed again.")
        return UniqueRoll(faces=self.faces, pushes=(*self.pushes, face))

    def explain(self) -> str:
        shown = ", ".join(str(face) for face in self.faces)
        text = f"Rolled {shown}"
        if self.discarded:
            dropped = ", ".join(str(face) for face in self.discarded)
            text += f"; removed the repeated {dropped}"
        text += f": Roll Total {self.roll_total}."
        running = self.roll_total
        held = set(self.faces)
        for face in self.pushes:
            if face in held:
                text += f" Pushed a {face}, which matches a number already held: a crisis."
            else:
                running += face
                held.add(face)
                text += f" Pushed a {face}: Roll Total {running}."
        return text


def _as_faces(faces: Iterable[int]) -> tuple[int, ...]:
    """Faces of d6s, each a whole number from 1 to 6."""
    values = listed(faces, "Dice faces")
    return check_faces(DiceSpec(len(values), DIE_SIDES), values)


def resolve_unique_pool(faces: Iterable[int]) -> UniqueRoll:
    """The result of a pool roll whose faces are already known (server, table or test)."""
    return UniqueRoll(faces=_as_faces(faces))


def roll_unique_pool(dice: int, source: DiceSource = SECURE_DICE) -> UniqueRoll:
    """Roll `dice` d6s from `source` (the server's secure dice unless told otherwise)."""
    whole(dice, "The number of dice")
    source = dice_source(source)
    if not MIN_POOL <= dice <= MAX_POOL:
        raise RulesError(f"A pool rolls {MIN_POOL} to {MAX_POOL} dice, not {dice}.")
    return resolve_unique_pool(source.faces(DiceSpec(dice, DIE_SIDES)))


def push_luck(roll: UniqueRoll, source: DiceSource = SECURE_DICE) -> UniqueRoll:
    """Push one die from `source` onto `roll`."""
    instance(roll, UniqueRoll, "a unique-dice roll")
    (face,) = check_faces(DiceSpec(1, DIE_SIDES), dice_source(source).faces(DiceSpec(1, DIE_SIDES)))
    return roll.push(face)


class CrisisKind(StrEnum):
    PHYSICAL = "physical"
    MENTAL = "mental"


@dataclass(frozen=True)
class CrisisTrack:
    """The crossed-off crisis boxes: three physical, three mental. Nothing removes one.

    "When a character receives a third physical crisis, he dies. When a character
    receives a third mental crisis, he becomes completely insane and is retired."
    """

    physical: int = 0
    mental: int = 0

    def __post_init__(self) -> None:
        for kind, count in ((CrisisKind.PHYSICAL, self.physical), (CrisisKind.MENTAL, self.mental)):
            _require_whole_not_negative(count, f"The {kind} crisis count")
            if count > CRISIS_BOXES:
                raise RulesError(f"There are only {CRISIS_BOXES} {kind} crisis boxes.")

    @property
    def dead(self) -> bool:
        return self.physical >= CRISIS_BOXES

    @property
    def retired(self) -> bool:
        return self.mental >= CRISIS_BOXES

    @property
    def out_of_play(self) -> bool:
        return self.dead or self.retired

    def add(self, kind: CrisisKind | str) -> CrisisTrack:
        """The track with one more box crossed off. There is deliberately no way back."""
        try:
            kind = CrisisKind(kind)
        except (ValueError, TypeError) as error:
            raise RulesError(
                f"“{kind}” is not a kind of crisis; use physical or mental."
            ) from error
        if self.dead:
            raise RulesError("The character is dead; no further crisis can be recorded.")
        if self.retired:
            raise RulesError("The character is retired from play; no further crisis applies.")
        if kind is CrisisKind.PHYSICAL:
            return CrisisTrack(physical=self.physical + 1, mental=self.mental)
        return CrisisTrack(physical=self.physical, mental=self.mental + 1)

    def boxes(self, kind: CrisisKind | str) -> tuple[bool, ...]:
        """Three booleans, crossed boxes first, for drawing the sheet."""
        kind = one_of(kind, CrisisKind, "a kind of crisis")
        crossed = self.physical if kind is CrisisKind.PHYSICAL else self.mental
        return tuple(index < crossed for index in range(CRISIS_BOXES))

    def explain(self) -> str:
        text = (
            f"Physical crises {self.physical}/{CRISIS_BOXES}, "
            f"mental crises {self.mental}/{CRISIS_BOXES}."
        )
        if self.dead:
            text += " The third physical crisis has killed the character."
        elif self.retired:
            text += " The third mental crisis has driven the character insane: retired from play."
        return text


def held_numbers(faces: Sequence[int]) -> frozenset[int]:
    """The distinct numbers a set of pool dice holds (what a push must avoid)."""
    values = _as_faces(faces)
    return frozenset(check_faces(DiceSpec(len(values), DIE_SIDES), values))
