"""What the printed sheet adds for play: the race's adjustments and a reference box with
the skill check, the characteristic test and the grades of success (rules text 003:
"Using Skills", "Characteristic Tests", "Grades of Success"), from the tables the
character was built under."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from chargen.infinity_drive.selectors_finish import Finish
from rules.dice import DiceSpec
from rules.infinity_drive.characteristics import BOOK_CHARACTERISTIC_TEST_DICE
from rules.infinity_drive.checks import (
    BOOK_SKILL_CHECK_DICE,
    UNOPPOSED_TARGET,
    grade_of_success,
)

# Margins wide enough to reach every grade's open end (the book's run from -7 to +6).
MARGIN_SPAN = range(-12, 13)


@dataclass(frozen=True)
class GradeLine:
    name: str
    margins: str


@dataclass(frozen=True)
class PlayAid:
    race_adjustments: str  # "+1 Grc, -1 Mtp", the non-humanoid race's dice, or ""
    target: int
    skill_dice: tuple[tuple[str, str], ...]
    test_dice: tuple[tuple[str, str], ...]
    grades: tuple[GradeLine, ...]


def _signed(number: int) -> str:
    return f"{number:+d}" if number else "0"


def _dice_lines(table: Mapping[str, DiceSpec]) -> tuple[tuple[str, str], ...]:
    return tuple((name, str(spec)) for name, spec in table.items())


def race_adjustments(finish: Finish) -> str:
    state = finish.progress.state
    if state.non_humanoid is not None:
        return ", ".join(f"{count}d6 {code}" for code, count in state.non_humanoid.plan.dice)
    if state.race is not None:
        return ", ".join(f"{_signed(delta)} {code}" for code, delta in state.race.adjustments)
    return ""


def grade_lines(finish: Finish) -> tuple[GradeLine, ...]:
    """Each grade with the margins over or under the target that give it, as this
    character's campaign rules them (the book's bands overlap at +3)."""
    progress = finish.progress
    runs: list[tuple[str, list[int]]] = []
    for margin in MARGIN_SPAN:
        name = grade_of_success(margin, progress.house_rules, progress.rulebook.grades)
        if runs and runs[-1][0] == name:
            runs[-1][1].append(margin)
        else:
            runs.append((name, [margin]))
    lines = []
    for index, (name, margins) in enumerate(runs):
        low, high = margins[0], margins[-1]
        if index == 0:
            text = f"{_signed(high)} or less"
        elif index == len(runs) - 1:
            text = f"{_signed(low)} or more"
        elif low == high:
            text = _signed(low)
        else:
            text = f"{_signed(low)} to {_signed(high)}"
        lines.append(GradeLine(name, text))
    return tuple(lines)


def play_aid(finish: Finish) -> PlayAid:
    rulebook = finish.progress.rulebook
    return PlayAid(
        race_adjustments=race_adjustments(finish),
        target=UNOPPOSED_TARGET,
        skill_dice=_dice_lines(rulebook.skill_check_dice or BOOK_SKILL_CHECK_DICE),
        test_dice=_dice_lines(rulebook.characteristic_test_dice or BOOK_CHARACTERISTIC_TEST_DICE),
        grades=grade_lines(finish),
    )
