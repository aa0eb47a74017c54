"""Non-humanoid races shared by the creation tests: the book, a tough race and the book's
intellects with their dice, the tough race's characteristic steps, and playing steps through
the creation reducer."""

from __future__ import annotations

from rules.infinity_drive.aliens import NonHumanoidDice
from rules.infinity_drive.creation import (
    CharacteristicRolled,
    CreationState,
    NonHumanoidChosen,
    Step,
    replay,
)
from rules.infinity_drive.house_rules import HouseRules
from rules.infinity_drive.rulebook import load_book

BOOK = load_book()

# "the Alien may be very tough and resilient so for Mus and Res they roll three dice but
# only roll one for Int and Chz as a balance."
TOUGH = NonHumanoidDice.of({"Mus": 3, "Grc": 2, "Res": 3, "Int": 1, "Sty": 2, "Chz": 1, "Mtp": 2})
# The book's example: "11d6 in Int and only 1d6 in Sty, Chz and Mtp".
INTELLECTS = NonHumanoidDice.of({"Int": 11, "Sty": 1, "Chz": 1, "Mtp": 1}, bodiless=True)

TOUGH_CHARACTERISTICS: list[Step] = [
    NonHumanoidChosen(TOUGH, "Krell", "Armoured burrowers from a high-gravity moon."),
    # In the player's own order, each with that characteristic's dice.
    CharacteristicRolled("Int", (1,)),
    CharacteristicRolled("Mus", (6, 6, 6)),
    CharacteristicRolled("Chz", (1,)),
    CharacteristicRolled("Grc", (3, 4)),
    CharacteristicRolled("Sty", (1, 1)),
    CharacteristicRolled("Mtp", (1, 2)),
    CharacteristicRolled("Res", (2, 5, 6)),
]


def play(steps: list[Step], house_rules: HouseRules | None = None) -> CreationState:
    return replay(steps, rulebook=BOOK, house_rules=house_rules or HouseRules())
