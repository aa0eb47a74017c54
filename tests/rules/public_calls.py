"""One valid call of every public function of rules/, for test_malformed_input to spoil.

Keyed by where the function is defined (`module.function`, `module.Class.method`, or
`module.Class` for a value a caller builds). A valid call is the starting point: the
test replaces or opens up some of its arguments.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import rules
from rules import drifting, odds
from rules import roll_and_keep as keep
from rules import typed_dice as typed
from rules import unique_pool as pool
from rules.dice import DiceSpec, GivenFaces, Roll, SecureDice, SeededDice
from rules.drifting import replay

SHEET = {
    "Firearms": drifting.TokenState("Firearms", drifting.TokenKind.FOCUS, held=2, depleted=1),
    "Military": drifting.TokenState("Military", drifting.TokenKind.BACKGROUND, held=1, checks=10),
}
TOKEN_PLAN = drifting.plan_token_roll(SHEET, applicable=["Military"], deplete={"Firearms": 1})
GRANTS = (drifting.TokenGrant(drifting.TokenKind.BACKGROUND, "Space", 2),)
SPACER = drifting.Lifepath("spacer", "Spacer", GRANTS)
PILOT = drifting.Lifepath("pilot", "Pilot", GRANTS, requires=("spacer",))
LINES = (
    drifting.LifepathLines("Spacer", (drifting.GrantLine("background", "Space", 2),)),
    drifting.LifepathLines("Pilot", (drifting.GrantLine("focus", "Piloting"),), ("Spacer",)),
)
KEPT = keep.KeptRoll(faces=(3, 7, 9), keep=2, difficulty=6)
MANA = {"black": 2, "blue": 1}

Call = tuple[Callable[..., object], dict[str, Any]]


def _call(function: Callable[..., object], **arguments: object) -> Callable[[], Call]:
    return lambda: (function, dict(arguments))


CALLS: dict[str, Callable[[], Call]] = {
    # dice
    "rules.dice.DiceSpec": _call(DiceSpec, count=2, sides=6, bonus=1),
    "rules.dice.DiceSpec.parse": _call(DiceSpec.parse, text="2d6+2"),
    "rules.dice.DiceSpec.total": _call(DiceSpec(2, 6).total, faces=(3, 4)),
    "rules.dice.Roll": _call(Roll, spec=DiceSpec(2, 6), faces=(3, 4), entered=True),
    "rules.dice.SecureDice.faces": _call(SecureDice().faces, spec=DiceSpec(2, 6)),
    "rules.dice.SeededDice": _call(SeededDice, seed=3),
    "rules.dice.SeededDice.faces": _call(SeededDice(3).faces, spec=DiceSpec(2, 6)),
    "rules.dice.SeededDice.choice": _call(SeededDice(3).choice, options=["a", "b"]),
    "rules.dice.GivenFaces": _call(GivenFaces, faces=[3, 4]),
    "rules.dice.GivenFaces.faces": lambda: (GivenFaces([3, 4]).faces, {"spec": DiceSpec(2, 6)}),
    "rules.dice.check_faces": _call(rules.dice.check_faces, spec=DiceSpec(2, 6), faces=(1, 6)),
    "rules.dice.entered_roll": _call(rules.dice.entered_roll, spec="2d6", faces=[2, 5]),
    "rules.dice.ordinal": _call(rules.dice.ordinal, number=3),
    # typed dice
    "rules.typed_dice.read_faces": _call(typed.read_faces, text="34", spec=DiceSpec(2, 6)),
    "rules.typed_dice.typed_roll": _call(typed.typed_roll, spec="2d6", text="3,4"),
    "rules.typed_dice.expected_faces": _call(typed.expected_faces, spec=DiceSpec(2, 6)),
    "rules.typed_dice.faces_help": _call(typed.faces_help, spec=DiceSpec(3, 10)),
    "rules.typed_dice.faces_help_per_die": _call(typed.faces_help_per_die, sides=6),
    "rules.typed_dice.reads_digit_runs": _call(typed.reads_digit_runs, sides=6),
    "rules.dice.roll": _call(rules.dice.roll, spec="2d6", source=SeededDice(1)),
    # Drifting
    "rules.drifting.tokens.TokenState": _call(drifting.TokenState, name="Dodge", held=1),
    "rules.drifting.tokens.sheet_from": _call(drifting.sheet_from, tokens=list(SHEET.values())),
    "rules.drifting.using.Assist": _call(drifting.Assist, helper="Linda", token="Firearms"),
    "rules.drifting.using.plan_token_roll": _call(
        drifting.plan_token_roll,
        sheet=SHEET,
        applicable=["Military"],
        deplete={"Firearms": 1},
        assists=[drifting.Assist("Linda", "Pilot")],
        share="Firearms",
    ),
    "rules.drifting.using.resolve_token_roll": _call(
        drifting.resolve_token_roll, plan=TOKEN_PLAN, faces=(1, 4, 5)
    ),
    "rules.drifting.using.apply_token_roll": _call(
        drifting.apply_token_roll, sheet=SHEET, plan=TOKEN_PLAN
    ),
    "rules.drifting.using.assist_deplete": _call(
        drifting.assist_deplete, sheet=SHEET, token="Firearms", helper="Jim"
    ),
    "rules.drifting.gaining.gain_token": _call(drifting.gain_token, sheet=SHEET, token="Military"),
    "rules.drifting.sharing.receive_shared_mark": _call(
        drifting.receive_shared_mark, sheet=SHEET, token="Repair", kind="focus"
    ),
    "rules.drifting.losing.check_roll_total": _call(drifting.check_roll_total, total=12),
    "rules.drifting.losing.tokens_lost_for_margin": _call(
        drifting.tokens_lost_for_margin, margin=3, step=3
    ),
    "rules.drifting.losing.loss_order": _call(
        drifting.loss_order, sheet=SHEET, owed=2, related=["Firearms"]
    ),
    "rules.drifting.losing.choices_needed_for_loss": _call(
        drifting.choices_needed_for_loss, sheet=SHEET, owed=2, related=["Military"]
    ),
    "rules.drifting.losing.lose_tokens": _call(
        drifting.lose_tokens, sheet=SHEET, margin=3, related=[], choices={"Firearms": 1}, step=5
    ),
    "rules.drifting.losing.undo_loss": _call(
        drifting.undo_loss,
        sheet={"Firearms": drifting.TokenState("Firearms", held=2, depleted=0, lost=2)},
        fresh={"Firearms": 1},
        depleted={"Firearms": 1},
    ),
    "rules.drifting.refresh.refresh_tokens": _call(drifting.refresh_tokens, sheet=SHEET),
    "rules.drifting.lifepaths.TokenGrant": _call(
        drifting.TokenGrant, kind="background", name="Space", count=2
    ),
    "rules.drifting.lifepaths.Lifepath": _call(
        drifting.Lifepath, slug="pilot", name="Pilot", grants=GRANTS, requires=("spacer",)
    ),
    "rules.drifting.lifepaths.check_lifepath_grants": _call(
        drifting.check_lifepath_grants, grants=list(GRANTS)
    ),
    "rules.drifting.lifepaths.check_lifepath_choice": _call(
        drifting.check_lifepath_choice, chosen=[SPACER], candidate=PILOT, limit=4
    ),
    "rules.drifting.lifepath_checks.GrantLine": _call(
        drifting.GrantLine, kind="focus", name="Firearms", count=2
    ),
    "rules.drifting.lifepath_checks.LifepathLines": _call(
        drifting.LifepathLines,
        name="Pilot",
        grants=(drifting.GrantLine("focus", "Piloting"),),
        requires=("Spacer",),
        region="Orbit",
    ),
    "rules.drifting.lifepath_checks.lifepath_key": _call(drifting.lifepath_key, name=" Pilot "),
    "rules.drifting.lifepath_checks.lifepath_set_problems": _call(
        drifting.lifepath_set_problems, lifepaths=LINES, limit=2
    ),
    "rules.drifting.lifepath_checks.lifepaths_from_lines": _call(
        drifting.lifepaths_from_lines, lifepaths=LINES
    ),
    "rules.drifting.lifepath_checks.lifepath_steps": _call(
        drifting.lifepath_steps, lifepaths=LINES
    ),
    "rules.drifting.lifepath_preview.DraftLines": _call(
        drifting.DraftLines, lines=LINES[1], replaces="Pilot"
    ),
    "rules.drifting.lifepath_preview.lifepath_set_preview": _call(
        drifting.lifepath_set_preview,
        published=LINES,
        drafts=(drifting.DraftLines(LINES[1], replaces="Pilot"),),
        limit=2,
    ),
    "rules.drifting.lifepaths.tokens_from_lifepaths": _call(
        drifting.tokens_from_lifepaths, chosen=[SPACER, PILOT]
    ),
    "rules.drifting.replay.sheet_payload": _call(drifting.sheet_payload, sheet=SHEET),
    "rules.drifting.replay.sheet_from_payload": _call(
        drifting.sheet_from_payload, payload=drifting.sheet_payload(SHEET)
    ),
    "rules.drifting.replay.apply_roll_marks": _call(
        replay.apply_roll_marks,
        sheet=SHEET,
        depleted={"Firearms": 1},
        check_marks={"Firearms": 2, "Military": 1},
    ),
    "rules.drifting.replay.apply_loss": _call(
        replay.apply_loss, sheet=SHEET, lost=[{"token": "Military", "depleted": False}]
    ),
    "rules.drifting.replay.apply_change": _call(
        replay.apply_change, sheet=SHEET, kind="gain", details={"token": "Military"}
    ),
    "rules.drifting.replay.replay_onto": _call(
        drifting.replay_onto,
        sheet=SHEET,
        rows=[("roll", {"depleted": {"Firearms": 1}, "check_marks": {"Firearms": 2}})],
    ),
    "rules.drifting.replay.replay_sheet": _call(
        drifting.replay_sheet,
        rows=[
            ("finished", {"tokens": drifting.sheet_payload(SHEET)}),
            ("roll", {"depleted": {"Firearms": 1}, "check_marks": {"Firearms": 2}}),
        ],
    ),
    "rules.drifting.chosen.replay_lifepaths": _call(
        drifting.replay_lifepaths,
        rows=[
            (1, "lifepath", {"lifepath": "spacer"}),
            (2, "lifepath", {"lifepath": "pilot"}),
            (3, "undo", {"cancels": 2, "lifepath": "pilot"}),
            (4, "lifepath_undone", {}),
        ],
    ),
    # unique-dice pool
    "rules.unique_pool.PoolSize": _call(
        pool.PoolSize, attribute=3, tool_quality=1, normal_specials=1, starred_specials=1
    ),
    "rules.unique_pool.pool_size": _call(pool.pool_size, attribute=3, tool_quality=2),
    "rules.unique_pool.UniqueRoll": _call(pool.UniqueRoll, faces=(2, 4, 4), pushes=(1,)),
    "rules.unique_pool.UniqueRoll.push": _call(pool.UniqueRoll((2, 4)).push, face=5),
    "rules.unique_pool.resolve_unique_pool": _call(pool.resolve_unique_pool, faces=[2, 4, 4, 5]),
    "rules.unique_pool.roll_unique_pool": _call(
        pool.roll_unique_pool, dice=4, source=SeededDice(2)
    ),
    "rules.unique_pool.push_luck": _call(
        pool.push_luck, roll=pool.UniqueRoll((2, 4)), source=SeededDice(2)
    ),
    "rules.unique_pool.CrisisTrack": _call(pool.CrisisTrack, physical=1, mental=2),
    "rules.unique_pool.CrisisTrack.add": _call(pool.CrisisTrack(1, 0).add, kind="mental"),
    "rules.unique_pool.CrisisTrack.boxes": _call(pool.CrisisTrack(1, 0).boxes, kind="physical"),
    "rules.unique_pool.held_numbers": _call(pool.held_numbers, faces=[2, 4, 4]),
    # roll and keep
    "rules.roll_and_keep.degree_of_success": _call(keep.degree_of_success, successes=2),
    "rules.roll_and_keep.check_mana": _call(
        keep.check_mana, mana=MANA, colours=keep.DEFAULT_MANA_COLOURS
    ),
    "rules.roll_and_keep.difficulty_label": _call(keep.difficulty_label, difficulty=7),
    "rules.roll_and_keep.dice_pool": _call(
        keep.dice_pool,
        attribute="Cunning",
        attribute_score=3,
        specialities=1,
        mana=MANA,
        links=keep.HOUSE_ATTRIBUTE_COLOURS,
        colours=keep.DEFAULT_MANA_COLOURS,
    ),
    "rules.roll_and_keep.is_success": _call(keep.is_success, face=7, difficulty=7),
    "rules.roll_and_keep.KeptRoll": _call(
        keep.KeptRoll, faces=(1, 7, 9), keep=2, difficulty=6, strictly_over=True
    ),
    "rules.roll_and_keep.resolve_roll_and_keep": _call(
        keep.resolve_roll_and_keep, faces=[3, 7, 9], keep=2, difficulty=6
    ),
    "rules.roll_and_keep.roll_and_keep": _call(
        keep.roll_and_keep,
        pool=keep.dice_pool(attribute="Cunning", attribute_score=3, specialities=1, mana=MANA),
        difficulty=6,
        source=SeededDice(4),
    ),
    "rules.roll_and_keep.indirect_difficulty": _call(
        keep.indirect_difficulty, passive_attribute_score=3, passive_specialities=1
    ),
    "rules.roll_and_keep.resolve_direct_contest": _call(
        keep.resolve_direct_contest, first=KEPT, second=KEPT
    ),
    # odds
    "rules.odds.distributions.as_float": _call(odds.as_float, chance=Fraction(1, 3)),
    "rules.odds.distributions.as_percent": _call(odds.as_percent, chance=Fraction(1, 3), digits=2),
    "rules.odds.distributions.chance_at_least": _call(
        odds.chance_at_least, distribution={1: Fraction(1, 2), 2: Fraction(1, 2)}, target=2
    ),
    "rules.odds.distributions.chance_at_most": _call(
        odds.chance_at_most, distribution={1: Fraction(1, 2), 2: Fraction(1, 2)}, target=1
    ),
    "rules.odds.distributions.clear_caches": _call(odds.clear_caches),
    "rules.odds.drifting.token_roll_distribution": _call(
        odds.token_roll_distribution, extra_dice=2, modifier=1
    ),
    "rules.odds.drifting.token_roll_chance": _call(
        odds.token_roll_chance, extra_dice=2, modifier=1, target=10
    ),
    "rules.odds.drifting.token_roll_versus": _call(
        odds.token_roll_versus, extra_dice=1, modifier=1, opponent_extra_dice=0, opponent_modifier=2
    ),
    "rules.odds.infinity_drive.dice_total_distribution": _call(
        odds.dice_total_distribution, dice="3d6"
    ),
    "rules.odds.infinity_drive.characteristic_test_chance": _call(
        odds.characteristic_test_chance, dice="2d6", characteristic=7
    ),
    "rules.odds.infinity_drive.skill_check_distribution": _call(
        odds.skill_check_distribution, dice="2d6", modifier=2
    ),
    "rules.odds.infinity_drive.skill_check_chance": _call(
        odds.skill_check_chance, dice="2d6", modifier=2, target=9
    ),
    "rules.odds.infinity_drive.opposed_skill_check_chance": _call(
        odds.opposed_skill_check_chance, dice_a="2d6", mod_a=1, dice_b="3d6", mod_b=-1
    ),
    "rules.odds.infinity_drive.survival_chance": _call(odds.survival_chance, target=5, dice="2d6"),
    "rules.odds.infinity_drive.chance_of_totals": _call(
        odds.chance_of_totals, totals=[2, 7, 12], dice="2d6"
    ),
    "rules.odds.roll_and_keep.roll_and_keep_successes": _call(
        odds.roll_and_keep_successes, rolled=5, kept=3, difficulty=7, strictly_over=False
    ),
    "rules.odds.roll_and_keep.roll_and_keep_chance": _call(
        odds.roll_and_keep_chance, rolled=5, kept=3, difficulty=7, needed=2
    ),
    "rules.odds.roll_and_keep.roll_and_keep_degrees": _call(
        odds.roll_and_keep_degrees, rolled=5, kept=3, difficulty=7
    ),
    "rules.odds.roll_and_keep.roll_and_keep_botch_chance": _call(
        odds.roll_and_keep_botch_chance, rolled=5, difficulty=7, strictly_over=True
    ),
    "rules.odds.roll_and_keep.roll_and_keep_contest": _call(
        odds.roll_and_keep_contest,
        first_rolled=5,
        first_kept=3,
        second_rolled=4,
        second_kept=2,
        difficulty=7,
    ),
    "rules.odds.unique_pool.unique_pool_distribution": _call(odds.unique_pool_distribution, dice=4),
    "rules.odds.unique_pool.unique_pool_chance": _call(odds.unique_pool_chance, dice=4, needed=9),
    "rules.odds.unique_pool.push_luck_chance": _call(odds.push_luck_chance, faces_held=[2, 4]),
}
