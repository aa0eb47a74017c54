"""Words for the GM: an Infinity Drive creation log row's kind.

The log stores short internal kinds (`point_buy`, `skill_roll`); the GM reads
"Point buy", "Skill roll".
"""

from __future__ import annotations

from chargen.characters.progress import Kind

LOG_KIND_LABELS: dict[str, str] = {
    Kind.METHOD: "Characteristic method",
    Kind.NON_HUMANOID: "Non-humanoid race chosen",
    Kind.POINT_BUY: "Point buy",
    Kind.CHARACTERISTIC_ROLL: "Characteristic roll",
    Kind.CHARACTERISTIC_PLACE: "Characteristic placed",
    Kind.RACE: "Race",
    Kind.RACE_CHANGE: "Race changed",
    Kind.CAREER: "Career",
    Kind.SPECIALISATION_ROLL: "Specialisation roll",
    Kind.SKILL_ROLL: "Skill roll",
    Kind.SKILL_REROLL: "Skill reroll",
    Kind.TABLE_CHOICE: "Table choice",
    Kind.SURVIVAL_ROLL: "Survival roll",
    Kind.SURVIVAL_OUTCOME: "Survival outcome",
    Kind.SETBACK: "Setback",
    Kind.EQUIPMENT_OPTION: "Equipment option",
    Kind.BACKGROUND_ROLL: "Background equipment roll",
    Kind.CREDITS: "Credits to spend",
    Kind.PURCHASE: "Purchase",
    Kind.SALE: "Sale",
    Kind.DETAILS: "Age and appearance",
    Kind.NOTE: "History note edited",
}


def log_kind_label(kind: str) -> str:
    """The GM's words for a log row's kind; a kind added later still reads as words."""
    return LOG_KIND_LABELS.get(kind) or kind.replace("_", " ").capitalize()
