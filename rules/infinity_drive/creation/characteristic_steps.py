"""Creation steps for characteristics: the method, point buy, each roll, a non-humanoid
race's dice, and an alien humanoid race (the book's "Characteristics" and "Alien
Humanoids", with the GM ruling on non-humanoids)."""

from __future__ import annotations

from dataclasses import replace

from rules.dice import DiceSpec, check_faces
from rules.errors import RulesError
from rules.infinity_drive.aliens import (
    NonHumanoidRace,
    apply_race,
    validate_non_humanoid_race,
    validate_race,
)
from rules.infinity_drive.characteristics import characteristic_name, validate_point_buy
from rules.infinity_drive.codes import characteristics_in_play
from rules.infinity_drive.creation.registry import StepContext, handles
from rules.infinity_drive.creation.state import CreationState, Expect, noted
from rules.infinity_drive.creation.steps import (
    CharacteristicRolled,
    Method,
    MethodChosen,
    NonHumanoidChosen,
    PointBuyAssigned,
    RaceApplied,
)
from rules.infinity_drive.house_rules import HouseRules
from rules.infinity_drive.profile import Characteristics, hex_value

# Nothing public: each step is applied through `apply_step` (creation/reducer.py), which
# finds these handlers by their `@handles` registrations.
__all__: list[str] = []


def _after_characteristics(state: CreationState, house_rules: HouseRules) -> Expect:
    if state.non_humanoid is not None:
        return Expect.CAREER  # the race is already chosen; no humanoid race step follows
    return Expect.RACE if house_rules.alien_humanoids_allowed else Expect.CAREER


@handles(MethodChosen, answers=(Expect.METHOD,))
def on_method_chosen(
    state: CreationState, step: MethodChosen, context: StepContext
) -> CreationState:
    house_rules = context.house_rules
    method = Method(step.method)
    if method == Method.NON_HUMANOID:
        raise RulesError(
            "Choose which non-humanoid race: its dice decide how each characteristic is rolled."
        )
    if method == Method.POINT_BUY and not house_rules.allows_point_buy:
        raise RulesError("This campaign's GM allows only dice rolling for characteristics.")
    if method == Method.DICE and not house_rules.allows_dice:
        raise RulesError("This campaign's GM allows only point buy for characteristics.")
    expecting = Expect.POINT_BUY if method == Method.POINT_BUY else Expect.CHARACTERISTIC_ROLL
    return noted(
        replace(state, method=method, expecting=expecting),
        f"Characteristics by {method.value.replace('_', ' ')}.",
    )


@handles(PointBuyAssigned, answers=(Expect.POINT_BUY,))
def on_point_buy_assigned(
    state: CreationState, step: PointBuyAssigned, context: StepContext
) -> CreationState:
    house_rules = context.house_rules
    characteristics = validate_point_buy(dict(step.values), house_rules)
    updated = replace(state, characteristics=characteristics)
    return noted(
        replace(updated, expecting=_after_characteristics(updated, house_rules)),
        f"Point buy: profile {characteristics.profile}.",
    )


def _non_humanoid_dice(race: NonHumanoidRace, code: str, faces_given: int) -> DiceSpec:
    """The race's dice for `code`; a wrong number of faces is refused naming the
    characteristic, since each one rolls its own number of dice."""
    spec = race.dice_for(code)
    if faces_given != spec.count:
        raise RulesError(
            f"{characteristic_name(code)} rolls {spec} for the {race.name}; "
            f"{faces_given} {'die was' if faces_given == 1 else 'dice were'} given."
        )
    return spec


@handles(CharacteristicRolled, answers=(Expect.CHARACTERISTIC_ROLL,))
def on_characteristic_rolled(
    state: CreationState, step: CharacteristicRolled, context: StepContext
) -> CreationState:
    house_rules = context.house_rules
    in_play = characteristics_in_play(house_rules.metaphysical_in_play)
    code = step.characteristic
    if code not in in_play:
        raise RulesError(f"“{code}” is not a characteristic in play.")
    race = state.non_humanoid
    if race is not None and not race.has_body_part(code):
        raise RulesError(
            f"The {race.name} have no body: {characteristic_name(code)} is 0 and is never rolled."
        )
    if code in state.characteristics:
        raise RulesError(f"{characteristic_name(code)} already has a value; choose another.")
    spec = (
        house_rules.dice_spec
        if race is None
        else _non_humanoid_dice(race, code, len(tuple(step.faces)))
    )
    faces = check_faces(spec, step.faces)
    value = spec.total(faces)
    characteristics = state.characteristics.with_value(code, value)
    filled = len(characteristics.codes) == len(in_play)
    updated = replace(
        state,
        characteristics=characteristics,
        characteristic_rolls=(*state.characteristic_rolls, (code, faces, value)),
    )
    return noted(
        replace(
            updated,
            expecting=_after_characteristics(updated, house_rules)
            if filled
            else Expect.CHARACTERISTIC_ROLL,
        ),
        f"{spec} rolled {value} ({hex_value(value)}) into {characteristic_name(code)}.",
    )


@handles(NonHumanoidChosen, answers=(Expect.METHOD,))
def on_non_humanoid_chosen(
    state: CreationState, step: NonHumanoidChosen, context: StepContext
) -> CreationState:
    house_rules = context.house_rules
    race = validate_non_humanoid_race(step.race, house_rules)
    # A bodiless race's Mus, Grc and Res are 0 from the start: nothing is rolled for them.
    bodiless_zeros = Characteristics.of(
        {
            code: 0
            for code in characteristics_in_play(house_rules.metaphysical_in_play)
            if not race.has_body_part(code)
        }
    )
    return noted(
        replace(
            state,
            method=Method.NON_HUMANOID,
            non_humanoid=race,
            non_humanoid_maximum=house_rules.non_humanoid_maximum,
            characteristics=bodiless_zeros,
            expecting=Expect.CHARACTERISTIC_ROLL,
        ),
        f"Characteristics by the dice of a non-humanoid race: {race.describe()}.",
    )


@handles(RaceApplied, answers=(Expect.RACE,))
def on_race_applied(state: CreationState, step: RaceApplied, context: StepContext) -> CreationState:
    house_rules = context.house_rules
    if step.race is None:
        return noted(replace(state, expecting=Expect.CAREER), "A base humanoid.")
    if not house_rules.alien_humanoids_allowed:
        raise RulesError("This campaign does not allow alien humanoid races.")
    race = validate_race(step.race, house_rules)
    characteristics = apply_race(state.characteristics, race)
    return noted(
        replace(state, race=race, characteristics=characteristics, expecting=Expect.CAREER),
        f"{race.describe()}: profile {characteristics.profile}.",
    )
