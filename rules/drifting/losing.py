"""Losing tokens (seed 000, "Losing Tokens"): how many go after a harmful loss, and which.

Related types first, then the player's choice; depleted tokens are lost last.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from rules.drifting.tokens import DriftingError, Sheet, TokenState, checked_sheet, plural
from rules.inputs import counts_by_name, texts, whole

__all__ = [
    "BOOK_LOSS_MARGIN_STEP",
    "EXAMPLE_LOSS_MARGIN_STEP",
    "LOSS_MARGIN_STEPS",
    "ROLL_TOTAL_MAX",
    "ROLL_TOTAL_MIN",
    "ROLL_TOTAL_RANGE_MESSAGE",
    "LossChoiceError",
    "LossOrder",
    "LossReason",
    "LostToken",
    "TokenLoss",
    "check_roll_total",
    "choices_needed_for_loss",
    "lose_tokens",
    "loss_order",
    "tokens_lost_for_margin",
    "undo_loss",
]

BOOK_LOSS_MARGIN_STEP = 5  # "an additional token is lost for every five points"
EXAMPLE_LOSS_MARGIN_STEP = 3  # Linda's example: a margin of three costs two tokens
LOSS_MARGIN_STEPS = (BOOK_LOSS_MARGIN_STEP, EXAMPLE_LOSS_MARGIN_STEP)


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
    if not ROLL_TOTAL_MIN <= whole(total, "A roll's total") <= ROLL_TOTAL_MAX:
        raise DriftingError(ROLL_TOTAL_RANGE_MESSAGE)


def tokens_lost_for_margin(margin: int, *, step: int = BOOK_LOSS_MARGIN_STEP) -> int:
    """One token for the loss, one more for every `step` points below the opponent."""
    whole(margin, "The margin")
    if whole(step, "The loss margin step") < 1:
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
        text = f"{plural(self.owed, 'token')} must go"
        if self.from_related:
            text += f", {self.from_related} of them from the related types"
            text += f" ({', '.join(self.related)})"
        return text


def loss_order(sheet: Sheet, *, owed: int, related: Sequence[str] = ()) -> LossOrder:
    """Work out, stage by stage, how many tokens go and how many the player picks."""
    sheet = checked_sheet(sheet)
    whole(owed, "The tokens owed", minimum=0)
    related = texts(related, "The related tokens")
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
            f"Lost by {self.margin}: {plural(self.owed, 'token')} lost "
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
                f"{name}: only {plural(state.fresh + state.depleted, 'token')} can still be "
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
            f"{order.describe()}: choose {plural(order.to_choose, noun)} to lose ({total} chosen)."
        )
    fresh = {name: min(count, order.fresh_open.get(name, 0)) for name, count in chosen.items()}
    if sum(fresh.values()) < order.to_choose_fresh:
        # Some type was asked for beyond its fresh tokens while others still have fresh ones.
        name = next(name for name, count in chosen.items() if count > fresh[name])
        still_fresh = [
            other for other, count in order.fresh_open.items() if count > fresh.get(other, 0)
        ]
        raise LossChoiceError(
            f"{name}: only {plural(order.fresh_open.get(name, 0), 'token')} not depleted. "
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
    sheet = checked_sheet(sheet)
    choices = None if choices is None else counts_by_name(choices, "The tokens chosen")
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


def undo_loss(
    sheet: Sheet, *, fresh: Mapping[str, int], depleted: Mapping[str, int]
) -> dict[str, TokenState]:
    """Take back a loss entered by mistake: the sheet as it was before `lose_tokens`.

    `fresh` and `depleted` count, type by type, the tokens the loss took while they
    were fresh and while they were depleted (its `LostToken`s): each comes back from
    lost, the depleted ones depleted again, so the sheet is exactly the one before.
    """
    sheet = checked_sheet(sheet)
    fresh = counts_by_name(fresh, "The tokens lost fresh", minimum=0)
    depleted = counts_by_name(depleted, "The tokens lost depleted", minimum=0)
    restored = dict(sheet)
    for name in dict.fromkeys([*fresh, *depleted]):
        state = sheet.get(name)
        back = fresh.get(name, 0) + depleted.get(name, 0)
        if state is None or state.lost < back:
            raise DriftingError(
                f"{name}: {plural(back, 'token')} to restore, but "
                f"{0 if state is None else state.lost} lost on the sheet."
            )
        restored[name] = replace(
            state, lost=state.lost - back, depleted=state.depleted + depleted.get(name, 0)
        )
    return restored
