"""Infinity Drive character creation as a log of steps replayed through a pure reducer.

The wizard stores each decision and each roll as a step; the character is what
`replay(steps, rulebook=..., house_rules=...)` makes of them. `apply_step` refuses an
illegal or out-of-order step with a RulesError and leaves the state as it was, and
`CreationState.expecting` says which step may come next.

A non-humanoid race (a GM ruling) is a third way to characteristics: `NonHumanoidChosen`
stands where `MethodChosen` would, then one `CharacteristicRolled` per characteristic,
in the player's order, each with that race's dice for it; no `RaceApplied` follows.

One module per part of creation (steps, state, options, characteristic, career and
survival steps, the registry of which step answers what, the reducer, the tables as
read before rolling); every name is importable from here, as before the split.
"""

from __future__ import annotations

# The handler modules are imported for their `@handles` registrations: importing any
# part of creation runs this file first, so the reducer never meets an empty registry.
from rules.infinity_drive.creation import (  # noqa: F401
    career_steps,
    characteristic_steps,
    survival_steps,
)
from rules.infinity_drive.creation.options import (
    Option,
    only_choice,
    open_tables,
    skill_roll_options,
)
from rules.infinity_drive.creation.reducer import (
    StepError,
    apply_step,
    replay,
)
from rules.infinity_drive.creation.state import (
    EXPECT_MESSAGES,
    EXPECTED_STEP_TYPES,
    GROUP_SIZE,
    SKILL_DICE,
    SPECIALISATION_DICE,
    CreationState,
    Expect,
    HistoryEntry,
    LostRoll,
    PendingRoll,
    SkillRollRecord,
    characteristic_dice,
    characteristics_to_roll,
)
from rules.infinity_drive.creation.steps import (
    CareerChosen,
    CharacteristicRolled,
    Method,
    MethodChosen,
    NonHumanoidChosen,
    PointBuyAssigned,
    RaceApplied,
    Rerolled,
    SetbackChosen,
    SkillRolled,
    SpecialisationRolled,
    Step,
    SurvivalOutcomeChosen,
    SurvivalRolled,
    TableChosen,
)
from rules.infinity_drive.creation.table_view import (
    EntryLegality,
    TableLegality,
    table_legality,
)

__all__ = [
    "EXPECTED_STEP_TYPES",
    "EXPECT_MESSAGES",
    "GROUP_SIZE",
    "SKILL_DICE",
    "SPECIALISATION_DICE",
    "CareerChosen",
    "CharacteristicRolled",
    "CreationState",
    "EntryLegality",
    "Expect",
    "HistoryEntry",
    "LostRoll",
    "Method",
    "MethodChosen",
    "NonHumanoidChosen",
    "Option",
    "PendingRoll",
    "PointBuyAssigned",
    "RaceApplied",
    "Rerolled",
    "SetbackChosen",
    "SkillRollRecord",
    "SkillRolled",
    "SpecialisationRolled",
    "Step",
    "StepError",
    "SurvivalOutcomeChosen",
    "SurvivalRolled",
    "TableChosen",
    "TableLegality",
    "apply_step",
    "characteristic_dice",
    "characteristics_to_roll",
    "only_choice",
    "open_tables",
    "replay",
    "skill_roll_options",
    "table_legality",
]
