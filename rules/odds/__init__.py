"""Exact odds for every resolver, shown to a player before the dice are rolled.

Computed with icepool (or by convolving exact distributions) and cached, so a wizard or
a sheet can ask on every render. Every chance is an exact `Fraction`; `as_percent`
formats one for display. One module per game system; every name is importable from
here, as before the split.
"""

from __future__ import annotations

from rules.odds.distributions import (
    Distribution,
    as_float,
    as_percent,
    chance_at_least,
    chance_at_most,
    clear_caches,
)
from rules.odds.drifting import (
    DRIFTING_BASE_DICE,
    DRIFTING_MAX_MODIFIER,
    DRIFTING_SIDES,
    MAX_DRIFTING_EXTRA_DICE,
    token_roll_chance,
    token_roll_distribution,
    token_roll_versus,
)
from rules.odds.infinity_drive import (
    MAX_DICE_FOR_ODDS,
    MAX_SIDES_FOR_ODDS,
    chance_of_totals,
    characteristic_test_chance,
    dice_total_distribution,
    opposed_skill_check_chance,
    skill_check_chance,
    skill_check_distribution,
    survival_chance,
)
from rules.odds.roll_and_keep import (
    MAX_ROLL_AND_KEEP_DICE,
    roll_and_keep_botch_chance,
    roll_and_keep_chance,
    roll_and_keep_contest,
    roll_and_keep_degrees,
    roll_and_keep_successes,
)
from rules.odds.unique_pool import (
    push_luck_chance,
    unique_pool_chance,
    unique_pool_distribution,
)

__all__ = [
    "DRIFTING_BASE_DICE",
    "DRIFTING_MAX_MODIFIER",
    "DRIFTING_SIDES",
    "MAX_DICE_FOR_ODDS",
    "MAX_DRIFTING_EXTRA_DICE",
    "MAX_ROLL_AND_KEEP_DICE",
    "MAX_SIDES_FOR_ODDS",
    "Distribution",
    "as_float",
    "as_percent",
    "chance_at_least",
    "chance_at_most",
    "chance_of_totals",
    "characteristic_test_chance",
    "clear_caches",
    "dice_total_distribution",
    "opposed_skill_check_chance",
    "push_luck_chance",
    "roll_and_keep_botch_chance",
    "roll_and_keep_chance",
    "roll_and_keep_contest",
    "roll_and_keep_degrees",
    "roll_and_keep_successes",
    "skill_check_chance",
    "skill_check_distribution",
    "survival_chance",
    "token_roll_chance",
    "token_roll_distribution",
    "token_roll_versus",
    "unique_pool_chance",
    "unique_pool_distribution",
]
