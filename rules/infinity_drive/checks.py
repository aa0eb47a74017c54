"""Skill checks: difficulty dice + characteristic modifier + rank, against 9 or an opponent."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.dice import SECURE_DICE, DiceSource, DiceSpec, Roll, check_faces, dice_source, roll
from rules.errors import RulesError
from rules.infinity_drive.characteristics import characteristic_modifier, characteristic_name
from rules.infinity_drive.house_rules import BOOK_DEFAULTS, HouseRules, PlusThreeGrade
from rules.infinity_drive.rulebook import GradeBand, ModifierBand
from rules.inputs import instance, listed, listed_instances, mapping, optional_whole, text, whole

__all__ = [
    "BOOK_GRADES",
    "BOOK_SKILL_CHECK_DICE",
    "MAXIMUM_RANK",
    "UNOPPOSED_TARGET",
    "OpposedResult",
    "SkillCheckResult",
    "grade_of_success",
    "opposed_check",
    "skill_check",
    "skill_check_dice",
]

UNOPPOSED_TARGET = 9
MAXIMUM_RANK = 6

BOOK_SKILL_CHECK_DICE: dict[str, DiceSpec] = {
    "Easy": DiceSpec(3, 6),
    "Normal": DiceSpec(2, 6),
    "Difficult": DiceSpec(2, 4),
    "Near Impossible": DiceSpec(1, 6),
    "Impossible": DiceSpec(1, 4),
}

BOOK_GRADES: tuple[GradeBand, ...] = (
    GradeBand("Extreme Failure", None, -7),
    GradeBand("Bad Failure", -6, -4),
    GradeBand("Failure", -3, -1),
    GradeBand("Success", 0, 3),
    GradeBand("Good Success", 3, 5),
    GradeBand("Ultimate Success", 6, None),
)


def skill_check_dice(difficulty: str, table: Mapping[str, DiceSpec] | None = None) -> DiceSpec:
    wanted = text(difficulty, "The difficulty").strip().rstrip("!").casefold()
    if table is not None:
        for name, spec in mapping(table, "The difficulty table").items():
            text(name, "A difficulty")
            instance(spec, DiceSpec, "dice such as 2d6")
    options = table or BOOK_SKILL_CHECK_DICE
    for name, spec in options.items():
        if name.strip().rstrip("!").casefold() == wanted:
            return spec
    raise RulesError(f"“{difficulty}” is not a difficulty; choose one of {', '.join(options)}.")


def grade_of_success(
    margin: int,
    house_rules: HouseRules = BOOK_DEFAULTS,
    grades: Sequence[GradeBand] = (),
) -> str:
    """Name the grade for a margin over (positive) or under (negative) the target number.

    The book's bands overlap at +3 ("Success … 1 to 3 more" and "Good Success 3-5 more");
    our ruling gives +3 to Good Success, or to Success under the GM's house rule.
    """
    whole(margin, "The margin")
    instance(house_rules, HouseRules, "a campaign's house rules")
    bands = listed_instances(grades, GradeBand, "The grades of success", "a grade of success")
    matching = [
        band.name
        for band in (bands or BOOK_GRADES)
        if (band.low_margin is None or margin >= band.low_margin)
        and (band.high_margin is None or margin <= band.high_margin)
    ]
    if not matching:
        raise RulesError(f"No grade of success covers a margin of {margin:+d}.")
    if len(matching) == 1:
        return matching[0]
    if house_rules.plus_three_grade == PlusThreeGrade.SUCCESS:
        return matching[0]
    return matching[-1]


@dataclass(frozen=True)
class SkillCheckResult:
    skill: str
    rank: int
    characteristic: str
    characteristic_value: int
    modifier: int
    dice: DiceSpec
    faces: tuple[int, ...]
    total: int
    target: int
    success: bool
    automatic: bool
    grade: str
    margin: int
    explanation: str


def skill_check(
    *,
    skill: str,
    rank: int | None,
    characteristic: str,
    characteristic_value: int,
    difficulty: str = "Normal",
    target: int = UNOPPOSED_TARGET,
    faces: Sequence[int] | None = None,
    source: DiceSource = SECURE_DICE,
    house_rules: HouseRules = BOOK_DEFAULTS,
    difficulty_dice: Mapping[str, DiceSpec] | None = None,
    modifier_bands: Sequence[ModifierBand] = (),
    grades: Sequence[GradeBand] = (),
) -> SkillCheckResult:
    """An unopposed check against 9, or against an opponent's total given as `target`.

    Automatic results: if even the highest total misses the target the check fails
    without a roll; if even the lowest total reaches it, it succeeds without a roll.
    """
    text(skill, "The skill")
    text(characteristic, "The characteristic")
    whole(characteristic_value, characteristic_name(characteristic))
    whole(target, "The target number")
    instance(house_rules, HouseRules, "a campaign's house rules")
    listed_instances(grades, GradeBand, "The grades of success", "a grade of success")
    if faces is not None:
        listed(faces, "The faces")
    source = dice_source(source)
    rank = optional_whole(rank, "A skill rank")
    if rank is None:
        raise RulesError(f"Without rank 0 in {skill} you cannot attempt it at all.")
    if not 0 <= rank <= MAXIMUM_RANK:
        raise RulesError(f"A skill rank is 0 to 6; {rank} is not.")
    spec = skill_check_dice(difficulty, difficulty_dice)
    modifier = characteristic_modifier(characteristic_value, modifier_bands)
    flat = modifier + rank
    label = characteristic_name(characteristic)
    sums = f"{label} modifier {modifier:+d}, {skill} rank {rank}"
    if spec.maximum + flat < target:
        return SkillCheckResult(
            skill,
            rank,
            characteristic,
            characteristic_value,
            modifier,
            spec,
            (),
            spec.maximum + flat,
            target,
            False,
            True,
            "Failure",
            spec.maximum + flat - target,
            f"At best {spec} + {flat} reaches {spec.maximum + flat}, under {target}: "
            f"an automatic failure ({sums}).",
        )
    if spec.minimum + flat >= target:
        return SkillCheckResult(
            skill,
            rank,
            characteristic,
            characteristic_value,
            modifier,
            spec,
            (),
            spec.minimum + flat,
            target,
            True,
            True,
            "Success",
            spec.minimum + flat - target,
            f"At worst {spec} + {flat} reaches {spec.minimum + flat}, at least {target}: "
            f"an automatic success ({sums}).",
        )
    rolled = roll(spec, source) if faces is None else Roll(spec, check_faces(spec, faces), True)
    total = rolled.total + flat
    margin = total - target
    success = margin >= 0
    grade = grade_of_success(margin, house_rules, grades)
    return SkillCheckResult(
        skill,
        rank,
        characteristic,
        characteristic_value,
        modifier,
        spec,
        rolled.faces,
        total,
        target,
        success,
        False,
        grade,
        margin,
        f"{rolled.describe()}, {sums}: {total} against {target} ({margin:+d}), {grade}.",
    )


@dataclass(frozen=True)
class OpposedResult:
    """Who won an opposed check, and each side's grade measured against the other's total."""

    first_total: int
    second_total: int
    winner: int  # 1 or 2; 0 when the totals tie
    first_grade: str
    second_grade: str
    explanation: str


def opposed_check(
    first_total: int, second_total: int, house_rules: HouseRules = BOOK_DEFAULTS
) -> OpposedResult:
    """The higher total succeeds; the lower total is the winner's target and vice versa.

    Ruling (docs/rulings.md): the book does not say what a tie does; a tie is a stand-off
    in which neither side succeeds.
    """
    whole(first_total, "The first total")
    whole(second_total, "The second total")
    first_grade = grade_of_success(first_total - second_total, house_rules)
    second_grade = grade_of_success(second_total - first_total, house_rules)
    if first_total == second_total:
        return OpposedResult(
            first_total,
            second_total,
            0,
            "Failure",
            "Failure",
            f"Both sides reach {first_total}: a stand-off, neither succeeds.",
        )
    winner = 1 if first_total > second_total else 2
    return OpposedResult(
        first_total,
        second_total,
        winner,
        first_grade,
        second_grade,
        f"{max(first_total, second_total)} beats {min(first_total, second_total)}: "
        f"side {winner} succeeds.",
    )
