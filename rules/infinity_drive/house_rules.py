"""A campaign's house rules for Infinity Drive creation, with the book's defaults.

Campaign models store these fields under the same names; characters made outside
any campaign use `BOOK_DEFAULTS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.dice import DiceSpec
from rules.errors import RulesError
from rules.inputs import flag, one_of, text, whole
from rules.live_table import DEFAULT_LIVE_SHARING, LiveSharing

__all__ = [
    "BOOK_DEFAULTS",
    "HEROIC_DICE",
    "HEROIC_POINT_BUY",
    "NON_HUMANOID_DICE_TOTAL",
    "NON_HUMANOID_DICE_TOTAL_MAX",
    "NON_HUMANOID_DICE_TOTAL_MIN",
    "NON_HUMANOID_DICE_TOTAL_RANGE_MESSAGE",
    "POINT_BUY_TOTAL_MAX",
    "POINT_BUY_TOTAL_MIN",
    "POINT_BUY_TOTAL_RANGE_MESSAGE",
    "STANDARD_CREDITS",
    "STANDARD_DICE",
    "STANDARD_POINT_BUY",
    "STARTING_CREDITS_MAX",
    "STARTING_CREDITS_MIN",
    "STARTING_CREDITS_RANGE_MESSAGE",
    "CharacteristicMethods",
    "EquipmentOptions",
    "HouseRules",
    "NonHumanoidMaximum",
    "PlusThreeGrade",
    "SurvivalFailure",
]


class CharacteristicMethods(StrEnum):
    BOTH = "both"
    POINT_BUY = "point_buy"
    DICE = "dice"


class SurvivalFailure(StrEnum):
    DEATH = "death"
    SETBACK = "setback"
    PLAYER_CHOICE = "player_choice"


class EquipmentOptions(StrEnum):
    BOTH = "both"
    STANDARD = "standard"
    VARIABLE = "variable"


class PlusThreeGrade(StrEnum):
    """Where a margin of exactly +3 falls (the book's grade table overlaps there)."""

    GOOD_SUCCESS = "good_success"
    SUCCESS = "success"


class NonHumanoidMaximum(StrEnum):
    """How far a skill-table result may raise a non-humanoid's characteristic (rule 5).

    The book gives a maximum to humanoids (C) and alien humanoids (C moved by the race's
    changes), yet lets non-humanoids "break any of the limit rules ... apart from they
    cannot have a characteristic of 0": GMs read that either way (docs/rulings.md).
    """

    # The most the race's dice for the characteristic can roll; past it the roll is
    # lost unless the player gives a history reason, as for everyone (our ruling).
    DICE = "dice"
    # No maximum at all: every increase applies and no history reason is asked.
    NONE = "none"


STANDARD_POINT_BUY = 50
HEROIC_POINT_BUY = 60
STANDARD_DICE = "2d6"
HEROIC_DICE = "2d6+2"
STANDARD_CREDITS = 20_000
NON_HUMANOID_DICE_TOTAL = 14

# Bounds on the numbers a GM may set. Point buy follows from the book: every
# characteristic starts between 2 and C (12), so 7 characteristics hold 14 to 84
# points. Without Metaphysical the players spend 7 fewer on 6 characteristics
# (docs/rulings.md), so the total must then lie between 12 + 7 and 72 + 7.
CHARACTERISTIC_COUNT = 7
POINT_BUY_LOWEST_VALUE = 2
POINT_BUY_HIGHEST_VALUE = 12
WITHOUT_METAPHYSICAL_FEWER_POINTS = 7
POINT_BUY_TOTAL_MIN = CHARACTERISTIC_COUNT * POINT_BUY_LOWEST_VALUE
POINT_BUY_TOTAL_MAX = CHARACTERISTIC_COUNT * POINT_BUY_HIGHEST_VALUE
# Not in the book: a ceiling so a typo (an extra nought or five) is caught.
STARTING_CREDITS_MIN = 0
STARTING_CREDITS_MAX = 10_000_000
# At least one die for each of the 4 characteristics a bodiless race keeps; at most
# six dice for each of the 7.
NON_HUMANOID_DICE_TOTAL_MIN = 4
NON_HUMANOID_DICE_TOTAL_MAX = 42

POINT_BUY_TOTAL_RANGE_MESSAGE = (
    f"The point-buy total must be between {POINT_BUY_TOTAL_MIN} (2 in each of the 7 "
    f"characteristics) and {POINT_BUY_TOTAL_MAX} (C, 12, in each of them)."
)
STARTING_CREDITS_RANGE_MESSAGE = (
    f"Starting credits must be between {STARTING_CREDITS_MIN} and {STARTING_CREDITS_MAX:,}."
)
NON_HUMANOID_DICE_TOTAL_RANGE_MESSAGE = (
    f"A non-humanoid race's dice must total between {NON_HUMANOID_DICE_TOTAL_MIN} (one die "
    f"for each characteristic a bodiless race keeps) and {NON_HUMANOID_DICE_TOTAL_MAX} "
    "(six dice for each of the 7)."
)


@dataclass(frozen=True)
class HouseRules:
    # "Unless the GM says otherwise, both methods are available."
    characteristic_methods: CharacteristicMethods = CharacteristicMethods.BOTH
    point_buy_total: int = STANDARD_POINT_BUY
    characteristic_dice: str = STANDARD_DICE
    metaphysical_in_play: bool = True
    alien_humanoids_allowed: bool = True
    career_survival: bool = True
    survival_failure: SurvivalFailure = SurvivalFailure.PLAYER_CHOICE
    physical_dice_allowed: bool = True
    equipment_options: EquipmentOptions = EquipmentOptions.BOTH
    starting_credits: int = STANDARD_CREDITS
    approval_required: bool = False
    non_humanoid_dice_total: int = NON_HUMANOID_DICE_TOTAL
    plus_three_grade: PlusThreeGrade = PlusThreeGrade.GOOD_SUCCESS
    non_humanoid_maximum: NonHumanoidMaximum = NonHumanoidMaximum.DICE
    # Not in the book: what players see of each other at the live table.
    live_sharing: LiveSharing = DEFAULT_LIVE_SHARING

    def __post_init__(self) -> None:
        self._check_kinds()
        spec = DiceSpec.parse(self.characteristic_dice)
        if spec.count < 1:
            raise RulesError("Characteristic dice need at least one die.")
        self._check_point_buy_total()
        if not STARTING_CREDITS_MIN <= self.starting_credits <= STARTING_CREDITS_MAX:
            raise RulesError(STARTING_CREDITS_RANGE_MESSAGE)
        if not (
            NON_HUMANOID_DICE_TOTAL_MIN
            <= self.non_humanoid_dice_total
            <= NON_HUMANOID_DICE_TOTAL_MAX
        ):
            raise RulesError(NON_HUMANOID_DICE_TOTAL_RANGE_MESSAGE)

    def _check_kinds(self) -> None:
        """Every rule is the kind of value it should be; a stored string becomes its choice."""
        for name, choices, what in (
            ("characteristic_methods", CharacteristicMethods, "a way to make characteristics"),
            ("survival_failure", SurvivalFailure, "an outcome of a failed survival roll"),
            ("equipment_options", EquipmentOptions, "a way to choose equipment"),
            ("plus_three_grade", PlusThreeGrade, "a grade for a margin of +3"),
            ("non_humanoid_maximum", NonHumanoidMaximum, "a non-humanoid maximum"),
            ("live_sharing", LiveSharing, "a way to share rolls at the table"),
        ):
            object.__setattr__(self, name, one_of(getattr(self, name), choices, what))
        for name, what in (
            ("metaphysical_in_play", "Whether Metaphysical is in play"),
            ("alien_humanoids_allowed", "Whether alien humanoids are allowed"),
            ("career_survival", "Whether career survival is in play"),
            ("physical_dice_allowed", "Whether physical dice are allowed"),
            ("approval_required", "Whether the GM approves characters"),
        ):
            flag(getattr(self, name), what)
        whole(self.point_buy_total, "The point-buy total")
        whole(self.starting_credits, "Starting credits")
        whole(self.non_humanoid_dice_total, "A non-humanoid race's dice total")
        text(self.characteristic_dice, "The characteristic dice")

    def _check_point_buy_total(self) -> None:
        if not POINT_BUY_TOTAL_MIN <= self.point_buy_total <= POINT_BUY_TOTAL_MAX:
            raise RulesError(POINT_BUY_TOTAL_RANGE_MESSAGE)
        if self.metaphysical_in_play:
            return
        count = CHARACTERISTIC_COUNT - 1
        lowest = count * POINT_BUY_LOWEST_VALUE + WITHOUT_METAPHYSICAL_FEWER_POINTS
        highest = count * POINT_BUY_HIGHEST_VALUE + WITHOUT_METAPHYSICAL_FEWER_POINTS
        if not lowest <= self.point_buy_total <= highest:
            raise RulesError(
                f"Without Metaphysical players spend {WITHOUT_METAPHYSICAL_FEWER_POINTS} fewer "
                f"points on {count} characteristics, so the point-buy total must be between "
                f"{lowest} and {highest} ({self.point_buy_total} would leave "
                f"{self.point_buy_total - WITHOUT_METAPHYSICAL_FEWER_POINTS} to spend)."
            )

    @property
    def dice_spec(self) -> DiceSpec:
        return DiceSpec.parse(self.characteristic_dice)

    @property
    def allows_point_buy(self) -> bool:
        return self.characteristic_methods in {
            CharacteristicMethods.BOTH,
            CharacteristicMethods.POINT_BUY,
        }

    @property
    def allows_dice(self) -> bool:
        return self.characteristic_methods in {
            CharacteristicMethods.BOTH,
            CharacteristicMethods.DICE,
        }


BOOK_DEFAULTS = HouseRules()
