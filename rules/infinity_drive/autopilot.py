"""The NPC autopilot: a policy that makes every creation choice, driving the same engine.

Each choice and each die comes from one seeded dice source, and every step goes through
`apply_step`, so an NPC is an ordinary creation log: the same seed gives the same
character, and the character is legal because the engine accepted every step.

By default an NPC is a base humanoid, so every seed keeps the character it always gave;
`alien_humanoids=True` gives it a random alien humanoid race, and `non_humanoid=` a
GM's non-humanoid race whose dice it rolls.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.dice import DiceSource, SeededDice, dice_source, pick
from rules.errors import RulesError
from rules.infinity_drive.aliens import (
    NonHumanoidRace,
    validate_non_humanoid_race,
)
from rules.infinity_drive.characteristics import (
    POINT_BUY_MAXIMUM,
    POINT_BUY_MINIMUM,
    point_buy_total,
)
from rules.infinity_drive.codes import characteristics_in_play
from rules.infinity_drive.creation import (
    SKILL_DICE,
    CareerChosen,
    CharacteristicRolled,
    CreationState,
    Expect,
    Method,
    MethodChosen,
    NonHumanoidChosen,
    Option,
    PointBuyAssigned,
    RaceApplied,
    Rerolled,
    SetbackChosen,
    Step,
    SurvivalOutcomeChosen,
    TableChosen,
    apply_step,
    characteristic_dice,
    characteristics_to_roll,
    skill_roll_options,
)
from rules.infinity_drive.creation.registry import rolled_step
from rules.infinity_drive.house_rules import BOOK_DEFAULTS, HouseRules, SurvivalFailure
from rules.infinity_drive.npc_races import (
    ALIEN_COSTS,
    ALIEN_GIFTS,
    ALIEN_NAMES,
    random_alien_race,
)
from rules.infinity_drive.rulebook import Rulebook
from rules.infinity_drive.survival import LOWEST_AFTER_SETBACK
from rules.inputs import flag, instance, optional_instance, optional_text

__all__ = [
    "ALIEN_COSTS",
    "ALIEN_GIFTS",
    "ALIEN_NAMES",
    "MOST_ATTEMPTS",
    "NPC",
    "Autopilot",
    "generate_npc",
    "npc_summary",
    "npc_text",
    "pick",
    "random_alien_race",
]

# A character that dies under the "death" house rule starts again from the same dice
# stream. A frail non-humanoid race can die in nine careers of ten, so give it room;
# past this the generator says in words that every attempt died.
MOST_ATTEMPTS = 200
FALLBACK_SPECIALTY = "General"


@dataclass(frozen=True)
class NPC:
    seed: int | str
    steps: tuple[Step, ...]
    state: CreationState
    attempts: int


class Autopilot:
    """Chooses the next step for any creation state."""

    def __init__(
        self,
        dice: DiceSource,
        *,
        rulebook: Rulebook,
        house_rules: HouseRules = BOOK_DEFAULTS,
        career: str | None = None,
        alien_humanoids: bool = False,
        non_humanoid: NonHumanoidRace | None = None,
    ) -> None:
        dice = dice_source(dice)
        instance(rulebook, Rulebook, "the rule book")
        instance(house_rules, HouseRules, "a campaign's house rules")
        optional_text(career, "The career")
        flag(alien_humanoids, "Whether NPCs may be alien humanoids")
        optional_instance(non_humanoid, NonHumanoidRace, "a non-humanoid race")
        if career is not None and career not in rulebook.careers:
            raise RulesError(
                f"“{career}” is not a career path; choose {' or '.join(rulebook.careers)}."
            )
        if non_humanoid is not None:
            validate_non_humanoid_race(non_humanoid, house_rules)
        self.dice = dice
        self.rulebook = rulebook
        self.house_rules = house_rules
        self.career = career
        self.alien_humanoids = alien_humanoids
        self.non_humanoid = non_humanoid

    def next_step(self, state: CreationState) -> Step:
        instance(state, CreationState, "a character's creation so far")
        chooser = {
            Expect.METHOD: self._method,
            Expect.POINT_BUY: self._point_buy,
            Expect.CHARACTERISTIC_ROLL: self._characteristic_roll,
            Expect.RACE: self._race,
            Expect.CAREER: self._career,
            Expect.TABLE_CHOICE: self._table_choice,
            Expect.SURVIVAL_OUTCOME: lambda _state: SurvivalOutcomeChosen(SurvivalFailure.SETBACK),
            Expect.SETBACK: self._setback,
        }.get(state.expecting)
        if chooser is not None:
            return chooser(state)
        # A roll of dice alone (specialisation, skill, survival, or a rule's own roll)
        # registered its dice with its handler: roll them, so a new roll needs no line here.
        rolled = rolled_step(state.expecting, self.dice)
        if rolled is None:
            raise RulesError(f"Nothing to choose: {state.next_step_message}")
        return rolled

    def _method(self, _state: CreationState) -> Step:
        if self.non_humanoid is not None:
            race = self.non_humanoid
            return NonHumanoidChosen(race.plan, race.name, race.description)
        methods = []
        if self.house_rules.allows_point_buy:
            methods.append(Method.POINT_BUY)
        if self.house_rules.allows_dice:
            methods.append(Method.DICE)
        return MethodChosen(pick(self.dice, methods))

    def _point_buy(self, _state: CreationState) -> Step:
        codes = characteristics_in_play(self.house_rules.metaphysical_in_play)
        values = dict.fromkeys(codes, POINT_BUY_MINIMUM)
        remaining = point_buy_total(self.house_rules) - POINT_BUY_MINIMUM * len(codes)
        while remaining > 0:
            open_codes = [code for code in codes if values[code] < POINT_BUY_MAXIMUM]
            if not open_codes:
                raise RulesError("The point-buy total is more than the characteristics can hold.")
            values[pick(self.dice, open_codes)] += 1
            remaining -= 1
        return PointBuyAssigned.of(values)

    def _characteristic_roll(self, state: CreationState) -> Step:
        if state.non_humanoid is not None:
            # Each characteristic has its own dice, so choose where before rolling.
            code = pick(self.dice, characteristics_to_roll(state, self.house_rules))
            spec = characteristic_dice(state, code, self.house_rules)
            return CharacteristicRolled(code, self.dice.faces(spec))
        codes = characteristics_in_play(self.house_rules.metaphysical_in_play)
        unfilled = [code for code in codes if code not in state.characteristics]
        faces = self.dice.faces(self.house_rules.dice_spec)
        return CharacteristicRolled(pick(self.dice, unfilled), faces)

    def _race(self, state: CreationState) -> Step:
        if not self.alien_humanoids:
            return RaceApplied(None)
        return RaceApplied(random_alien_race(self.dice, state.characteristics))

    def _career(self, _state: CreationState) -> Step:
        return CareerChosen(self.career or pick(self.dice, self.rulebook.careers))

    def _table_choice(self, state: CreationState) -> Step:
        options = skill_roll_options(state, self.rulebook)
        gaining = [
            option
            for option in options
            if option.legal and not option.loses_roll and not option.needs_history_reason
        ]
        if gaining:
            return self._choose(state, pick(self.dice, gaining))
        rerollable = [option for option in options if option.reroll_offered]
        if rerollable and state.pending is not None and not state.pending.is_reroll:
            return Rerolled(pick(self.dice, rerollable).table_slug, self.dice.faces(SKILL_DICE))
        legal = [option for option in options if option.legal]
        return self._choose(state, pick(self.dice, legal))

    def _choose(self, state: CreationState, option: Option) -> Step:
        specialty = ""
        if option.needs_specialty:
            specialty = pick(self.dice, option.specialty_choices or (FALLBACK_SPECIALTY,))
        where = f"{state.specialisation} {state.career.lower() if state.career else ''}".strip()
        outcome = option.reason if not specialty else f"{option.entry.skill} ({specialty})."
        return TableChosen(
            option.table_slug,
            specialty=specialty,
            note=f"During {where} service ({option.table_name}): {outcome}",
        )

    def _setback(self, state: CreationState) -> Step:
        amount = 1 if state.rolls_left > 0 else 2
        bearable = [
            code
            for code in state.characteristics.codes
            if state.characteristics[code] - amount >= LOWEST_AFTER_SETBACK
        ]
        if not bearable:
            raise RulesError("No characteristic can bear this setback.")
        return SetbackChosen(max(bearable, key=lambda code: state.characteristics[code]))


def generate_npc(
    *,
    seed: int | str,
    rulebook: Rulebook,
    house_rules: HouseRules = BOOK_DEFAULTS,
    career: str | None = None,
    alien_humanoids: bool = False,
    non_humanoid: NonHumanoidRace | None = None,
) -> NPC:
    """A complete, legal character from `seed`: the same seed gives the same character.

    `alien_humanoids` gives the NPC a random alien humanoid race (when the campaign allows
    them); `non_humanoid` makes it one of that GM's non-humanoid race, rolling its dice.
    """
    dice = SeededDice(seed)
    pilot = Autopilot(
        dice,
        rulebook=rulebook,
        house_rules=house_rules,
        career=career,
        alien_humanoids=alien_humanoids,
        non_humanoid=non_humanoid,
    )
    for attempt in range(1, MOST_ATTEMPTS + 1):
        state = CreationState()
        steps: list[Step] = []
        while state.expecting not in {Expect.COMPLETE, Expect.DEAD}:
            step = pilot.next_step(state)
            state = apply_step(state, step, rulebook=rulebook, house_rules=house_rules)
            steps.append(step)
        if state.expecting == Expect.COMPLETE:
            return NPC(seed=seed, steps=tuple(steps), state=state, attempts=attempt)
    raise RulesError(f"Every one of {MOST_ATTEMPTS} attempts died in their career.")


def npc_summary(npc: NPC) -> dict[str, Any]:
    """The NPC as plain JSON-ready values."""
    instance(npc, NPC, "an NPC")
    state = npc.state
    learner = state.learner
    return {
        "seed": npc.seed,
        "profile": state.profile,
        "characteristics": state.characteristics.as_dict(),
        "race": state.race_name,
        "method": state.method.value if state.method else None,
        "career": state.career,
        "specialisation": state.specialisation,
        "learner": learner.explain() if learner else "",
        "learner_type": state.learner_type,
        "rolls": state.rolls_total,
        "rolls_used": state.rolls_used,
        "skills": state.skill_notation,
        "skill_ranks": [
            {"skill": held.skill, "specialty": held.specialty, "rank": held.rank}
            for held in state.skills.ranks
        ],
        "lost_rolls": [
            {"roll": lost.roll_number, "reason": lost.reason} for lost in state.lost_rolls
        ],
        "setbacks": [setback.explanation for setback in state.setbacks],
        "survival_rolls": [result.total for result in state.survival_rolls],
        "history": [
            {
                "kind": entry.kind,
                "roll": entry.roll_number,
                "prompt": entry.prompt,
                "note": entry.note,
            }
            for entry in state.history
        ],
        "attempts": npc.attempts,
    }


def npc_text(npc: NPC) -> str:
    """The NPC as a short sheet in the book's notation."""
    summary = npc_summary(npc)
    lines = [
        f"NPC (seed {summary['seed']}): {summary['profile']}  {summary['race']}",
        f"{summary['career']}, {summary['specialisation']}; {summary['learner']}",
        f"Skills: {summary['skills']}",
    ]
    lines += [f"Lost roll {lost['roll']}: {lost['reason']}" for lost in summary["lost_rolls"]]
    lines += [f"{setback}" for setback in summary["setbacks"]]
    lines.append("History:")
    lines += [f"  - {entry['note'] or entry['prompt']}" for entry in summary["history"]]
    return "\n".join(lines)
