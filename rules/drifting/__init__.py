"""Drifting (seed 000): tokens in play — rolling with them, check marks, sharing, losing,
refresh, and the lifepaths that grant them.

One module per section of the seed; every name is importable from here, as before the
split. Every function takes plain values and dice faces from outside (rules.dice makes
the faces) and returns a new frozen state plus words saying why.
"""

from __future__ import annotations

from rules.drifting.chosen import (
    LifepathChoice,
    replay_lifepaths,
)
from rules.drifting.gaining import (
    gain_token,
)
from rules.drifting.lifepaths import (
    DEFAULT_LIFEPATH_COUNT,
    LIFEPATH_COUNT_MAX,
    LIFEPATH_COUNT_MIN,
    LIFEPATH_COUNT_RANGE_MESSAGE,
    MAX_TOKENS_PER_GRANT,
    MAX_TOKENS_PER_LIFEPATH,
    Lifepath,
    TokenGrant,
    check_lifepath_choice,
    check_lifepath_grants,
    tokens_from_lifepaths,
)
from rules.drifting.losing import (
    BOOK_LOSS_MARGIN_STEP,
    EXAMPLE_LOSS_MARGIN_STEP,
    LOSS_MARGIN_STEPS,
    ROLL_TOTAL_MAX,
    ROLL_TOTAL_MIN,
    ROLL_TOTAL_RANGE_MESSAGE,
    LossChoiceError,
    LossOrder,
    LossReason,
    LostToken,
    TokenLoss,
    check_roll_total,
    choices_needed_for_loss,
    lose_tokens,
    loss_order,
    tokens_lost_for_margin,
    undo_loss,
)
from rules.drifting.refresh import (
    Refresh,
    refresh_tokens,
)
from rules.drifting.replay import (
    SHEET_KINDS,
    replay_sheet,
    sheet_from_payload,
    sheet_payload,
)
from rules.drifting.sharing import (
    SharedMark,
    receive_shared_mark,
)
from rules.drifting.tokens import (
    CHECKS_PER_TOKEN_HELD,
    SHARED_MARKS_FOR_NEW_TOKEN,
    DriftingError,
    Sheet,
    TokenKind,
    TokenState,
    sheet_from,
)
from rules.drifting.using import (
    BASE_DICE,
    DEPLETION_CHECKS,
    DIE_SIDES,
    KEPT_AT_FACE_VALUE,
    MAX_EXTRA_DICE,
    MAX_MODIFIER,
    MODIFIER_CHECKS,
    Assist,
    TokenRollPlan,
    TokenRollResult,
    apply_token_roll,
    assist_deplete,
    plan_token_roll,
    resolve_token_roll,
)

__all__ = [
    "BASE_DICE",
    "BOOK_LOSS_MARGIN_STEP",
    "CHECKS_PER_TOKEN_HELD",
    "DEFAULT_LIFEPATH_COUNT",
    "DEPLETION_CHECKS",
    "DIE_SIDES",
    "EXAMPLE_LOSS_MARGIN_STEP",
    "KEPT_AT_FACE_VALUE",
    "LIFEPATH_COUNT_MAX",
    "LIFEPATH_COUNT_MIN",
    "LIFEPATH_COUNT_RANGE_MESSAGE",
    "LOSS_MARGIN_STEPS",
    "MAX_EXTRA_DICE",
    "MAX_MODIFIER",
    "MAX_TOKENS_PER_GRANT",
    "MAX_TOKENS_PER_LIFEPATH",
    "MODIFIER_CHECKS",
    "ROLL_TOTAL_MAX",
    "ROLL_TOTAL_MIN",
    "ROLL_TOTAL_RANGE_MESSAGE",
    "SHARED_MARKS_FOR_NEW_TOKEN",
    "SHEET_KINDS",
    "Assist",
    "DriftingError",
    "Lifepath",
    "LifepathChoice",
    "LossChoiceError",
    "LossOrder",
    "LossReason",
    "LostToken",
    "Refresh",
    "SharedMark",
    "Sheet",
    "TokenGrant",
    "TokenKind",
    "TokenLoss",
    "TokenRollPlan",
    "TokenRollResult",
    "TokenState",
    "apply_token_roll",
    "assist_deplete",
    "check_lifepath_choice",
    "check_lifepath_grants",
    "check_roll_total",
    "choices_needed_for_loss",
    "gain_token",
    "lose_tokens",
    "loss_order",
    "plan_token_roll",
    "receive_shared_mark",
    "refresh_tokens",
    "replay_lifepaths",
    "replay_sheet",
    "resolve_token_roll",
    "sheet_from",
    "sheet_from_payload",
    "sheet_payload",
    "tokens_from_lifepaths",
    "tokens_lost_for_margin",
    "undo_loss",
]
