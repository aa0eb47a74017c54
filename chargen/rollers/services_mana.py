"""The roll-and-keep sheet (seed 004): pools from mana, difficulties, rolls and contests."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from django.contrib.auth.models import User
from django.db import transaction

from chargen.core.start_key import already_started
from chargen.rollers.models import (
    ManaAttribute,
    ManaCharacter,
    ManaColour,
    ManaRollEntry,
    ManaRollKind,
    ManaSpeciality,
)
from chargen.rollers.roll_writes import (
    DEFAULT_MANA_ATTRIBUTES,
    OpponentDiceError,
    Saved,
    dice_roll,
    refuse_at_sheet_cap,
    write_roll_once,
)
from rules import odds
from rules import roll_and_keep as keep_rules
from rules.dice import DiceSpec
from rules.errors import DiceError, RulesError

# --- Roll and keep: the sheet --------------------------------------------------------------------


@transaction.atomic
def mana_character_create(
    *, owner: User, name: str, start_key: uuid.UUID | None = None
) -> ManaCharacter:
    """A new sheet: the book's attributes at 1, five colours at 0, the house colour links.
    Raises SheetCapReached at settings.MAX_ROLLER_SHEETS (both kinds counted)."""
    # The same "new sheet" form sent again (a double-click) finds the first one's sheet.
    made = already_started(ManaCharacter, owner, start_key)
    if made is not None:
        return cast(ManaCharacter, made)
    refuse_at_sheet_cap(owner)
    character = ManaCharacter.objects.create(owner=owner, name=name.strip(), start_key=start_key)
    ManaColour.objects.bulk_create(
        ManaColour(character=character, name=colour, amount=0)
        for colour in keep_rules.DEFAULT_MANA_COLOURS
    )
    ManaAttribute.objects.bulk_create(
        ManaAttribute(
            character=character,
            name=attribute,
            score=1,
            colour=keep_rules.HOUSE_ATTRIBUTE_COLOURS.get(attribute) or "",
        )
        for attribute in DEFAULT_MANA_ATTRIBUTES
    )
    return character


@dataclass(frozen=True)
class ManaSheet:
    """A sheet's mana and colour links as the plain values rules/roll_and_keep.py takes."""

    colours: tuple[str, ...]
    mana: dict[str, int]
    links: dict[str, str | None]


def mana_sheet(
    character: ManaCharacter,
    *,
    colours: Sequence[ManaColour] | None = None,
    attributes: Sequence[ManaAttribute] | None = None,
) -> ManaSheet:
    """The sheet's mana and links (from `colours` and `attributes` when the page has them)."""
    colours = list(character.colours.all()) if colours is None else colours
    attributes = list(character.attributes.all()) if attributes is None else attributes
    return ManaSheet(
        colours=tuple(colour.name for colour in colours),
        mana={colour.name: colour.amount for colour in colours},
        links={attribute.name: attribute.colour or None for attribute in attributes},
    )


def mana_pool(
    sheet: ManaSheet, *, attribute: ManaAttribute, specialities: Sequence[ManaSpeciality]
) -> keep_rules.DicePool:
    """Dice rolled and kept for this attribute and these specialities."""
    if not sheet.colours:
        raise RulesError("Give the sheet at least one mana colour first.")
    return keep_rules.dice_pool(
        attribute=attribute.name,
        attribute_score=attribute.score,
        specialities=len(specialities),
        mana=sheet.mana,
        links=sheet.links,
        colours=sheet.colours,
    )


@dataclass(frozen=True)
class DifficultyChoice:
    value: int
    label: str


def named_difficulty(name: str) -> DifficultyChoice:
    """One of the book's eight difficulties, by its enum name (STANDARD, CHALLENGING …)."""
    try:
        difficulty = keep_rules.Difficulty[name]
    except KeyError:
        raise RulesError("Choose one of the eight difficulties.") from None
    return DifficultyChoice(value=int(difficulty), label=keep_rules.difficulty_label(difficulty))


def passive_difficulty(*, attribute_score: int, specialities: int) -> DifficultyChoice:
    """Indirectly opposed: the passive character's attribute plus related specialities."""
    value = keep_rules.indirect_difficulty(
        passive_attribute_score=attribute_score, passive_specialities=specialities
    )
    return DifficultyChoice(
        value=value,
        label=(
            f"difficulty {value} (indirectly opposed: passive attribute {attribute_score} "
            f"+ {specialities} specialit{'y' if specialities == 1 else 'ies'})"
        ),
    )


@dataclass(frozen=True)
class DegreeChance:
    name: str
    chance: str


@dataclass(frozen=True)
class ManaOdds:
    pool: keep_rules.DicePool
    difficulty: DifficultyChoice
    degrees: tuple[DegreeChance, ...]
    success: str
    botch: str


def mana_odds(pool: keep_rules.DicePool, difficulty: DifficultyChoice) -> ManaOdds:
    """The chance of each degree and of a botch, before rolling."""
    if pool.rolled < 1:
        raise RulesError("There are no dice to roll: the attribute and specialities add to 0.")
    degrees = odds.roll_and_keep_degrees(pool.rolled, pool.kept, difficulty.value)
    return ManaOdds(
        pool=pool,
        difficulty=difficulty,
        degrees=tuple(
            DegreeChance(name=name, chance=odds.as_percent(chance))
            for name, chance in degrees.items()
        ),
        success=odds.as_percent(
            odds.roll_and_keep_chance(pool.rolled, pool.kept, difficulty.value)
        ),
        botch=odds.as_percent(odds.roll_and_keep_botch_chance(pool.rolled, difficulty.value)),
    )


def kept_details(result: keep_rules.KeptRoll) -> dict[str, Any]:
    """The dice for display: kept (each marked success or not) and not kept."""
    not_kept = list(result.faces)
    for face in result.kept:
        not_kept.remove(face)
    return {
        "kept": [
            {"face": face, "success": keep_rules.is_success(face, result.difficulty)}
            for face in result.kept
        ],
        "not_kept": sorted(not_kept, reverse=True),
        "successes": result.successes,
        "degree": result.degree,
        "botch": result.botch,
    }


def mana_roll(
    *,
    character: ManaCharacter,
    sequence: int,
    pool: keep_rules.DicePool,
    difficulty: DifficultyChoice,
    entered_faces: Sequence[int] | str | None = None,
    choices: Mapping[str, Any] | None = None,
) -> Saved[ManaRollEntry]:
    """Roll and keep against a difficulty, saved before it is shown."""

    def build() -> ManaRollEntry:
        if pool.rolled < 1:
            raise RulesError("There are no dice to roll: the attribute and specialities add to 0.")
        dice = dice_roll(DiceSpec(pool.rolled, keep_rules.DIE_SIDES), entered_faces)
        result = keep_rules.resolve_roll_and_keep(
            dice.faces, keep=pool.kept, difficulty=difficulty.value
        )
        return ManaRollEntry(
            character=character,
            kind=ManaRollKind.ROLL,
            what=f"{pool.explain()} Against {difficulty.label}."[:300],
            faces=list(dice.faces),
            entered=dice.entered,
            summary=result.explain(),
            successes=result.successes,
            details={
                **kept_details(result),
                "difficulty": difficulty.value,
                "difficulty_label": difficulty.label,
                "choices": dict(choices or {}),
            },
        )

    return write_roll_once(character, sequence=sequence, kinds=(ManaRollKind.ROLL,), build=build)


@dataclass(frozen=True)
class Opponent:
    """The other side of a directly opposed action: one of the player's sheets or an NPC."""

    name: str
    rolled: int
    kept: int
    explanation: str


def opponent_from_sheet(
    character: ManaCharacter,
    *,
    attribute: ManaAttribute,
    specialities: Sequence[ManaSpeciality],
) -> Opponent:
    pool = mana_pool(mana_sheet(character), attribute=attribute, specialities=specialities)
    return Opponent(
        name=character.name, rolled=pool.rolled, kept=pool.kept, explanation=pool.explain()
    )


def opponent_npc(*, name: str, rolled: int, kept: int) -> Opponent:
    """An NPC pool typed in: its attribute dice (with any specialities) and dice kept."""
    if rolled < 1 or kept < 1:
        raise RulesError("An NPC rolls and keeps at least one die.")
    return Opponent(
        name=name.strip() or "The NPC",
        rolled=rolled,
        kept=kept,
        explanation=f"Roll {rolled}, keep {min(kept, rolled)} (typed in).",
    )


@dataclass(frozen=True)
class ContestOdds:
    pool: keep_rules.DicePool
    opponent: Opponent
    difficulty: DifficultyChoice
    win: str
    neither: str
    lose: str


def contest_odds(
    pool: keep_rules.DicePool, opponent: Opponent, difficulty: DifficultyChoice
) -> ContestOdds:
    if pool.rolled < 1:
        raise RulesError("There are no dice to roll: the attribute and specialities add to 0.")
    win, neither, lose = odds.roll_and_keep_contest(
        pool.rolled, pool.kept, opponent.rolled, opponent.kept, difficulty.value
    )
    return ContestOdds(
        pool=pool,
        opponent=opponent,
        difficulty=difficulty,
        win=odds.as_percent(win),
        neither=odds.as_percent(neither),
        lose=odds.as_percent(lose),
    )


def mana_contest(
    *,
    character: ManaCharacter,
    sequence: int,
    pool: keep_rules.DicePool,
    opponent: Opponent,
    difficulty: DifficultyChoice,
    entered_faces: Sequence[int] | str | None = None,
    opponent_faces: Sequence[int] | str | None = None,
    choices: Mapping[str, Any] | None = None,
) -> Saved[ManaRollEntry]:
    """Both sides roll against the GM's difficulty; kept successes cancel; most left wins."""
    if (entered_faces is None) != (opponent_faces is None):
        raise RulesError("Type both sides' dice, or let the server roll both.")

    def build() -> ManaRollEntry:
        if pool.rolled < 1:
            raise RulesError("There are no dice to roll: the attribute and specialities add to 0.")
        mine = dice_roll(DiceSpec(pool.rolled, keep_rules.DIE_SIDES), entered_faces)
        try:
            theirs = dice_roll(DiceSpec(opponent.rolled, keep_rules.DIE_SIDES), opponent_faces)
        except DiceError as error:
            raise OpponentDiceError(f"{opponent.name}'s dice: {error}") from error
        first = keep_rules.resolve_roll_and_keep(
            mine.faces, keep=pool.kept, difficulty=difficulty.value
        )
        second = keep_rules.resolve_roll_and_keep(
            theirs.faces, keep=opponent.kept, difficulty=difficulty.value
        )
        contest = keep_rules.resolve_direct_contest(first, second)
        winner = {"first": character.name, "second": opponent.name}.get(contest.winner or "")
        left = abs(contest.margin)
        if winner is None:
            verdict = "The successes cancel out: neither side wins."
        else:
            verdict = f"{winner} wins with {left} success{'' if left == 1 else 'es'} remaining."
        return ManaRollEntry(
            character=character,
            kind=ManaRollKind.CONTEST,
            what=(
                f"Against {opponent.name} at {difficulty.label}. {character.name}: "
                f"{pool.explain()} {opponent.name}: {opponent.explanation}"
            )[:300],
            faces=list(mine.faces),
            entered=mine.entered,
            summary=(
                f"{character.name} {first.successes} against {opponent.name} "
                f"{second.successes} kept successes. {verdict}"
            ),
            successes=first.successes,
            details={
                **kept_details(first),
                "difficulty": difficulty.value,
                "difficulty_label": difficulty.label,
                "opponent": {
                    "name": opponent.name,
                    "faces": list(theirs.faces),
                    **kept_details(second),
                },
                "margin": contest.margin,
                "winner": winner,
                "verdict": verdict,
                "choices": dict(choices or {}),
            },
        )

    return write_roll_once(character, sequence=sequence, kinds=(ManaRollKind.CONTEST,), build=build)
