"""What a character keeps of the data it was built from: its rule versions, its race.

Its rulebook and campaign content are the versions pinned when it started
(chargen.core.ruledata), never the tables as they are now. When a player chooses a race
(or a GM's non-humanoid race), the step's payload gets a copy of the race's name, reason,
adjustments and non-humanoid dice ("race"), and the replay reads that copy: a later edit
of the race row (in the admin, by the GM) changes no character that already chose it.
"""

from __future__ import annotations

from typing import Any

from chargen.content.pinned import PinnedContent, content_for_version, current_content_version
from chargen.infinity_drive.models import Character, Race
from chargen.rulebook.services import rulebook_for_version, rulebook_load
from rules.infinity_drive import aliens, creation
from rules.infinity_drive.rulebook import Rulebook

# None stands for the base humanoid.
RaceCopy = dict[str, Any]


def race_copy(race: Race | None) -> RaceCopy | None:
    """What a race step records of the race row it chose."""
    if race is None:
        return None
    return {
        "name": race.name,
        "reason": race.reason,
        "adjustments": {str(code): int(delta) for code, delta in (race.adjustments or {}).items()},
        "non_humanoid_dice": {
            str(code): int(count) for code, count in (race.non_humanoid_dice or {}).items()
        },
        "bodiless": bool(race.bodiless),
    }


def humanoid_race(copy: RaceCopy) -> aliens.Race:
    return aliens.Race.of(copy["name"], copy.get("reason", ""), copy.get("adjustments") or {})


def non_humanoid_race(copy: RaceCopy) -> creation.NonHumanoidChosen:
    plan = aliens.NonHumanoidDice.of(
        copy.get("non_humanoid_dice") or {}, bodiless=bool(copy.get("bodiless"))
    )
    return creation.NonHumanoidChosen(
        plan=plan, name=copy["name"], description=copy.get("reason", "")
    )


def race_value(race: Race) -> aliens.Race:
    return humanoid_race(race_copy(race) or {})


def non_humanoid_step(race: Race) -> creation.NonHumanoidChosen:
    return non_humanoid_race(race_copy(race) or {})


def character_rulebook(character: Character) -> Rulebook:
    """The rulebook the character replays under: the version it was started with (the
    current one only while it has none, having started before any data was loaded)."""
    if character.rule_version_id:
        return rulebook_for_version(character.rule_version_id)
    return rulebook_load()


def character_content(character: Character) -> PinnedContent:
    """The campaign content the character reads: the version it was started with."""
    if character.content_version_id:
        return content_for_version(character.content_version_id)
    return content_for_version(current_content_version(character.campaign))
