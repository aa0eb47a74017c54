"""Drifting: tokens in play — rolling with them, check marks, sharing, losing, refresh.

A character's tokens are kept per specific type ("Firearms", "Military"): how many
are held, how many of those are depleted or lost, and the check marks towards the
next one. Every function here takes plain values and dice faces from outside
(rules.dice makes the faces) and returns a new frozen state plus words saying why.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from rules.dice import DiceSpec, check_faces
from rules.errors import RulesError

DIE_SIDES = 6  # "the same dice system as Orchestra": two six-sided dice
BASE_DICE = 2
MAX_MODIFIER = 3
MAX_EXTRA_DICE = 3
KEPT_AT_FACE_VALUE = 2
CHECKS_PER_TOKEN_HELD = 10
SHARED_MARKS_FOR_NEW_TOKEN = 10
MODIFIER_CHECKS = 1
DEPLETION_CHECKS = 2
BOOK_LOSS_MARGIN_STEP = 5  # "an additional token is lost for every five points"
EXAMPLE_LOSS_MARGIN_STEP = 3  # Linda's example: a margin of three costs two tokens
LOSS_MARGIN_STEPS = (BOOK_LOSS_MARGIN_STEP, EXAMPLE_LOSS_MARGIN_STEP)


class DriftingError(RulesError):
    """A Drifting choice the rules do not allow."""


class TokenKind(StrEnum):
    BACKGROUND = "background"
    FOCUS = "focus"
    REPUTATION = "reputation"


@dataclass(frozen=True)
class TokenState:
    """One specific token type on a character's sheet.

    `depleted` and `lost` never overlap: losing a depleted token moves it to lost.
    `shared_marks` are marks given by others in a type the character lacks.
    """

    name: str
    kind: TokenKind = TokenKind.FOCUS
    held: int = 0
    depleted: int = 0
    lost: int = 0
    checks: int = 0
    shared_marks: int = 0

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise DriftingError("A token needs a name.")
        if min(self.held, self.depleted, self.lost, self.checks, self.shared_marks) < 0:
            raise DriftingError(f"{self.name}: token counts cannot be negative.")
        if self.depleted + self.lost > self.held:
            raise DriftingError(f"{self.name}: more tokens depleted or lost than are held.")

    @property
    def fresh(self) -> int:
        """Tokens that can still be depleted or lost first."""
        return self.held - self.depleted - self.lost

    @property
    def gives_modifier(self) -> int:
        """Depleted tokens still give their modifier; lost ones do not."""
        return self.held - self.lost

    @property
    def checks_needed(self) -> int:
        return CHECKS_PER_TOKEN_HELD * self.held

    @property
    def gain_due(self) -> bool:
        return self.held > 0 and self.checks >= self.checks_needed

    @property
    def pending_from_sharing(self) -> bool:
        return self.held == 0 and self.shared_marks >= SHARED_MARKS_FOR_NEW_TOKEN


Sheet = Mapping[str, TokenState]


def sheet_from(tokens: Iterable[TokenState]) -> dict[str, TokenState]:
    """Key a character's tokens by name, refusing the same type twice."""
    sheet: dict[str, TokenState] = {}
    for token in tokens:
        if token.name in sheet:
            raise DriftingError(f"{token.name} is listed twice; keep one line per token type.")
        sheet[token.name] = token
    return sheet


def _token(sheet: Sheet, name: str) -> TokenState:
    token = sheet.get(name)
    if token is None or token.held == 0:
        raise DriftingError(f"You have no {name} token.")
    return token


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


# --- Rolling -------------------------------------------------------------------------


@dataclass(frozen=True)
class Assist:
    """Another character depleting one token to give this roll a die and its +1."""

    helper: str
    token: str


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
            lines.append(f"{_plural(count, name + ' token')} depleted for {_plural(count, 'die')}.")
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
    deplete = {name: count for name, count in (deplete or {}).items() if count}
    for name, count in deplete.items():
        token = _token(sheet, name)
        if count < 0:
            raise DriftingError("You cannot deplete a negative number of tokens.")
        if count > token.fresh:
            raise DriftingError(
                f"Only {_plural(token.fresh, name + ' token')} can be depleted now; "
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
        if _token(sheet, name).gives_modifier == 0:
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
    faces = check_faces(plan.dice, faces)
    by_height = sorted(range(len(faces)), key=lambda position: (-faces[position], position))
    kept = tuple(sorted(by_height[:KEPT_AT_FACE_VALUE]))
    halved = tuple(face // 2 for position, face in enumerate(faces) if position not in kept)
    return TokenRollResult(plan=plan, faces=faces, kept_positions=kept, halved_values=halved)


def apply_token_roll(sheet: Sheet, plan: TokenRollPlan) -> dict[str, TokenState]:
    """The roller's sheet after the roll: tokens depleted and check marks added."""
    updated = dict(sheet)
    depleted = dict(plan.depleted)
    for name, marks in plan.check_marks:
        token = updated[name]
        updated[name] = replace(
            token, depleted=token.depleted + depleted.get(name, 0), checks=token.checks + marks
        )
    return updated


# --- Assisting, sharing, gaining ------------------------------------------------------


def assist_deplete(
    sheet: Sheet, *, token: str, helper: str
) -> tuple[dict[str, TokenState], Assist]:
    """The helper depletes one token for another's roll and marks two checks for it."""
    state = _token(sheet, token)
    if state.fresh == 0:
        raise DriftingError(f"No {token} token is left to deplete until the next refresh.")
    updated = dict(sheet)
    updated[token] = replace(
        state, depleted=state.depleted + 1, checks=state.checks + DEPLETION_CHECKS
    )
    return updated, Assist(helper=helper, token=token)


@dataclass(frozen=True)
class SharedMark:
    token: str
    recipient_holds_it: bool
    becomes_token_at_refresh: bool

    def explanation(self) -> str:
        if self.recipient_holds_it:
            return f"A shared {self.token} check mark counts towards the next {self.token} token."
        if self.becomes_token_at_refresh:
            return (
                f"Ten shared {self.token} marks: a {self.token} token is added at the next refresh."
            )
        return f"A shared {self.token} mark towards a first {self.token} token."


def receive_shared_mark(
    sheet: Sheet, *, token: str, kind: TokenKind = TokenKind.FOCUS
) -> tuple[dict[str, TokenState], SharedMark]:
    """A check mark shared by someone who depleted `token` on their roll."""
    updated = dict(sheet)
    state = updated.get(token) or TokenState(name=token, kind=kind)
    if state.held:
        updated[token] = replace(state, checks=state.checks + 1)
        return updated, SharedMark(token, recipient_holds_it=True, becomes_token_at_refresh=False)
    updated[token] = replace(state, shared_marks=state.shared_marks + 1)
    return updated, SharedMark(
        token,
        recipient_holds_it=False,
        becomes_token_at_refresh=updated[token].pending_from_sharing,
    )


def gain_token(sheet: Sheet, *, token: str) -> dict[str, TokenState]:
    """Take the token earned by check marks; marks beyond the threshold carry over."""
    state = _token(sheet, token)
    if not state.gain_due:
        raise DriftingError(
            f"{token} has {state.checks} of the {state.checks_needed} check marks needed "
            f"for another {token} token."
        )
    updated = dict(sheet)
    updated[token] = replace(state, held=state.held + 1, checks=state.checks - state.checks_needed)
    return updated


# --- Losing tokens ---------------------------------------------------------------------


class LossChoiceError(DriftingError):
    """The player's choice of tokens to lose breaks the order of loss or the count owed.

    `token` names the type the message is about; None when it is about the whole choice.
    """

    def __init__(self, message: str, *, token: str | None = None) -> None:
        super().__init__(message)
        self.token = token


# What a roll's total can be. A character's own roll makes at most 24 (two dice at
# face value, three halved, +3); an opponent's may carry more, but no roll of these
# dice comes near 100, so a larger total is a typo, not a roll.
ROLL_TOTAL_MIN = 0
ROLL_TOTAL_MAX = 100
ROLL_TOTAL_RANGE_MESSAGE = (
    f"A roll's total is between {ROLL_TOTAL_MIN} and {ROLL_TOTAL_MAX}: "
    "enter the total the dice and modifier gave."
)


def check_roll_total(total: int) -> None:
    """Refuse a total no roll could make (a typo would otherwise cost every token)."""
    if not ROLL_TOTAL_MIN <= total <= ROLL_TOTAL_MAX:
        raise DriftingError(ROLL_TOTAL_RANGE_MESSAGE)


def tokens_lost_for_margin(margin: int, *, step: int = BOOK_LOSS_MARGIN_STEP) -> int:
    """One token for the loss, one more for every `step` points below the opponent."""
    if step < 1:
        raise DriftingError("The loss margin step must be at least 1.")
    if margin <= 0:
        raise DriftingError("Only a roll that came up below the opponent's loses tokens.")
    if margin > ROLL_TOTAL_MAX - ROLL_TOTAL_MIN:
        raise DriftingError(ROLL_TOTAL_RANGE_MESSAGE)
    return 1 + margin // step


class LossReason(StrEnum):
    RELATED = "related to the check"
    CHOSEN = "player's choice"
    ONLY_ONES_LEFT = "the only ones left to lose"


@dataclass(frozen=True)
class LostToken:
    name: str
    was_depleted: bool
    reason: LossReason

    @property
    def chosen(self) -> bool:
        return self.reason != LossReason.RELATED


@dataclass(frozen=True)
class LossOrder:
    """How the tokens owed are found, before the player's choice is known.

    The rule's order: fresh tokens of the related types, then fresh tokens the player
    chooses, then depleted tokens of the related types, then depleted ones the player
    chooses ("depleted tokens … must be lost last"). `fresh_open` and `depleted_open`
    are what the player may choose from at each stage (types not related to the check).
    """

    owed: int
    related: tuple[str, ...]
    from_related_fresh: int
    to_choose_fresh: int
    fresh_open: Mapping[str, int]
    from_related_depleted: int
    to_choose_depleted: int
    depleted_open: Mapping[str, int]

    @property
    def to_choose(self) -> int:
        return self.to_choose_fresh + self.to_choose_depleted

    @property
    def shortfall(self) -> int:
        return (
            self.owed
            - self.from_related_fresh
            - self.to_choose_fresh
            - self.from_related_depleted
            - self.to_choose_depleted
        )

    def _forced(self, to_choose: int, open_types: Mapping[str, int]) -> dict[str, int] | None:
        """The only possible choice at one stage (all of it, or one type to choose from)."""
        if to_choose == 0:
            return {}
        if to_choose == sum(open_types.values()):
            return dict(open_types)
        if len(open_types) == 1:
            return dict.fromkeys(open_types, to_choose)
        return None

    def forced_choice(self) -> dict[str, int] | None:
        """The player's choice when the sheet leaves only one; None when there is a choice."""
        fresh = self._forced(self.to_choose_fresh, self.fresh_open)
        depleted = self._forced(self.to_choose_depleted, self.depleted_open)
        if fresh is None or depleted is None:
            return None
        return {
            name: fresh.get(name, 0) + depleted.get(name, 0)
            for name in dict.fromkeys([*fresh, *depleted])
        }

    @property
    def from_related(self) -> int:
        return self.from_related_fresh + self.from_related_depleted

    def describe(self) -> str:
        """E.g. "2 tokens must go, 1 of them from the related types (Dodge)"."""
        text = f"{_plural(self.owed, 'token')} must go"
        if self.from_related:
            text += f", {self.from_related} of them from the related types"
            text += f" ({', '.join(self.related)})"
        return text


def loss_order(sheet: Sheet, *, owed: int, related: Sequence[str] = ()) -> LossOrder:
    """Work out, stage by stage, how many tokens go and how many the player picks."""
    held_related = tuple(
        name for name in dict.fromkeys(related) if name in sheet and sheet[name].held
    )
    others = [state for name, state in sheet.items() if name not in held_related]
    fresh_open = {state.name: state.fresh for state in others if state.fresh}
    depleted_open = {state.name: state.depleted for state in others if state.depleted}
    left = owed
    from_related_fresh = min(left, sum(sheet[name].fresh for name in held_related))
    left -= from_related_fresh
    to_choose_fresh = min(left, sum(fresh_open.values()))
    left -= to_choose_fresh
    from_related_depleted = min(left, sum(sheet[name].depleted for name in held_related))
    left -= from_related_depleted
    to_choose_depleted = min(left, sum(depleted_open.values()))
    return LossOrder(
        owed=owed,
        related=held_related,
        from_related_fresh=from_related_fresh,
        to_choose_fresh=to_choose_fresh,
        fresh_open=fresh_open,
        from_related_depleted=from_related_depleted,
        to_choose_depleted=to_choose_depleted,
        depleted_open=depleted_open,
    )


def choices_needed_for_loss(sheet: Sheet, *, owed: int, related: Sequence[str]) -> int:
    """How many tokens the player must pick once the related types have given theirs."""
    return loss_order(sheet, owed=owed, related=related).to_choose


@dataclass(frozen=True)
class TokenLoss:
    margin: int
    step: int
    owed: int
    lost: tuple[LostToken, ...]

    @property
    def shortfall(self) -> int:
        return self.owed - len(self.lost)

    def explanation(self) -> tuple[str, ...]:
        lines = [
            f"Lost by {self.margin}: {_plural(self.owed, 'token')} lost "
            f"(one, plus one per {self.step} points below)."
        ]
        for token in self.lost:
            depleted = ", already depleted" if token.was_depleted else ""
            lines.append(f"{token.name} lost ({token.reason.value}{depleted}).")
        if self.shortfall:
            lines.append(f"No more tokens left to lose ({self.shortfall} not taken).")
        return tuple(lines)


def _checked_loss_choice(
    sheet: Sheet, order: LossOrder, choices: Mapping[str, int]
) -> tuple[dict[str, int], dict[str, int], bool]:
    """Split the player's counts per type into fresh and depleted tokens, or refuse them.

    Returns (fresh per type, depleted per type, whether the sheet left no choice).
    """
    chosen = {name: count for name, count in choices.items() if count}
    for name, count in chosen.items():
        state = sheet.get(name)
        if count < 0:
            raise LossChoiceError(
                f"{name}: the number of tokens to lose cannot be negative.", token=name
            )
        if state is None or state.held == 0:
            raise LossChoiceError(f"You have no {name} token to lose.", token=name)
        if name in order.related:
            raise LossChoiceError(
                f"{name} is related to the check: its tokens are lost first without "
                f"being chosen. Choose only from the other types.",
                token=name,
            )
        if count > state.fresh + state.depleted:
            raise LossChoiceError(
                f"{name}: only {_plural(state.fresh + state.depleted, 'token')} can still be "
                f"lost; {count} were chosen.",
                token=name,
            )
    forced = False
    if not chosen and (only_choice := order.forced_choice()) is not None:
        chosen, forced = only_choice, True
    total = sum(chosen.values())
    if total != order.to_choose:
        if order.to_choose == 0:
            raise LossChoiceError(
                f"{order.describe()}: none are left to choose. Leave the choice empty."
            )
        noun = "more token" if order.from_related else "token"
        raise LossChoiceError(
            f"{order.describe()}: choose {_plural(order.to_choose, noun)} to lose ({total} chosen)."
        )
    fresh = {name: min(count, order.fresh_open.get(name, 0)) for name, count in chosen.items()}
    if sum(fresh.values()) < order.to_choose_fresh:
        # Some type was asked for beyond its fresh tokens while others still have fresh ones.
        name = next(name for name, count in chosen.items() if count > fresh[name])
        still_fresh = [
            other for other, count in order.fresh_open.items() if count > fresh.get(other, 0)
        ]
        raise LossChoiceError(
            f"{name}: only {_plural(order.fresh_open.get(name, 0), 'token')} not depleted. "
            f"Depleted tokens are lost last: choose from {', '.join(still_fresh)} first.",
            token=name,
        )
    depleted = {name: count - fresh[name] for name, count in chosen.items()}
    return fresh, depleted, forced


def lose_tokens(
    sheet: Sheet,
    *,
    margin: int,
    related: Sequence[str] = (),
    choices: Mapping[str, int] | None = None,
    step: int = BOOK_LOSS_MARGIN_STEP,
) -> tuple[dict[str, TokenState], TokenLoss]:
    """Lose tokens after a harmful loss, in the rule's order (see `LossOrder`).

    `choices` is how many tokens of each type the player picks, covering every token
    the related types do not; when the sheet leaves only one possible pick, an empty
    choice takes it.
    """
    owed = tokens_lost_for_margin(margin, step=step)
    order = loss_order(sheet, owed=owed, related=related)
    fresh, depleted, forced = _checked_loss_choice(sheet, order, choices or {})
    updated = dict(sheet)
    lost: list[LostToken] = []
    picked = LossReason.ONLY_ONES_LEFT if forced else LossReason.CHOSEN

    def take(name: str, count: int, *, from_depleted: bool, reason: LossReason) -> int:
        state = updated[name]
        count = min(count, state.depleted if from_depleted else state.fresh)
        updated[name] = replace(
            state,
            depleted=state.depleted - count if from_depleted else state.depleted,
            lost=state.lost + count,
        )
        lost.extend(LostToken(name, from_depleted, reason) for _ in range(count))
        return count

    for from_depleted, from_related, chosen in (
        (False, order.from_related_fresh, fresh),
        (True, order.from_related_depleted, depleted),
    ):
        for name in order.related:
            from_related -= take(
                name, from_related, from_depleted=from_depleted, reason=LossReason.RELATED
            )
        for name, count in chosen.items():
            take(name, count, from_depleted=from_depleted, reason=picked)
    return updated, TokenLoss(margin=margin, step=step, owed=owed, lost=tuple(lost))


# --- Refresh -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Refresh:
    restored: tuple[tuple[str, int], ...]
    added: tuple[str, ...]

    def explanation(self) -> tuple[str, ...]:
        lines = [f"{name}: {_plural(count, 'token')} back." for name, count in self.restored]
        lines += [f"{name}: new token from shared check marks." for name in self.added]
        return tuple(lines) or ("Nothing was depleted or lost.",)


def refresh_tokens(sheet: Sheet) -> tuple[dict[str, TokenState], Refresh]:
    """Depleted and lost tokens come back; ten shared marks in a lacked type become a token."""
    updated: dict[str, TokenState] = {}
    restored: list[tuple[str, int]] = []
    added: list[str] = []
    for name, state in sheet.items():
        if state.depleted or state.lost:
            restored.append((name, state.depleted + state.lost))
        if state.pending_from_sharing:
            added.append(name)
            state = replace(
                state, held=1, shared_marks=state.shared_marks - SHARED_MARKS_FOR_NEW_TOKEN
            )
        updated[name] = replace(state, depleted=0, lost=0)
    return updated, Refresh(restored=tuple(restored), added=tuple(added))


# --- Lifepaths ---------------------------------------------------------------------------

DEFAULT_LIFEPATH_COUNT = 4  # a house rule: the seed does not say how many
LIFEPATH_COUNT_MIN = 1
LIFEPATH_COUNT_MAX = 10  # a ceiling of ours: a life of more stages is a typo
LIFEPATH_COUNT_RANGE_MESSAGE = (
    f"Lifepaths per character must be between {LIFEPATH_COUNT_MIN} and {LIFEPATH_COUNT_MAX}."
)


# A lifepath is one stage of a life: the starter set grants two or three tokens each.
# A GM's own lifepath may grant a little more, but not a sheet of a million checkboxes.
MAX_TOKENS_PER_GRANT = 3
MAX_TOKENS_PER_LIFEPATH = 6


@dataclass(frozen=True)
class TokenGrant:
    kind: TokenKind
    name: str
    count: int = 1


def check_lifepath_grants(grants: Sequence[TokenGrant]) -> None:
    """Refuse a lifepath that grants nothing, or more tokens than one stage of a life."""
    if not grants:
        raise DriftingError("A lifepath grants at least one token.")
    for grant in grants:
        if not 1 <= grant.count <= MAX_TOKENS_PER_GRANT:
            raise DriftingError(
                f"{grant.name}: a lifepath grants 1 to {MAX_TOKENS_PER_GRANT} tokens of a type "
                f"({grant.count} asked for)."
            )
    total = sum(grant.count for grant in grants)
    if total > MAX_TOKENS_PER_LIFEPATH:
        raise DriftingError(
            f"A lifepath grants at most {MAX_TOKENS_PER_LIFEPATH} tokens in all; "
            f"these lines grant {total}."
        )


@dataclass(frozen=True)
class Lifepath:
    """A stage of a life in the Tigris system and the tokens it grants.

    `requires` names lifepaths of which one must come earlier in the life (empty: any).
    """

    slug: str
    name: str
    grants: tuple[TokenGrant, ...]
    requires: tuple[str, ...] = ()
    region: str = ""
    requires_names: tuple[str, ...] = ()  # for messages; `requires` holds the slugs


def check_lifepath_choice(
    chosen: Sequence[Lifepath], candidate: Lifepath, *, limit: int = DEFAULT_LIFEPATH_COUNT
) -> None:
    """Raise DriftingError if `candidate` cannot follow the lifepaths already chosen."""
    if len(chosen) >= limit:
        raise DriftingError(f"This life already has its {limit} lifepaths.")
    earlier = {lifepath.slug for lifepath in chosen}
    if candidate.slug in earlier:
        raise DriftingError(f"{candidate.name} is already in this life.")
    if candidate.requires and not earlier.intersection(candidate.requires):
        earlier_lives = ", ".join(candidate.requires_names or candidate.requires)
        raise DriftingError(f"{candidate.name} must follow one of: {earlier_lives}.")


def tokens_from_lifepaths(chosen: Sequence[Lifepath]) -> dict[str, TokenState]:
    """Add up the tokens the chosen lifepaths grant, type by type, in order of first grant."""
    sheet: dict[str, TokenState] = {}
    for lifepath in chosen:
        for grant in lifepath.grants:
            state = sheet.get(grant.name) or TokenState(name=grant.name, kind=grant.kind)
            if state.kind != grant.kind:
                raise DriftingError(
                    f"{lifepath.name} grants {grant.name} as {grant.kind}, "
                    f"but it is already a {state.kind} token."
                )
            sheet[grant.name] = replace(state, held=state.held + grant.count)
    return sheet
