"""Using tokens (seed 000, "Using Tokens"): plan a roll, roll it, assist another's roll.

Two dice at face value plus one die per depleted token, the rest halved; +1 per
applicable token up to +3. Every function takes plain values and dice faces from
outside (rules.dice makes the faces) and returns a new frozen state plus words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from rules.dice import DiceSpec, check_faces
from rules.drifting.tokens import (
    DriftingError,
    Sheet,
    TokenState,
    checked_sheet,
    plural,
    token_held,
)
from rules.inputs import counts_by_name, instance, listed_instances, optional_text, text, texts

__all__ = [
    "BASE_DICE",
    "DEPLETION_CHECKS",
    "DIE_SIDES",
    "KEPT_AT_FACE_VALUE",
    "MAX_EXTRA_DICE",
    "MAX_MODIFIER",
    "MODIFIER_CHECKS",
    "Assist",
    "TokenRollPlan",
    "TokenRollResult",
    "apply_token_roll",
    "assist_deplete",
    "plan_token_roll",
    "resolve_token_roll",
]

DIE_SIDES = 6  # "the same dice system as Orchestra": two six-sided dice
BASE_DICE = 2
MAX_MODIFIER = 3
MAX_EXTRA_DICE = 3
KEPT_AT_FACE_VALUE = 2
# Check marks a type earns on the roller's sheet: for its modifier, for its die.
MODIFIER_CHECKS = 1
DEPLETION_CHECKS = 2


@dataclass(frozen=True)
class Assist:
    """Another character depleting one token to give this roll a die and its +1."""

    helper: str
    token: str

    def __post_init__(self) -> None:
        text(self.helper, "The helper")
        text(self.token, "The helper's token")


@dataclass(frozen=True)
class TokenRollPlan:
    """What a roll will be before the dice: its dice, modifier and check marks."""

    extra_dice: int
    modifier: int
    modifier_from: tuple[tuple[str, int], ...]
    depleted: tuple[tuple[str, int], ...]
    assists: tuple[Assist, ...]
    check_marks: tuple[tuple[str, int], ...]
    shared_mark: str | None
    unused: tuple[str, ...] = ()

    @property
    def dice(self) -> DiceSpec:
        return DiceSpec(count=BASE_DICE + self.extra_dice, sides=DIE_SIDES)

    def explanation(self) -> tuple[str, ...]:
        lines = []
        if self.modifier_from:
            parts = ", ".join(f"{name} +{amount}" for name, amount in self.modifier_from)
            lines.append(f"Modifier +{self.modifier} ({parts}).")
        else:
            lines.append("No applicable tokens: no modifier.")
        reached = "already reached" + (", assists first" if self.assists else "")
        for name in self.unused:
            lines.append(f"{name} adds nothing: the +{MAX_MODIFIER} maximum is {reached}.")
        for name, count in self.depleted:
            lines.append(f"{plural(count, name + ' token')} depleted for {plural(count, 'die')}.")
        for assist in self.assists:
            lines.append(f"{assist.helper} depletes {assist.token} to give a die and +1.")
        lines.append(f"Rolling {self.dice.count} dice.")
        return tuple(lines)


def plan_token_roll(
    sheet: Sheet,
    *,
    applicable: Sequence[str] = (),
    deplete: Mapping[str, int] | None = None,
    assists: Sequence[Assist] = (),
    share: str | None = None,
) -> TokenRollPlan:
    """Check the player's choices and work out dice, modifier and check marks.

    Assists count within the roll's limits of +3 and three extra dice, and give their
    +1 first; then depleted types (Jim's Military, Firearms and Dodge), then the other
    ticked types, one token per type before second tokens.
    """
    sheet = checked_sheet(sheet)
    applicable = texts(applicable, "The tokens that apply")
    depleting = {} if deplete is None else counts_by_name(deplete, "The tokens to deplete")
    assists = listed_instances(assists, Assist, "The assists", "an assist")
    optional_text(share, "The token whose check mark is shared")
    deplete = {name: count for name, count in depleting.items() if count}
    for name, count in deplete.items():
        token = token_held(sheet, name)
        if count < 0:
            raise DriftingError("You cannot deplete a negative number of tokens.")
        if count > token.fresh:
            raise DriftingError(
                f"Only {plural(token.fresh, name + ' token')} can be depleted now; "
                f"depleted and lost tokens wait for the next refresh."
            )
    extra_dice = sum(deplete.values()) + len(assists)
    if extra_dice > MAX_EXTRA_DICE:
        raise DriftingError(
            f"At most {MAX_EXTRA_DICE} tokens can be depleted for dice on one roll "
            f"(assists included); {extra_dice} were chosen."
        )
    if len(set(applicable)) != len(applicable):
        raise DriftingError("Tick each token type once; every token of it counts.")
    ordered = list(deplete) + [name for name in applicable if name not in deplete]
    for name in ordered:
        if token_held(sheet, name).gives_modifier == 0:
            raise DriftingError(f"Every {name} token is lost until the next refresh.")
    # The +3 is filled in this order (docs/rulings.md, "Assists count first"):
    # 1. each assist's +1: a token its helper depleted for this roll ("in which case the
    #    modifier from them also applies");
    # 2. one token of each type, depleted types first, then ticked ones;
    # 3. second and third tokens of a type: Jim reaches +3 with Military, Firearms and
    #    Dodge "before relying on adding in his second Firearms token".
    modifier = min(len(assists), MAX_MODIFIER)
    own: dict[str, int] = {}
    for layer in range(1, MAX_MODIFIER + 1):
        for name in ordered:
            if modifier < MAX_MODIFIER and sheet[name].gives_modifier >= layer:
                own[name] = own.get(name, 0) + 1
                modifier += 1
    modifier_from = [(f"{assist.helper}'s {assist.token}", 1) for assist in assists]
    modifier_from += [(name, own[name]) for name in ordered if name in own]
    unused = [name for name in ordered if name not in own]
    # Check marks: one per type that gave a modifier, two per type depleted, once per
    # type per roll. An assist marks nothing here: its helper marked two when depleting.
    marks: dict[str, int] = dict.fromkeys(own, MODIFIER_CHECKS)
    for name in deplete:
        marks[name] = marks.get(name, 0) + DEPLETION_CHECKS
    if share is not None:
        if share not in deplete:
            raise DriftingError(
                "A check mark can only be shared from a token depleted on this roll."
            )
        marks[share] -= 1
    return TokenRollPlan(
        extra_dice=extra_dice,
        modifier=modifier,
        modifier_from=tuple(modifier_from),
        depleted=tuple(deplete.items()),
        assists=tuple(assists),
        check_marks=tuple(marks.items()),
        shared_mark=share,
        unused=tuple(unused),
    )


@dataclass(frozen=True)
class TokenRollResult:
    """The dice, which were kept and which halved, and the total."""

    plan: TokenRollPlan
    faces: tuple[int, ...]
    kept_positions: tuple[int, ...]
    halved_values: tuple[int, ...] = field(default=())

    @property
    def kept_total(self) -> int:
        return sum(self.faces[position] for position in self.kept_positions)

    @property
    def halved_total(self) -> int:
        return sum(self.halved_values)

    @property
    def dice_total(self) -> int:
        return self.kept_total + self.halved_total

    @property
    def total(self) -> int:
        return self.dice_total + self.plan.modifier

    def dice(self) -> tuple[tuple[int, bool, int], ...]:
        """Each die as (face, kept at face value, value counted)."""
        halved = iter(self.halved_values)
        return tuple(
            (
                face,
                position in self.kept_positions,
                face if position in self.kept_positions else next(halved),
            )
            for position, face in enumerate(self.faces)
        )

    def explanation(self) -> str:
        kept = " + ".join(str(self.faces[position]) for position in self.kept_positions)
        text = f"Kept {kept} = {self.kept_total}"
        halved = [f"{face}→{value}" for face, is_kept, value in self.dice() if not is_kept]
        if halved:
            text += f"; halved {', '.join(halved)} = {self.halved_total}"
        text += f"; dice {self.dice_total}, modifier +{self.plan.modifier}: total {self.total}."
        return text


def resolve_token_roll(plan: TokenRollPlan, faces: Sequence[int]) -> TokenRollResult:
    """Keep the highest two dice at face value; halve the rest, rounding down."""
    instance(plan, TokenRollPlan, "a planned token roll")
    faces = check_faces(plan.dice, faces)
    by_height = sorted(range(len(faces)), key=lambda position: (-faces[position], position))
    kept = tuple(sorted(by_height[:KEPT_AT_FACE_VALUE]))
    halved = tuple(face // 2 for position, face in enumerate(faces) if position not in kept)
    return TokenRollResult(plan=plan, faces=faces, kept_positions=kept, halved_values=halved)


def apply_token_roll(sheet: Sheet, plan: TokenRollPlan) -> dict[str, TokenState]:
    """The roller's sheet after the roll: tokens depleted and check marks added."""
    updated = checked_sheet(sheet)
    instance(plan, TokenRollPlan, "a planned token roll")
    depleted = dict(plan.depleted)
    for name, marks in plan.check_marks:
        token = updated.get(name)
        if token is None:
            raise DriftingError(f"The roll used {name}, which is not on this sheet.")
        updated[name] = replace(
            token, depleted=token.depleted + depleted.get(name, 0), checks=token.checks + marks
        )
    return updated


def assist_deplete(
    sheet: Sheet, *, token: str, helper: str
) -> tuple[dict[str, TokenState], Assist]:
    """The helper depletes one token for another's roll and marks two checks for it."""
    sheet = checked_sheet(sheet)
    text(token, "The token")
    text(helper, "The helper")
    state = token_held(sheet, token)
    if state.fresh == 0:
        raise DriftingError(f"No {token} token is left to deplete until the next refresh.")
    updated = dict(sheet)
    updated[token] = replace(
        state, depleted=state.depleted + 1, checks=state.checks + DEPLETION_CHECKS
    )
    return updated, Assist(helper=helper, token=token)
