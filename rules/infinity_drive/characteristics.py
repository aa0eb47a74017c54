"""Generating characteristics (point buy or dice), their modifiers, and characteristic tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.dice import SECURE_DICE, DiceSource, DiceSpec, Roll, check_faces, dice_source, roll
from rules.errors import RulesError
from rules.infinity_drive.codes import CHARACTERISTIC_NAMES, characteristics_in_play
from rules.infinity_drive.house_rules import HouseRules
from rules.infinity_drive.profile import Characteristics, hex_value
from rules.infinity_drive.rulebook import ModifierBand
from rules.infinity_drive.wording import is_or_are
from rules.inputs import (
    counts_by_name,
    flag,
    instance,
    listed,
    listed_instances,
    mapping,
    text,
    whole,
)

__all__ = [
    "BOOK_CHARACTERISTIC_TEST_DICE",
    "BOOK_MODIFIER_BANDS",
    "HUMANOID_MAXIMUM",
    "POINT_BUY_MAXIMUM",
    "POINT_BUY_MINIMUM",
    "CharacteristicTestResult",
    "characteristic_modifier",
    "characteristic_name",
    "characteristic_roll",
    "characteristic_test",
    "expected_dice_total",
    "point_buy_advantage",
    "point_buy_total",
    "validate_point_buy",
]

POINT_BUY_MINIMUM = 2
POINT_BUY_MAXIMUM = 12  # "No characteristic may start with a value greater than C (12)"
HUMANOID_MAXIMUM = 12

# The book's "Characteristic Modification" table. Ruling (docs/rulings.md): the row
# "E – (11)" covers 14–17 and is +3; "for every increase of three +1" starts above 17.
BOOK_MODIFIER_BANDS: tuple[ModifierBand, ...] = (
    ModifierBand(low=0, high=1, modifier=-2),
    ModifierBand(low=2, high=4, modifier=-1),
    ModifierBand(low=5, high=7, modifier=0),
    ModifierBand(low=8, high=10, modifier=1),
    ModifierBand(low=11, high=13, modifier=2),
    ModifierBand(low=14, high=17, modifier=3),
)

BOOK_CHARACTERISTIC_TEST_DICE: dict[str, DiceSpec] = {
    "Easy": DiceSpec(1, 6),
    "Normal": DiceSpec(2, 6),
    "Difficult": DiceSpec(3, 6),
    "Near Impossible": DiceSpec(4, 6),
    "Impossible": DiceSpec(6, 6),
}


def characteristic_name(code: str) -> str:
    return CHARACTERISTIC_NAMES.get(text(code, "A characteristic"), code)


def characteristic_modifier(value: int, bands: Sequence[ModifierBand] = ()) -> int:
    """The modifier a characteristic adds to a skill check."""
    if whole(value, "A characteristic") < 0:
        raise RulesError(f"A characteristic cannot be negative ({value}).")
    table = listed_instances(bands, ModifierBand, "The modifier table", "a row of it") or (
        BOOK_MODIFIER_BANDS
    )
    for band in table:
        if band.low <= value and (band.high is None or value <= band.high):
            return band.modifier
    last = max(table, key=lambda band: band.low)
    if last.high is None or value < last.low:
        raise RulesError(f"The modifier table has no row for {hex_value(value)}.")
    # "For every increase of three +1", counted from the top of the last row.
    return last.modifier + (value - last.high + 2) // 3


def point_buy_total(house_rules: HouseRules) -> int:
    """Points to spend. Ruling: without Metaphysical, 7 fewer (the dropped 2d6's average)."""
    instance(house_rules, HouseRules, "a campaign's house rules")
    if house_rules.metaphysical_in_play:
        return house_rules.point_buy_total
    return house_rules.point_buy_total - 7


def validate_point_buy(values: Mapping[str, int], house_rules: HouseRules) -> Characteristics:
    """Check a point-buy assignment and return it, or raise with what is wrong."""
    instance(house_rules, HouseRules, "a campaign's house rules")
    for code, value in mapping(values, "The point-buy values").items():
        name = characteristic_name(text(code, "A characteristic"))
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(f"Give {name} a whole number.")
    values = counts_by_name(values, "The point-buy values")
    codes = characteristics_in_play(house_rules.metaphysical_in_play)
    extra = [code for code in values if code not in codes]
    if extra:
        raise RulesError(f"{characteristic_name(extra[0])} is not in play in this campaign.")
    missing = [code for code in codes if code not in values]
    if missing:
        raise RulesError(f"Give {characteristic_name(missing[0])} a value.")
    for code in codes:
        value = values[code]
        if value < POINT_BUY_MINIMUM:
            raise RulesError(
                f"{characteristic_name(code)} is {value}; no characteristic may start below 2."
            )
        if value > POINT_BUY_MAXIMUM:
            raise RulesError(
                f"{characteristic_name(code)} is {value}; no characteristic may start above C (12)."
            )
    budget = point_buy_total(house_rules)
    spent = sum(values[code] for code in codes)
    if spent < budget:
        left = budget - spent
        raise RulesError(
            f"You have spent {spent} of {budget} points; {left} {is_or_are(left)} left."
        )
    if spent > budget:
        raise RulesError(f"You have spent {spent} points; only {budget} are allowed.")
    return Characteristics.of({code: values[code] for code in codes})


def characteristic_roll(
    house_rules: HouseRules,
    faces: Sequence[int] | None = None,
    source: DiceSource = SECURE_DICE,
    *,
    entered: bool = False,
) -> Roll:
    """One characteristic's dice (2d6, or 2d6+2 in a heroic campaign).

    `entered` marks faces a player typed in; faces replayed from the log are not.
    """
    instance(house_rules, HouseRules, "a campaign's house rules")
    flag(entered, "Whether the dice were entered")
    spec = house_rules.dice_spec
    if faces is None:
        return roll(spec, dice_source(source))
    return Roll(spec=spec, faces=check_faces(spec, faces), entered=entered)


def expected_dice_total(spec: DiceSpec, characteristic_count: int) -> Fraction:
    """The average total of rolling `spec` once per characteristic: 7 × E[2d6] = 49."""
    instance(spec, DiceSpec, "dice such as 2d6")
    whole(characteristic_count, "The number of characteristics", minimum=0)
    per_roll = Fraction(spec.count * (spec.sides + 1), 2) + spec.bonus
    return per_roll * characteristic_count


def point_buy_advantage(house_rules: HouseRules) -> Fraction:
    """Point buy over the dice average: the book's "102%" is 50 / 49."""
    instance(house_rules, HouseRules, "a campaign's house rules")
    count = len(characteristics_in_play(house_rules.metaphysical_in_play))
    return Fraction(point_buy_total(house_rules)) / expected_dice_total(
        house_rules.dice_spec, count
    )


@dataclass(frozen=True)
class CharacteristicTestResult:
    characteristic: str
    value: int
    difficulty: str
    dice: DiceSpec
    faces: tuple[int, ...]
    total: int | None
    success: bool
    automatic: bool
    explanation: str


def _difficulty_dice(difficulty: str, table: Mapping[str, DiceSpec]) -> tuple[str, DiceSpec]:
    wanted = text(difficulty, "The difficulty").strip().rstrip("!").casefold()
    for name, spec in mapping(table, "The difficulty table").items():
        text(name, "A difficulty")
        instance(spec, DiceSpec, "dice such as 2d6")
    for name, spec in (table or BOOK_CHARACTERISTIC_TEST_DICE).items():
        if name.strip().rstrip("!").casefold() == wanted:
            return name, spec
    known = ", ".join(table or BOOK_CHARACTERISTIC_TEST_DICE)
    raise RulesError(f"“{difficulty}” is not a difficulty; choose one of {known}.")


def characteristic_test(
    *,
    characteristic: str,
    value: int,
    difficulty: str = "Normal",
    faces: Sequence[int] | None = None,
    source: DiceSource = SECURE_DICE,
    difficulty_dice: Mapping[str, DiceSpec] | None = None,
) -> CharacteristicTestResult:
    """Roll the difficulty's dice; a total at or under the characteristic succeeds."""
    name, spec = _difficulty_dice(difficulty, {} if difficulty_dice is None else difficulty_dice)
    label = characteristic_name(characteristic)
    whole(value, label, minimum=0)
    if faces is not None:
        listed(faces, "The faces")
    source = dice_source(source)
    if spec.minimum > value:
        return CharacteristicTestResult(
            characteristic,
            value,
            name,
            spec,
            (),
            None,
            False,
            True,
            f"{label} {value} is below the least {spec} can roll ({spec.minimum}): "
            "an automatic failure.",
        )
    if spec.maximum < value:
        return CharacteristicTestResult(
            characteristic,
            value,
            name,
            spec,
            (),
            None,
            True,
            True,
            f"{label} {value} is above the most {spec} can roll ({spec.maximum}): "
            "an automatic success.",
        )
    rolled = roll(spec, source) if faces is None else Roll(spec, check_faces(spec, faces), True)
    success = rolled.total <= value
    verdict = "success" if success else "failure"
    comparison = "at or under" if success else "over"
    return CharacteristicTestResult(
        characteristic,
        value,
        name,
        spec,
        rolled.faces,
        rolled.total,
        success,
        False,
        f"{name} test: {rolled.describe()}, {comparison} {label} {value}: {verdict}.",
    )
