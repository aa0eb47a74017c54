"""Words for the GM: a creation log row's kind, and who took a decision.

The log stores short internal kinds (`point_buy`, `skill_roll`); the GM reads
"Point buy", "Skill roll". A decision says who took it and in what role, so
"Approved by alice (GM)" cannot be read as the player deciding.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser

from chargen.campaigns.models import Campaign
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


def decider_label(user: AbstractBaseUser | None, campaign: Campaign) -> str:
    """Who took a decision, with their role: "alice (GM)"."""
    if user is None:
        return "a deleted account"
    name = user.get_username()
    return f"{name} (GM)" if user.pk == campaign.gm_id else name
