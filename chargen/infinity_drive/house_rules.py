"""The house rules a character is built under: its own, fixed when it is started.

A character's creation log records what its rules allowed at each step (50 points
spent, dice of 2d6, a Metaphysical value rolled), so it is replayed under those rules
and never under its campaign's current ones: a GM's later change applies to
characters started afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass

from chargen.infinity_drive.campaign_rules import (
    INFINITY_DRIVE_RULES,
    house_rules_for,
    house_rules_from_json,
)
from chargen.infinity_drive.models import Character, RaceKind
from rules.infinity_drive.house_rules import HouseRules

# Whether a finished character waits for the GM's approval is the GM's way of working,
# read from the campaign when the player finishes, not a creation rule the log records.
LIVE_RULE_FIELDS: frozenset[str] = frozenset({"approval_required"})
# Rules that only touch a character built from a non-humanoid race: a change to them is
# not worth a word on a humanoid's sheet or party line.
NON_HUMANOID_RULE_FIELDS: frozenset[str] = frozenset(
    {"non_humanoid_maximum", "non_humanoid_dice_total"}
)


def character_house_rules(character: Character) -> HouseRules:
    """The rules the character was started under (HouseRulesInvalid, a RulesError, if
    they are corrupt)."""
    return house_rules_from_json(character.house_rules)


@dataclass(frozen=True)
class RuleChange:
    """One house rule that the campaign has changed since the character started."""

    label: str
    kept: str  # the character's value, in the campaign page's words
    now: str  # the campaign's value today


def house_rules_changes(character: Character) -> list[RuleChange]:
    """The creation rules in which the character's own differ from its campaign's today.

    Empty outside any campaign (the book's defaults never change) and when nothing
    that matters to the character's creation has changed.
    """
    campaign = character.campaign
    if campaign is None:
        return []
    # The same words the campaign page uses, rule by rule, in the form's order.
    kept_lines = INFINITY_DRIVE_RULES.lines(character_house_rules(character))
    now_lines = INFINITY_DRIVE_RULES.lines(house_rules_for(campaign))
    ignored = LIVE_RULE_FIELDS
    if character.race is None or character.race.kind != RaceKind.NON_HUMANOID:
        ignored = ignored | NON_HUMANOID_RULE_FIELDS
    return [
        RuleChange(label=kept.label, kept=kept.value, now=now.value)
        for kept, now in zip(kept_lines, now_lines, strict=True)
        if kept.name not in ignored and kept.value != now.value
    ]
