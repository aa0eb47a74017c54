"""One function per thing a player does with a roller sheet, each in one transaction.

The rules live in rules/unique_pool.py, rules/roll_and_keep.py and rules/odds/;
these functions only turn sheet rows into the plain values those take, roll (or take
the faces the player typed), and write the roll log.

Every roll carries a one-time key: the log sequence the form was drawn for. The row
is written at exactly that sequence, so a replayed, double-clicked or concurrent POST
finds the row already saved and gets it back instead of rolling again (the unique
constraint on (sheet, sequence) decides; the row lock only makes the wait polite).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, TypeVar

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Count, Max, Q

from chargen.core.limits import creation_cap, creation_cap_reached
from chargen.core.log import STALE_MESSAGE as KERNEL_STALE_MESSAGE
from chargen.core.log import LogStale, already_written, write_once
from chargen.rollers.models import (
    ManaAttribute,
    ManaCharacter,
    ManaColour,
    ManaRollEntry,
    ManaRollKind,
    ManaSpeciality,
    UniqueAttribute,
    UniqueCharacter,
    UniqueCrisis,
    UniqueRollEntry,
    UniqueRollKind,
    UniqueSpecial,
)
from rules import odds
from rules import roll_and_keep as keep_rules
from rules import unique_pool as pool_rules
from rules.dice import DiceSpec, Roll, entered_roll, roll
from rules.errors import DiceError, RulesError

Entry = TypeVar("Entry", UniqueRollEntry, ManaRollEntry)

# Seed 001 names these two universal attributes in its examples; a player adds the rest.
DEFAULT_UNIQUE_ATTRIBUTES: tuple[str, ...] = ("Strength", "Precision")
# Seed 004 names these attributes; their colour links start from the house table.
DEFAULT_MANA_ATTRIBUTES: tuple[str, ...] = (
    "Strength",
    "Finesse",
    "Endurance",
    "Intelligence",
    "Cunning",
    "Acuity",
    "Charisma",
)
LOG_ROWS_SHOWN = 20


class OpponentDiceError(DiceError):
    """The dice typed for the opponent do not fit the opponent's pool."""


class StaleForm(RulesError):
    """The form was drawn before the sheet's log last changed."""


STALE_MESSAGE = KERNEL_STALE_MESSAGE


@dataclass(frozen=True)
class Saved(Generic[Entry]):
    """The log row at the form's sequence, and whether this request wrote it."""

    entry: Entry
    created: bool


# --- The one-time key ----------------------------------------------------------------------------


def next_sequence(character: UniqueCharacter | ManaCharacter) -> int:
    """The sequence the next roll form carries: one past the log's last row (1 for none)."""
    last = character.rolls.aggregate(last=Max("sequence"))["last"]
    return 1 if last is None else last + 1


def saved_entry(
    character: UniqueCharacter | ManaCharacter, *, sequence: object, kinds: Sequence[str]
) -> UniqueRollEntry | ManaRollEntry | None:
    """The row a form with this sequence already wrote, if it is of the form's kind."""
    model = UniqueRollEntry if isinstance(character, UniqueCharacter) else ManaRollEntry
    return already_written(model, character, sequence, kinds)


def _write_once(
    character: UniqueCharacter | ManaCharacter,
    *,
    sequence: int,
    kinds: Sequence[str],
    build: Callable[[], Any],
) -> Saved[Any]:
    """Run `build` (which rolls and returns an unsaved log row) once for this sequence."""
    model: type[UniqueRollEntry | ManaRollEntry] = (
        UniqueRollEntry if isinstance(character, UniqueCharacter) else ManaRollEntry
    )
    try:
        written = write_once(
            model=model,
            subject=character,
            expected_sequence=sequence,
            kinds=kinds,
            build=lambda entries: build(),
        )
    except LogStale as stale:
        raise StaleForm(str(stale)) from None
    return Saved(entry=written.entry, created=written.created)


def _dice(spec: DiceSpec, entered_faces: Sequence[int] | None) -> Roll:
    """The server's secure roll, or the faces the player typed (checked against `spec`)."""
    if entered_faces is None:
        return roll(spec)
    return entered_roll(spec, entered_faces)


# --- Unique-dice pool: the sheet -----------------------------------------------------------------


class SheetCapReached(Exception):
    """The owner already has as many roller sheets as one player may keep."""


def _refuse_at_sheet_cap(owner: AbstractBaseUser) -> None:
    cap = creation_cap("MAX_ROLLER_SHEETS")

    def sheets() -> int:
        mine = {"owner_id": owner.pk}
        return UniqueCharacter.objects.filter(**mine).count() + (
            ManaCharacter.objects.filter(**mine).count()
        )

    if creation_cap_reached(owner=owner, cap=cap, count=sheets):
        raise SheetCapReached(
            f"You already have {cap} roller sheets, the most one player may keep. "
            "Delete one you no longer use before making another."
        )


@transaction.atomic
def unique_character_create(*, owner: AbstractBaseUser, name: str) -> UniqueCharacter:
    """A new sheet with the book's two universal attributes at 1, ready to edit.
    Raises SheetCapReached at settings.MAX_ROLLER_SHEETS (both kinds counted)."""
    _refuse_at_sheet_cap(owner)
    character = UniqueCharacter.objects.create(owner=owner, name=name.strip())
    UniqueAttribute.objects.bulk_create(
        UniqueAttribute(character=character, name=attribute, score=1)
        for attribute in DEFAULT_UNIQUE_ATTRIBUTES
    )
    return character


def crisis_track(character: UniqueCharacter) -> pool_rules.CrisisTrack:
    """The crossed-off boxes, counted from the crises recorded (one query)."""
    counts = character.crises.aggregate(
        physical=Count("pk", filter=Q(kind=pool_rules.CrisisKind.PHYSICAL.value)),
        mental=Count("pk", filter=Q(kind=pool_rules.CrisisKind.MENTAL.value)),
    )
    return pool_rules.CrisisTrack(physical=counts["physical"], mental=counts["mental"])


def pending_crisis(character: UniqueCharacter) -> UniqueRollEntry | None:
    """A push that caused a crisis the player has not yet described."""
    return (
        character.rolls.filter(kind=UniqueRollKind.PUSH, crisis=True, crisis_record__isnull=True)
        .order_by("-sequence")
        .first()
    )


def _refuse_out_of_play(character: UniqueCharacter, track: pool_rules.CrisisTrack) -> None:
    if track.dead:
        raise RulesError(f"{character.name} is dead (the third physical crisis): no more rolls.")
    if track.retired:
        raise RulesError(
            f"{character.name} is retired from play (the third mental crisis): no more rolls."
        )


# --- Unique-dice pool: rolling -------------------------------------------------------------------


@dataclass(frozen=True)
class UniquePlan:
    """The pool for a task on this sheet, with the names behind each part."""

    attribute: str
    score: int
    tool_quality: int
    specials: tuple[str, ...]
    pool: pool_rules.PoolSize

    @property
    def dice(self) -> int:
        return self.pool.dice

    def what(self) -> str:
        parts = [f"{self.attribute} {self.score}"]
        if self.tool_quality:
            parts.append(f"tools {self.tool_quality}")
        parts.extend(self.specials)
        return f"{', '.join(parts)}: {self.pool.explain()}"


def unique_plan(
    *,
    attribute: UniqueAttribute,
    tool_quality: int,
    specials: Sequence[UniqueSpecial],
) -> UniquePlan:
    """Attribute + tool quality + specials, as rules/unique_pool.py counts them."""
    starred = [special for special in specials if special.starred]
    normal = [special for special in specials if not special.starred]
    return UniquePlan(
        attribute=attribute.name,
        score=attribute.score,
        tool_quality=tool_quality,
        specials=tuple(str(special) for special in specials),
        pool=pool_rules.pool_size(
            attribute=attribute.score,
            tool_quality=tool_quality,
            normal_specials=len(normal),
            starred_specials=len(starred),
        ),
    )


@dataclass(frozen=True)
class TotalChance:
    total: int
    exactly: str
    at_least: str


@dataclass(frozen=True)
class UniqueOdds:
    """What a player sees before rolling: the whole distribution and the needed chance."""

    plan: UniquePlan
    average: str
    totals: tuple[TotalChance, ...]
    needed: int | None
    needed_chance: str | None


def unique_odds(plan: UniquePlan, needed: int | None) -> UniqueOdds:
    distribution = odds.unique_pool_distribution(plan.dice)
    average = sum((total * chance for total, chance in distribution.items()), Fraction(0))
    totals = tuple(
        TotalChance(
            total=total,
            exactly=odds.as_percent(chance),
            at_least=odds.as_percent(odds.unique_pool_chance(plan.dice, total)),
        )
        for total, chance in sorted(distribution.items())
    )
    return UniqueOdds(
        plan=plan,
        average=f"{float(average):.1f}",
        totals=totals,
        needed=needed,
        needed_chance=(
            odds.as_percent(odds.unique_pool_chance(plan.dice, needed)) if needed else None
        ),
    )


def _needed_note(total: int, needed: int | None) -> str:
    if not needed:
        return ""
    if total >= needed:
        return f" The GM named {needed}: reached."
    return f" The GM named {needed}: not reached (the GM may ask you to push your luck)."


def unique_roll(
    *,
    character: UniqueCharacter,
    sequence: int,
    plan: UniquePlan,
    needed: int | None = None,
    entered_faces: Sequence[int] | None = None,
    choices: Mapping[str, Any] | None = None,
) -> Saved[UniqueRollEntry]:
    """Roll the pool (or take typed faces) and save it before anyone sees it."""

    def build() -> UniqueRollEntry:
        _refuse_out_of_play(character, crisis_track(character))
        if pending_crisis(character) is not None:
            raise RulesError("Describe the crisis from the last push before rolling again.")
        dice = _dice(DiceSpec(plan.dice, pool_rules.DIE_SIDES), entered_faces)
        result = pool_rules.resolve_unique_pool(dice.faces)
        chance = odds.as_percent(odds.unique_pool_chance(plan.dice, needed)) if needed else None
        return UniqueRollEntry(
            character=character,
            kind=UniqueRollKind.ROLL,
            what=plan.what()[:300],
            faces=list(dice.faces),
            entered=dice.entered,
            summary=result.explain() + _needed_note(result.total, needed),
            total=result.total,
            details={
                "dice": plan.dice,
                "kept": list(result.kept),
                "discarded": list(result.discarded),
                "needed": needed,
                "needed_chance": chance,
                "choices": dict(choices or {}),
            },
        )

    return _write_once(character, sequence=sequence, kinds=(UniqueRollKind.ROLL,), build=build)


@dataclass(frozen=True)
class PushState:
    """The latest pool roll with its pushes so far, as rules/unique_pool.py sees it."""

    pool_roll: UniqueRollEntry
    pushes: tuple[UniqueRollEntry, ...]
    result: pool_rules.UniqueRoll

    @property
    def chance_new(self) -> str:
        """The chance the next pushed die shows a number not already held."""
        return odds.as_percent(odds.push_luck_chance(self.result.held))

    @property
    def chance_crisis(self) -> str:
        return odds.as_percent(1 - odds.push_luck_chance(self.result.held))


def push_state(character: UniqueCharacter) -> PushState | None:
    """The roll a push would land on: the sheet's latest pool roll (none before the first)."""
    latest = (
        character.rolls.filter(kind=UniqueRollKind.ROLL)
        .order_by("-sequence")
        .prefetch_related("pushes__crisis_record")
        .first()
    )
    if latest is None:
        return None
    pushes = tuple(sorted(latest.pushes.all(), key=lambda push: push.sequence))
    result = pool_rules.UniqueRoll(
        faces=tuple(latest.faces), pushes=tuple(push.faces[0] for push in pushes)
    )
    return PushState(pool_roll=latest, pushes=pushes, result=result)


def unique_push(
    *, character: UniqueCharacter, sequence: int, entered_face: int | None = None
) -> Saved[UniqueRollEntry]:
    """Push one die onto the latest pool roll: its own log row, saved before it is shown."""

    def build() -> UniqueRollEntry:
        state = push_state(character)
        if state is None:
            raise RulesError("Roll the pool before pushing your luck.")
        if state.result.crisis:
            raise RulesError("That roll already ended in a crisis; it cannot be pushed again.")
        chance_new = state.chance_new
        dice = _dice(
            DiceSpec(1, pool_rules.DIE_SIDES), None if entered_face is None else [entered_face]
        )
        after = state.result.push(dice.faces[0])
        summary = after.explain()
        if after.crisis:
            summary += " Choose physical or mental and describe the crisis."
        return UniqueRollEntry(
            character=character,
            kind=UniqueRollKind.PUSH,
            pool_roll=state.pool_roll,
            what=f"Push your luck on roll #{state.pool_roll.sequence} "
            f"({chance_new} chance of a new number)",
            faces=list(dice.faces),
            entered=dice.entered,
            summary=summary,
            total=after.total,
            crisis=after.crisis,
            details={"chance_new": chance_new, "held_before": list(state.result.held)},
        )

    return _write_once(character, sequence=sequence, kinds=(UniqueRollKind.PUSH,), build=build)


def unique_crisis_record(
    *, character: UniqueCharacter, push_sequence: int, kind: str, description: str
) -> tuple[UniqueCrisis, bool]:
    """Cross off a crisis box for a push that matched. Once per push; never undone."""
    description = description.strip()
    if not description:
        raise RulesError("Describe the crisis: what happened, and what it leaves behind.")

    def existing() -> UniqueCrisis | None:
        return UniqueCrisis.objects.filter(
            character=character, push__sequence=push_sequence
        ).first()

    try:
        with transaction.atomic():
            UniqueCharacter.objects.select_for_update().filter(pk=character.pk).first()
            push = character.rolls.filter(
                sequence=push_sequence, kind=UniqueRollKind.PUSH, crisis=True
            ).first()
            if push is None:
                raise RulesError("That push caused no crisis.")
            earlier = existing()
            if earlier is not None:
                return earlier, False
            crisis_track(character).add(kind)  # refuses after death or retirement
            return (
                UniqueCrisis.objects.create(
                    character=character, push=push, kind=kind, description=description
                ),
                True,
            )
    except IntegrityError:
        earlier = existing()
        if earlier is None:
            raise
        return earlier, False


# --- Roll and keep: the sheet --------------------------------------------------------------------


@transaction.atomic
def mana_character_create(*, owner: AbstractBaseUser, name: str) -> ManaCharacter:
    """A new sheet: the book's attributes at 1, five colours at 0, the house colour links.
    Raises SheetCapReached at settings.MAX_ROLLER_SHEETS (both kinds counted)."""
    _refuse_at_sheet_cap(owner)
    character = ManaCharacter.objects.create(owner=owner, name=name.strip())
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


def mana_sheet(character: ManaCharacter) -> ManaSheet:
    colours = list(character.colours.all())
    attributes = list(character.attributes.all())
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


def _kept_details(result: keep_rules.KeptRoll) -> dict[str, Any]:
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
    entered_faces: Sequence[int] | None = None,
    choices: Mapping[str, Any] | None = None,
) -> Saved[ManaRollEntry]:
    """Roll and keep against a difficulty, saved before it is shown."""

    def build() -> ManaRollEntry:
        if pool.rolled < 1:
            raise RulesError("There are no dice to roll: the attribute and specialities add to 0.")
        dice = _dice(DiceSpec(pool.rolled, keep_rules.DIE_SIDES), entered_faces)
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
                **_kept_details(result),
                "difficulty": difficulty.value,
                "difficulty_label": difficulty.label,
                "choices": dict(choices or {}),
            },
        )

    return _write_once(character, sequence=sequence, kinds=(ManaRollKind.ROLL,), build=build)


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
    entered_faces: Sequence[int] | None = None,
    opponent_faces: Sequence[int] | None = None,
    choices: Mapping[str, Any] | None = None,
) -> Saved[ManaRollEntry]:
    """Both sides roll against the GM's difficulty; kept successes cancel; most left wins."""
    if (entered_faces is None) != (opponent_faces is None):
        raise RulesError("Type both sides' dice, or let the server roll both.")

    def build() -> ManaRollEntry:
        if pool.rolled < 1:
            raise RulesError("There are no dice to roll: the attribute and specialities add to 0.")
        mine = _dice(DiceSpec(pool.rolled, keep_rules.DIE_SIDES), entered_faces)
        try:
            theirs = _dice(DiceSpec(opponent.rolled, keep_rules.DIE_SIDES), opponent_faces)
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
                **_kept_details(first),
                "difficulty": difficulty.value,
                "difficulty_label": difficulty.label,
                "opponent": {
                    "name": opponent.name,
                    "faces": list(theirs.faces),
                    **_kept_details(second),
                },
                "margin": contest.margin,
                "winner": winner,
                "verdict": verdict,
                "choices": dict(choices or {}),
            },
        )

    return _write_once(character, sequence=sequence, kinds=(ManaRollKind.CONTEST,), build=build)


# --- Editing a sheet -----------------------------------------------------------------------------


@transaction.atomic
def sheet_save(*, forms: Sequence[Any]) -> None:
    """Save a sheet's form and its formsets together, or none of them."""
    for form in forms:
        form.save()
