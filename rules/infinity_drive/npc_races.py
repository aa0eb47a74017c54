"""Alien humanoid races for NPCs: a small stock of names and reasons, and a random race
that the rules of Alien Humanoids accept for a given set of characteristics."""

from __future__ import annotations

from collections.abc import Sequence

from rules.dice import DiceSource, dice_source, pick
from rules.infinity_drive.aliens import (
    MOST_POINTS_ADDED,
    MOST_POINTS_ON_ONE,
    Race,
    validate_race,
)
from rules.infinity_drive.profile import Characteristics
from rules.inputs import instance

__all__ = ["ALIEN_COSTS", "ALIEN_GIFTS", "ALIEN_NAMES", "random_alien_race"]

# A small stock of alien humanoid races for NPCs: names, and the reasons a race might be
# stronger in one characteristic ("gifts") and weaker in another ("costs"). The book asks
# every race for "a name for your race and a reason".
ALIEN_NAMES: tuple[str, ...] = (
    "Vessk",
    "Orunai",
    "Thalnar",
    "Quillan",
    "Brasketh",
    "Myrrid",
    "Caldori",
    "Ysseni",
)
ALIEN_GIFTS: dict[str, str] = {
    "Mus": "a heavy-gravity home-world built dense muscle",
    "Grc": "generations of canopy hunting honed their balance",
    "Res": "a toxic biosphere hardened their bodies",
    "Int": "metaphysical predators rewarded cunning",
    "Sty": "a harsh, orderly culture prized steady minds",
    "Chz": "a society of endless bargaining made them persuasive",
    "Mtp": "a psionically active sun woke their minds",
}
ALIEN_COSTS: dict[str, str] = {
    "Mus": "hollow bones leave them weak",
    "Grc": "their heavy frames are clumsy",
    "Res": "a sterile home-world left them sickly",
    "Int": "instinct counts for more than study among them",
    "Sty": "vivid dreams blur into their waking lives",
    "Chz": "a solitary nature makes them poor company",
    "Mtp": "they are nearly deaf to the metaphysical",
}


def _and(phrases: Sequence[str]) -> str:
    return phrases[0] if len(phrases) == 1 else f"{', '.join(phrases[:-1])} and {phrases[-1]}"


def random_alien_race(dice: DiceSource, characteristics: Characteristics) -> Race | None:
    """A legal alien humanoid race for these characteristics, of 1 to 6 points.

    Points move one at a time from a characteristic that is not improved to one that
    is not reduced, never more than 3 onto one and never taking one under 1, so every
    race this makes passes `validate_race` and `apply_race`. None if no point can move.
    """
    dice = dice_source(dice)
    instance(characteristics, Characteristics, "a character's characteristics")
    codes = characteristics.codes
    points = pick(dice, range(1, MOST_POINTS_ADDED + 1))
    adjustments = dict.fromkeys(codes, 0)
    for _ in range(points):
        raisable = [code for code in codes if 0 <= adjustments[code] < MOST_POINTS_ON_ONE]
        if not raisable:
            break
        raised = pick(dice, raisable)
        lowerable = [
            code
            for code in codes
            if code != raised
            and adjustments[code] <= 0
            and characteristics[code] + adjustments[code] - 1 >= 1
        ]
        if not lowerable:
            break
        adjustments[raised] += 1
        adjustments[pick(dice, lowerable)] -= 1
    if not any(adjustments.values()):
        return None
    name = pick(dice, ALIEN_NAMES)
    gifts = [ALIEN_GIFTS[code] for code in codes if adjustments[code] > 0]
    costs = [ALIEN_COSTS[code] for code in codes if adjustments[code] < 0]
    reason = f"On the {name} home-world {_and(gifts)}; but {_and(costs)}."
    return validate_race(Race.of(name, reason, adjustments))
