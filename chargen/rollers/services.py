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

from collections.abc import Sequence
from typing import Any

from django.db import transaction

from chargen.rollers.roll_writes import (
    DEFAULT_MANA_ATTRIBUTES,
    DEFAULT_UNIQUE_ATTRIBUTES,
    LOG_ROWS_SHOWN,
    STALE_MESSAGE,
    OpponentDiceError,
    Saved,
    SheetCapReached,
    StaleForm,
    next_sequence,
    saved_entry,
    sequence_after,
)
from chargen.rollers.services_mana import (
    ContestOdds,
    DegreeChance,
    DifficultyChoice,
    ManaOdds,
    ManaSheet,
    Opponent,
    contest_odds,
    mana_character_create,
    mana_contest,
    mana_odds,
    mana_pool,
    mana_roll,
    mana_sheet,
    named_difficulty,
    opponent_from_sheet,
    opponent_npc,
    passive_difficulty,
)
from chargen.rollers.services_unique import (
    CRISIS_PROMPT,
    PushState,
    TotalChance,
    UniqueOdds,
    UniquePlan,
    crisis_track,
    crisis_track_of,
    pending_crisis,
    push_state,
    unique_character_create,
    unique_crisis_record,
    unique_odds,
    unique_plan,
    unique_push,
    unique_roll,
)

__all__ = [
    "CRISIS_PROMPT",
    "DEFAULT_MANA_ATTRIBUTES",
    "DEFAULT_UNIQUE_ATTRIBUTES",
    "LOG_ROWS_SHOWN",
    "STALE_MESSAGE",
    "ContestOdds",
    "DegreeChance",
    "DifficultyChoice",
    "ManaOdds",
    "ManaSheet",
    "Opponent",
    "OpponentDiceError",
    "PushState",
    "Saved",
    "SheetCapReached",
    "StaleForm",
    "TotalChance",
    "UniqueOdds",
    "UniquePlan",
    "contest_odds",
    "crisis_track",
    "crisis_track_of",
    "mana_character_create",
    "mana_contest",
    "mana_odds",
    "mana_pool",
    "mana_roll",
    "mana_sheet",
    "named_difficulty",
    "next_sequence",
    "opponent_from_sheet",
    "opponent_npc",
    "passive_difficulty",
    "pending_crisis",
    "push_state",
    "saved_entry",
    "sequence_after",
    "unique_character_create",
    "unique_crisis_record",
    "unique_odds",
    "unique_plan",
    "unique_push",
    "unique_roll",
]


# --- Editing a sheet -----------------------------------------------------------------------------


@transaction.atomic
def sheet_save(*, forms: Sequence[Any]) -> None:
    """Save a sheet's form and its formsets together, or none of them."""
    for form in forms:
        form.save()
