"""The unique-dice pool sheet (seed 001): its crisis track, rolls, pushes and crises."""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, cast

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Count, Q
from django.utils import timezone

from chargen.core.start_key import already_started
from chargen.rollers.models import (
    UniqueAttribute,
    UniqueCharacter,
    UniqueCrisis,
    UniqueRollEntry,
    UniqueRollKind,
    UniqueSpecial,
)
from chargen.rollers.roll_writes import (
    DEFAULT_UNIQUE_ATTRIBUTES,
    Saved,
    dice_roll,
    refuse_at_sheet_cap,
    write_roll_once,
)
from rules import odds
from rules import unique_pool as pool_rules
from rules.dice import DiceSpec
from rules.errors import RulesError

# Saved with a push that caused a crisis; its log row drops it once the crisis is recorded.
CRISIS_PROMPT = " Choose physical or mental and describe the crisis."

# --- Unique-dice pool: the sheet -----------------------------------------------------------------


@transaction.atomic
def unique_character_create(
    *, owner: User, name: str, start_key: uuid.UUID | None = None
) -> UniqueCharacter:
    """A new sheet with the book's two universal attributes at 1, ready to edit.
    Raises SheetCapReached at settings.MAX_ROLLER_SHEETS (both kinds counted)."""
    # The same "new sheet" form sent again (a double-click) finds the first one's sheet.
    made = already_started(UniqueCharacter, owner, start_key)
    if made is not None:
        return cast(UniqueCharacter, made)
    refuse_at_sheet_cap(owner)
    character = UniqueCharacter.objects.create(owner=owner, name=name.strip(), start_key=start_key)
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


def crisis_track_of(crises: Iterable[UniqueCrisis]) -> pool_rules.CrisisTrack:
    """The crossed-off boxes, counted from crisis rows a page has loaded anyway."""
    kinds = [crisis.kind for crisis in crises]
    return pool_rules.CrisisTrack(
        physical=kinds.count(pool_rules.CrisisKind.PHYSICAL.value),
        mental=kinds.count(pool_rules.CrisisKind.MENTAL.value),
    )


def pending_crisis(character: UniqueCharacter) -> UniqueRollEntry | None:
    """A push that caused a crisis the player has not yet described."""
    return (
        character.rolls.filter(kind=UniqueRollKind.PUSH, crisis=True, crisis_record=None)
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


@lru_cache(maxsize=64)
def _pool_table(dice: int) -> tuple[str, tuple[TotalChance, ...]]:
    """The average and every total's chances for a pool of `dice`: a pure function of the
    dice count, drawn on every roller page view, so worked out once a process."""
    distribution = odds.unique_pool_distribution(dice)
    average = sum((total * chance for total, chance in distribution.items()), Fraction(0))
    totals = tuple(
        TotalChance(
            total=total,
            exactly=odds.as_percent(chance),
            at_least=odds.as_percent(odds.unique_pool_chance(dice, total)),
        )
        for total, chance in sorted(distribution.items())
    )
    return f"{float(average):.1f}", totals


def unique_odds(plan: UniquePlan, needed: int | None) -> UniqueOdds:
    average, totals = _pool_table(plan.dice)
    return UniqueOdds(
        plan=plan,
        average=average,
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
    entered_faces: Sequence[int] | str | None = None,
    choices: Mapping[str, Any] | None = None,
) -> Saved[UniqueRollEntry]:
    """Roll the pool (or take typed faces) and save it before anyone sees it."""

    def build() -> UniqueRollEntry:
        _refuse_out_of_play(character, crisis_track(character))
        if pending_crisis(character) is not None:
            raise RulesError("Describe the crisis from the last push before rolling again.")
        dice = dice_roll(DiceSpec(plan.dice, pool_rules.DIE_SIDES), entered_faces)
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

    return write_roll_once(character, sequence=sequence, kinds=(UniqueRollKind.ROLL,), build=build)


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
    latest = character.rolls.filter(kind=UniqueRollKind.ROLL).order_by("-sequence").first()
    if latest is None:
        return None
    # Each push with its crisis record (or none).
    pushes = tuple(latest.pushes.select_related("crisis_record").order_by("sequence"))
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
        dice = dice_roll(
            DiceSpec(1, pool_rules.DIE_SIDES), None if entered_face is None else [entered_face]
        )
        after = state.result.push(dice.faces[0])
        summary = after.explain()
        if after.crisis:
            summary += CRISIS_PROMPT
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

    return write_roll_once(character, sequence=sequence, kinds=(UniqueRollKind.PUSH,), build=build)


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
            crisis = UniqueCrisis.objects.create(
                character=character, push=push, kind=kind, description=description
            )
            # A crisis is not a log row: the sheet's row says it changed (its ETag).
            UniqueCharacter.objects.filter(pk=character.pk).update(updated=timezone.now())
            return crisis, True
    except IntegrityError:
        earlier = existing()
        if earlier is None:
            raise
        return earlier, False
