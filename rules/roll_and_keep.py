"""Roll and keep: d10 pools kept by mana, successes against a difficulty, opposed actions.

Seed 004 ("Roll and Keep system"). Roll attribute + specialities d10s; keep as many
as the mana linked to the attribute allows (+1 per speciality); every kept die equal
to or over the difficulty is a success. Which attribute is linked to which colour is
data passed in (`links`), never code: the book's "full list … can be found here" is
missing, so `HOUSE_ATTRIBUTE_COLOURS` is our own table, labelled as house data.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from types import MappingProxyType

from rules.dice import SECURE_DICE, DiceSource, DiceSpec, check_faces, dice_source, rollable
from rules.errors import RulesError
from rules.inputs import flag, instance, listed
from rules.inputs import whole as _checked_whole

__all__ = [
    "BOTCH_FACE",
    "DEFAULT_MANA_COLOURS",
    "DEGREES",
    "DIE_SIDES",
    "HOUSE_ATTRIBUTE_COLOURS",
    "DicePool",
    "Difficulty",
    "DirectContest",
    "KeptRoll",
    "check_mana",
    "degree_of_success",
    "dice_pool",
    "difficulty_label",
    "indirect_difficulty",
    "is_success",
    "resolve_direct_contest",
    "resolve_roll_and_keep",
    "roll_and_keep",
]

DIE_SIDES = 10
BOTCH_FACE = 1

# Ruling (docs/rulings.md, "Number of mana colours"): the text implies five colours
# ("divided by the 3 colours he doesn't have" with two owned). A campaign may pass others.
DEFAULT_MANA_COLOURS: tuple[str, ...] = ("white", "blue", "black", "red", "green")

# HOUSE DATA, not the book's: the book points to a list of attribute links that is
# missing from the text. Only these facts come from its example: Cunning is linked to
# black, Intelligence to blue, and neither Endurance nor Strength to black or blue.
# `None` means an attribute linked to no colour. GMs may pass their own table.
HOUSE_ATTRIBUTE_COLOURS: Mapping[str, str | None] = MappingProxyType(
    {
        "Strength": "red",
        "Endurance": "green",
        "Finesse": "green",
        "Acuity": "white",
        "Charisma": "white",
        "Intelligence": "blue",
        "Cunning": "black",
    }
)


class Difficulty(IntEnum):
    """The eight named difficulties of unopposed actions."""

    EASY = 3
    ROUTINE = 4
    STRAIGHTFORWARD = 5
    STANDARD = 6
    CHALLENGING = 7
    DIFFICULT = 8
    EXTREMELY_DIFFICULT = 9
    VIRTUALLY_IMPOSSIBLE = 10

    @property
    def label(self) -> str:
        return self.name.replace("_", " ").capitalize()


# "1 success – Marginal … 5 successes – Phenomenal"; 0 is a failure (or a botch).
DEGREES: tuple[str, ...] = (
    "Failure",
    "Marginal",
    "Moderate",
    "Complete",
    "Exceptional",
    "Phenomenal",
)


def degree_of_success(successes: int) -> str:
    """The book's name for a number of successes.

    Ruling (docs/rulings.md, "More than five successes"): six or more is still Phenomenal.
    """
    _whole(successes, "A number of successes")
    return DEGREES[min(successes, len(DEGREES) - 1)]


def _whole(value: int, what: str, *, minimum: int = 0) -> int:
    return _checked_whole(value, what, minimum=minimum)


def check_mana(mana: Mapping[str, int], colours: Sequence[str]) -> dict[str, int]:
    """Mana by colour, every colour known, none negative; missing colours count 0."""
    if not isinstance(mana, Mapping):
        raise RulesError("Mana must be given colour by colour.")
    if isinstance(colours, str) or not isinstance(colours, Sequence) or not colours:
        raise RulesError("There must be at least one colour of mana.")
    if not all(isinstance(colour, str) for colour in (*colours, *mana)):
        raise RulesError("Mana colours are names, like black or blue.")
    unknown = sorted(set(mana) - set(colours))
    if unknown:
        raise RulesError(
            f"Unknown mana colour {', '.join(unknown)}; the colours are {', '.join(colours)}."
        )
    return {
        colour: _whole(mana.get(colour, 0), f"{colour.capitalize()} mana") for colour in colours
    }


def difficulty_label(difficulty: int) -> str:
    """A difficulty in words: Challenging (7) when named, otherwise difficulty 2."""
    _checked_whole(difficulty, "The difficulty")
    try:
        return f"{Difficulty(difficulty).label} ({difficulty})"
    except ValueError:
        return f"difficulty {difficulty}"


@dataclass(frozen=True)
class DicePool:
    """How many d10s to roll and how many to keep, with the reason for each."""

    attribute: str
    attribute_score: int
    specialities: int
    rolled: int
    kept: int
    keep_reason: str

    def explain(self) -> str:
        bonus = (
            f" + {self.specialities} for specialit{'y' if self.specialities == 1 else 'ies'}"
            if self.specialities
            else ""
        )
        rolled = (
            f"Roll {self.rolled} (ten-sided dice: {self.attribute} {self.attribute_score}{bonus})"
        )
        if self.kept >= self.rolled:
            # Keeping more dice than were rolled simply keeps them all.
            return f"{rolled}, keep all of them (up to {self.kept}: {self.keep_reason})."
        return f"{rolled}, keep {self.kept} ({self.keep_reason})."


def dice_pool(
    *,
    attribute: str,
    attribute_score: int,
    specialities: int,
    mana: Mapping[str, int],
    links: Mapping[str, str | None] = HOUSE_ATTRIBUTE_COLOURS,
    colours: Sequence[str] = DEFAULT_MANA_COLOURS,
) -> DicePool:
    """Dice rolled (attribute + specialities) and kept (mana + specialities).

    Keep the linked colour's permanent mana if the character has any of it; otherwise
    total mana divided by the number of colours with no mana, rounded down, at least 1.
    """
    if not isinstance(attribute, str) or not attribute:
        raise RulesError("Name the attribute being rolled.")
    if not isinstance(links, Mapping):
        raise RulesError("The attribute–colour links must map attributes to colours.")
    _whole(attribute_score, f"{attribute}")
    _whole(specialities, "The number of specialities")
    owned = check_mana(mana, colours)
    if attribute not in links:
        raise RulesError(f"{attribute} has no entry in the attribute–colour link table.")
    linked_colour = links[attribute]
    if linked_colour is not None and (
        not isinstance(linked_colour, str) or linked_colour not in owned
    ):
        raise RulesError(f"{attribute} is linked to {linked_colour}, which is not a mana colour.")

    if linked_colour is not None and owned[linked_colour] > 0:
        base_keep = owned[linked_colour]
        reason = f"{base_keep} {linked_colour} mana"
    else:
        total = sum(owned.values())
        lacking = sum(1 for amount in owned.values() if amount == 0)
        # Ruling (docs/rulings.md, "Mana division with no colour lacking"): an unlinked
        # attribute of a character with every colour divides by 1, not by zero.
        divisor = max(lacking, 1)
        base_keep = max(total // divisor, 1)
        reason = (
            f"{total} total mana ÷ {divisor} colour{'' if divisor == 1 else 's'} without mana, "
            f"rounded down, at least 1 = {base_keep}"
        )
    if specialities:
        reason += f", + {specialities} for specialit{'y' if specialities == 1 else 'ies'}"
    return DicePool(
        attribute=attribute,
        attribute_score=attribute_score,
        specialities=specialities,
        rolled=attribute_score + specialities,
        kept=base_keep + specialities,
        keep_reason=reason,
    )


def is_success(face: int, difficulty: int, *, strictly_over: bool = False) -> bool:
    """Ruling (docs/rulings.md, "Equal to or over"): a die equal to the difficulty succeeds
    unless the house rule `strictly_over` is on."""
    _checked_whole(face, "A die")
    _checked_whole(difficulty, "The difficulty")
    flag(strictly_over, "Whether a die must beat the difficulty")
    return face > difficulty if strictly_over else face >= difficulty


@dataclass(frozen=True)
class KeptRoll:
    """A resolved roll: faces, the kept (highest) dice, successes, degree and botch."""

    faces: tuple[int, ...]
    keep: int
    difficulty: int
    strictly_over: bool = False

    def __post_init__(self) -> None:
        faces = listed(self.faces, "Dice faces")
        if not faces:
            raise RulesError("A roll needs at least one die.")
        object.__setattr__(self, "faces", check_faces(DiceSpec(len(faces), DIE_SIDES), faces))
        _whole(self.keep, "The number of dice kept", minimum=1)
        _whole(self.difficulty, "The difficulty")
        flag(self.strictly_over, "Whether a die must beat the difficulty")

    @property
    def kept(self) -> tuple[int, ...]:
        """The highest dice, highest first.

        Ruling (docs/rulings.md, "Which kept dice count"): the player keeps the highest,
        since keeping a lower die can never add a success.
        """
        return tuple(sorted(self.faces, reverse=True)[: self.keep])

    @property
    def successes(self) -> int:
        return sum(
            1
            for face in self.kept
            if is_success(face, self.difficulty, strictly_over=self.strictly_over)
        )

    @property
    def botch(self) -> bool:
        """Ruling (docs/rulings.md, "Botch"): any rolled die shows 1 and no kept die succeeds."""
        return self.successes == 0 and BOTCH_FACE in self.faces

    @property
    def degree(self) -> str:
        if self.botch:
            return "Botch"
        return degree_of_success(self.successes)

    def explain(self) -> str:
        rule = "over" if self.strictly_over else "equal to or over"
        kept = ", ".join(str(face) for face in self.kept) or "none"
        text = (
            f"Rolled {', '.join(str(face) for face in self.faces) or 'no dice'}; "
            f"kept {kept}; {self.successes} "
            f"success{'' if self.successes == 1 else 'es'} "
            f"{rule} {difficulty_label(self.difficulty)}"
        )
        if self.botch:
            return text + ": a 1 with no successes — a botch."
        return text + f": {self.degree}."


def resolve_roll_and_keep(
    faces: Iterable[int], *, keep: int, difficulty: int, strictly_over: bool = False
) -> KeptRoll:
    """The result of rolled faces (server, table or test) kept and counted."""
    given = listed(faces, "Dice faces")
    values = check_faces(DiceSpec(len(given), DIE_SIDES), given)
    return KeptRoll(faces=values, keep=keep, difficulty=difficulty, strictly_over=strictly_over)


def roll_and_keep(
    pool: DicePool,
    *,
    difficulty: int,
    source: DiceSource = SECURE_DICE,
    strictly_over: bool = False,
) -> KeptRoll:
    """Roll `pool` with `source` (the server's secure dice unless told otherwise)."""
    instance(pool, DicePool, "a pool of dice")
    if _checked_whole(pool.rolled, "The dice rolled") < 1:
        raise RulesError("There are no dice to roll: the attribute and specialities add to 0.")
    faces = dice_source(source).faces(rollable(DiceSpec(pool.rolled, DIE_SIDES)))
    return resolve_roll_and_keep(
        faces, keep=pool.kept, difficulty=difficulty, strictly_over=strictly_over
    )


def indirect_difficulty(*, passive_attribute_score: int, passive_specialities: int = 0) -> int:
    """The difficulty an indirectly opposed action rolls against: the passive
    character's relevant attribute plus related specialities."""
    _whole(passive_attribute_score, "The passive character's attribute")
    _whole(passive_specialities, "The passive character's specialities")
    return passive_attribute_score + passive_specialities


@dataclass(frozen=True)
class DirectContest:
    """A directly opposed action: each side's kept successes cancel the other's."""

    first: KeptRoll
    second: KeptRoll

    @property
    def margin(self) -> int:
        """Successes the first side has left over (negative when the second side wins)."""
        return self.first.successes - self.second.successes

    @property
    def winner(self) -> str | None:
        """Which side wins: first, second, or None for a tie.

        Ruling (docs/rulings.md, "Directly opposed ties"): equal successes leave nobody
        with successes remaining, so neither side wins.
        """
        if self.margin > 0:
            return "first"
        if self.margin < 0:
            return "second"
        return None

    def explain(self) -> str:
        text = f"{self.first.successes} against {self.second.successes} successes"
        if self.winner is None:
            return text + ": they cancel out and neither side wins."
        side = "The first character" if self.winner == "first" else "The second character"
        left = abs(self.margin)
        return text + f": {side} wins with {left} success{'' if left == 1 else 'es'} remaining."


def resolve_direct_contest(first: KeptRoll, second: KeptRoll) -> DirectContest:
    instance(first, KeptRoll, "the first side's roll")
    instance(second, KeptRoll, "the second side's roll")
    if first.difficulty != second.difficulty or first.strictly_over != second.strictly_over:
        raise RulesError(
            "Both sides of a directly opposed action roll against the same difficulty."
        )
    return DirectContest(first=first, second=second)
