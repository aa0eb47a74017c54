"""What the GM sees of a race in the queue: the book's limits checked, the profile it gives.

Turns a stored `Race` into the plain values rules.infinity_drive.aliens takes and
asks the rules; no limit is re-implemented here.
"""

from __future__ import annotations

from dataclasses import dataclass

from chargen.infinity_drive.models import Race, RaceKind
from rules.errors import RulesError
from rules.infinity_drive import aliens
from rules.infinity_drive.codes import CHARACTERISTIC_NAMES, characteristics_in_play
from rules.infinity_drive.house_rules import HouseRules
from rules.infinity_drive.profile import Characteristics, hex_value

# The book's median humanoid: 2d6 averages 7 in every characteristic.
AVERAGE_HUMANOID_VALUE = 7


def race_rules_value(race: Race) -> aliens.Race:
    """The plain humanoid race value rules/ checks and applies."""
    adjustments = {str(code): int(amount) for code, amount in (race.adjustments or {}).items()}
    return aliens.Race.of(race.name, race.reason, adjustments)


@dataclass(frozen=True)
class CharacteristicLine:
    code: str
    name: str
    change: str
    before: str
    after: str


@dataclass(frozen=True)
class RaceReview:
    """A race as the GM weighs it: within the book's limits or not, and why."""

    within_limits: bool
    verdict: str
    lines: tuple[CharacteristicLine, ...]
    profile_before: str
    profile_after: str


def _profile(values: Characteristics) -> str:
    return "".join(hex_value(value) for _, value in values.values)


def race_review(race: Race, house_rules: HouseRules) -> RaceReview:
    """Check the race against the rules and show it on an average humanoid (all 7s)."""
    in_play = characteristics_in_play(house_rules.metaphysical_in_play)
    if race.kind == RaceKind.NON_HUMANOID:
        dice = {code: count for code, count in (race.non_humanoid_dice or {}).items() if count}
        plan = aliens.NonHumanoidDice.of(dice, bodiless=race.bodiless)
        try:
            aliens.validate_non_humanoid_dice(plan, house_rules)
            within, verdict = (
                True,
                (
                    f"Within the GM ruling: {sum(c for _, c in plan.dice)} dice in all, "
                    "none of the characteristics left without a die."
                ),
            )
        except RulesError as error:
            within, verdict = False, str(error)
        lines = tuple(
            CharacteristicLine(
                code=code,
                name=CHARACTERISTIC_NAMES[code],
                change=f"{plan.count(code)}d6" if plan.count(code) else "none (0)",
                before="",
                after="",
            )
            for code in in_play
        )
        return RaceReview(within, verdict, lines, "", "")

    rules_race = race_rules_value(race)
    average = Characteristics.of(dict.fromkeys(in_play, AVERAGE_HUMANOID_VALUE))
    try:
        aliens.validate_race(rules_race, house_rules)
        after = aliens.apply_race(average, rules_race)
        added = sum(amount for _, amount in rules_race.adjustments if amount > 0)
        within, verdict = (
            True,
            (
                f"Within the book's limits: {added} of {aliens.MOST_POINTS_ADDED} points moved, "
                f"at most {aliens.MOST_POINTS_ON_ONE} on one characteristic, name and reason given."
            ),
        )
    except RulesError as error:
        after = average
        within, verdict = False, str(error)
    lines = tuple(
        CharacteristicLine(
            code=code,
            name=CHARACTERISTIC_NAMES[code],
            change=f"{rules_race.adjustment(code):+d}" if rules_race.adjustment(code) else "—",
            before=hex_value(average[code]),
            after=hex_value(after[code]),
        )
        for code in in_play
    )
    return RaceReview(within, verdict, lines, _profile(average), _profile(after))
