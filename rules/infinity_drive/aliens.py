"""Alien humanoid races (optional rule) and non-humanoid dice (GM ruling)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.dice import SECURE_DICE, DiceSource, DiceSpec, Roll, check_faces, dice_source, roll
from rules.errors import RulesError
from rules.infinity_drive.characteristics import HUMANOID_MAXIMUM, characteristic_name
from rules.infinity_drive.codes import (
    BODILESS_CHARACTERISTICS,
    CHARACTERISTICS,
    characteristics_in_play,
)
from rules.infinity_drive.house_rules import HouseRules, NonHumanoidMaximum
from rules.infinity_drive.profile import Characteristics
from rules.inputs import (
    counts_by_name,
    flag,
    instance,
    listed,
    mapping,
    one_of,
    optional_instance,
    text,
    whole,
)

__all__ = [
    "LOWEST_ADJUSTED_VALUE",
    "MOST_POINTS_ADDED",
    "MOST_POINTS_ON_ONE",
    "NON_HUMANOID_DIE_SIDES",
    "NonHumanoidDice",
    "NonHumanoidRace",
    "Race",
    "apply_race",
    "non_humanoid_codes",
    "roll_non_humanoid",
    "validate_non_humanoid_dice",
    "validate_non_humanoid_race",
    "validate_race",
]

MOST_POINTS_ADDED = 6
MOST_POINTS_ON_ONE = 3
LOWEST_ADJUSTED_VALUE = 1


@dataclass(frozen=True)
class Race:
    """A humanoid race: its name, why it differs, and what it adds to or takes off."""

    name: str
    reason: str
    adjustments: tuple[tuple[str, int], ...] = ()

    def __post_init__(self) -> None:
        text(self.name, "A race's name")
        text(self.reason, "A race's reason")
        _pairs(self.adjustments, "A race's adjustments")

    @classmethod
    def of(cls, name: str, reason: str, adjustments: Mapping[str, int]) -> Race:
        adjustments = counts_by_name(adjustments, "A race's adjustments")

        def profile_order(code: str) -> int:
            return CHARACTERISTICS.index(code) if code in CHARACTERISTICS else len(CHARACTERISTICS)

        return cls(
            name=name,
            reason=reason,
            adjustments=tuple(
                (code, int(adjustments[code]))
                for code in sorted(adjustments, key=profile_order)
                if adjustments[code]
            ),
        )

    def adjustment(self, code: str) -> int:
        text(code, "A characteristic")
        return dict(self.adjustments).get(code, 0)

    def maximum(self, code: str) -> int:
        """ "Max C or an Alien of that race (Maximum dependant on characteristic changes)"."""
        return HUMANOID_MAXIMUM + self.adjustment(code)

    def describe(self) -> str:
        changes = ", ".join(f"{amount:+d} {code}" for code, amount in self.adjustments)
        return f"{self.name}: {changes}" if changes else self.name


def validate_race(race: Race, house_rules: HouseRules | None = None) -> Race:
    """Check a race against the four rules of Alien Humanoids; return it or raise."""
    instance(race, Race, "an alien humanoid race")
    optional_instance(house_rules, HouseRules, "a campaign's house rules")
    if not race.name.strip():
        raise RulesError("Give your race a name.")
    if not race.reason.strip():
        raise RulesError(
            "Give a reason your race has these improvements and reductions (the book asks for one)."
        )
    in_play = characteristics_in_play(house_rules.metaphysical_in_play if house_rules else True)
    seen: set[str] = set()
    for code, amount in race.adjustments:
        if code not in in_play:
            raise RulesError(f"“{code}” is not a characteristic in play.")
        if code in seen:
            raise RulesError(f"{characteristic_name(code)} is adjusted twice; give one total.")
        seen.add(code)
        if amount > MOST_POINTS_ON_ONE:
            raise RulesError(
                f"{characteristic_name(code)} gets +{amount}; no characteristic may receive "
                f"more than {MOST_POINTS_ON_ONE} points."
            )
    added = sum(amount for _, amount in race.adjustments if amount > 0)
    removed = -sum(amount for _, amount in race.adjustments if amount < 0)
    if added > MOST_POINTS_ADDED:
        raise RulesError(f"The race adds {added} points; at most {MOST_POINTS_ADDED} may be added.")
    if added != removed:
        # Say which way to move: "takes off 6" alone left players guessing whether
        # 6 was too many or too few.
        if removed > added:
            fix = f"take off {_points(removed - added)} fewer"
        else:
            fix = f"take {_points(added - removed)} more off a characteristic not improved"
        raise RulesError(
            f"The race adds {added} and takes off {removed}; the two must be equal, so {fix}."
        )
    return race


def _points(count: int) -> str:
    return f"{count} point" if count == 1 else f"{count} points"


def apply_race(characteristics: Characteristics, race: Race | None) -> Characteristics:
    """The character's characteristics after the race's adjustments (may pass C, never under 1)."""
    instance(characteristics, Characteristics, "a character's characteristics")
    optional_instance(race, Race, "an alien humanoid race")
    if race is None:
        return characteristics
    result = characteristics
    for code, amount in race.adjustments:
        if code not in characteristics:
            raise RulesError(f"This character has no {characteristic_name(code)} to adjust.")
        value = characteristics[code] + amount
        if value < LOWEST_ADJUSTED_VALUE:
            raise RulesError(
                f"{race.name} would take {characteristic_name(code)} from "
                f"{characteristics[code]} to {value}; no characteristic may go below 1."
            )
        result = result.with_value(code, value)
    return result


@dataclass(frozen=True)
class NonHumanoidDice:
    """How many d6 a non-humanoid race rolls for each characteristic (GM ruling)."""

    dice: tuple[tuple[str, int], ...]
    bodiless: bool = False

    def __post_init__(self) -> None:
        _pairs(self.dice, "A race's dice")
        flag(self.bodiless, "Whether the race is bodiless")

    @classmethod
    def of(cls, dice: Mapping[str, int], *, bodiless: bool = False) -> NonHumanoidDice:
        dice = counts_by_name(dice, "A race's dice")
        return cls(
            tuple((code, dice[code]) for code in CHARACTERISTICS if code in dice),
            bodiless,
        )

    def count(self, code: str) -> int:
        text(code, "A characteristic")
        return dict(self.dice).get(code, 0)


def non_humanoid_codes(house_rules: HouseRules, *, bodiless: bool) -> tuple[str, ...]:
    instance(house_rules, HouseRules, "a campaign's house rules")
    flag(bodiless, "Whether the race is bodiless")
    in_play = characteristics_in_play(house_rules.metaphysical_in_play)
    if bodiless:
        return tuple(code for code in in_play if code in BODILESS_CHARACTERISTICS)
    return in_play


def validate_non_humanoid_dice(plan: NonHumanoidDice, house_rules: HouseRules) -> NonHumanoidDice:
    """Every characteristic gets at least one die (none may be 0) and the dice total is 14."""
    instance(plan, NonHumanoidDice, "a non-humanoid race's dice")
    codes = non_humanoid_codes(house_rules, bodiless=plan.bodiless)
    for code, count in plan.dice:
        if code not in codes:
            why = " (a bodiless race has only Int, Sty, Chz and Mtp)" if plan.bodiless else ""
            raise RulesError(f"{characteristic_name(code)} cannot be given dice{why}.")
        if count < 1:
            raise RulesError(
                f"{characteristic_name(code)} needs at least one die; no characteristic may be 0."
            )
    for code in codes:
        if plan.count(code) < 1:
            raise RulesError(
                f"{characteristic_name(code)} needs at least one die; no characteristic may be 0."
            )
    total = sum(count for _, count in plan.dice)
    wanted = house_rules.non_humanoid_dice_total
    if total != wanted:
        raise RulesError(f"The race uses {total} dice; it must use exactly {wanted}.")
    return plan


def roll_non_humanoid(
    plan: NonHumanoidDice,
    house_rules: HouseRules,
    faces: Mapping[str, Sequence[int]] | None = None,
    source: DiceSource = SECURE_DICE,
) -> tuple[Characteristics, tuple[Roll, ...]]:
    """Roll each characteristic's dice; a bodiless race has Mus, Grc and Res of 0."""
    validate_non_humanoid_dice(plan, house_rules)
    given = None if faces is None else mapping(faces, "The faces of each characteristic")
    source = dice_source(source)
    values: dict[str, int] = {}
    rolls: list[Roll] = []
    for code in characteristics_in_play(house_rules.metaphysical_in_play):
        count = plan.count(code)
        if count == 0:
            values[code] = 0
            continue
        spec = DiceSpec(count, 6)
        if given is None:
            rolled = roll(spec, source)
        else:
            if code not in given:
                raise RulesError(f"Give the faces of {characteristic_name(code)}’s {spec}.")
            rolled = Roll(spec, check_faces(spec, listed(given[code], "The faces")), entered=True)
        rolls.append(rolled)
        values[code] = rolled.total
    return Characteristics.of(values), tuple(rolls)


NON_HUMANOID_DIE_SIDES = 6


@dataclass(frozen=True)
class NonHumanoidRace:
    """A GM's non-humanoid race: a name, a description, and its dice per characteristic."""

    name: str
    plan: NonHumanoidDice
    description: str = ""

    def __post_init__(self) -> None:
        text(self.name, "A race's name")
        instance(self.plan, NonHumanoidDice, "a non-humanoid race's dice")
        text(self.description, "A race's description")

    @property
    def bodiless(self) -> bool:
        return self.plan.bodiless

    def has_body_part(self, code: str) -> bool:
        """False for Mus, Grc and Res of a bodiless race: 0, never rolled, never raised."""
        text(code, "A characteristic")
        return not self.plan.bodiless or code in BODILESS_CHARACTERISTICS

    def dice_for(self, code: str) -> DiceSpec:
        """The dice this race rolls for `code` (no bonus: the GM's dice are plain d6)."""
        count = self.plan.count(code)
        if count < 1:
            raise RulesError(f"{self.name} rolls no dice for {characteristic_name(code)}.")
        return DiceSpec(count, NON_HUMANOID_DIE_SIDES)

    def maximum(self, code: str, rule: NonHumanoidMaximum) -> int | None:
        """Rule 5's maximum for this race under the campaign's house rule, or None for none.

        By default (our ruling) the most its dice for `code` can roll; a GM may instead
        read "can break any of the limit rules" as no maximum at all.
        """
        text(code, "A characteristic")
        rule = one_of(rule, NonHumanoidMaximum, "a non-humanoid maximum")
        if rule == NonHumanoidMaximum.NONE:
            return None
        return self.plan.count(code) * NON_HUMANOID_DIE_SIDES

    def describe(self) -> str:
        dice = ", ".join(f"{count}d6 {code}" for code, count in self.plan.dice)
        kind = "bodiless non-humanoid" if self.plan.bodiless else "non-humanoid"
        return f"{self.name} ({kind}: {dice})"


def validate_non_humanoid_race(race: NonHumanoidRace, house_rules: HouseRules) -> NonHumanoidRace:
    """A name and a legal set of dice; return the race or raise with what is wrong."""
    instance(race, NonHumanoidRace, "a non-humanoid race")
    if not race.name.strip():
        raise RulesError("Give the non-humanoid race a name.")
    validate_non_humanoid_dice(race.plan, house_rules)
    return race


def _pairs(pairs: object, what: str) -> tuple[tuple[str, int], ...]:
    """(characteristic, number) pairs, as a race keeps its adjustments or its dice."""
    checked: list[tuple[str, int]] = []
    for pair in listed(pairs, what):
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise RulesError(f"{what} are pairs of a characteristic and a number.")
        checked.append((text(pair[0], "A characteristic"), whole(pair[1], what)))
    return tuple(checked)
