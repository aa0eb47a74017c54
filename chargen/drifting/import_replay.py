"""An imported Drifting log's token rolls, replayed from their faces before anything is saved.

The token sheet's replay (rules.drifting.replay_sheet) folds what each row changed, but
not what a roll's dice came to: a rechained file (anyone can rechain one signed by a key
this server does not hold) could claim any total. So each roll's faces go through the
rule the roller used (rules.drifting.resolve_token_roll: the highest two dice at face
value, the rest halved, plus the modifier the row names, within the rules' limits), and
a row whose stored total, kept dice or summary differs is refused, naming the roll.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chargen.core.imports import ImportRefused
from chargen.drifting.models import LogKind
from rules import drifting as rules
from rules.errors import RulesError


def _refused(sequence: int, words: str) -> ImportRefused:
    return ImportRefused(f"Row #{sequence}: {words} Nothing was imported.")


def _replayed(faces: Sequence[int], modifier: object) -> rules.TokenRollResult:
    if not isinstance(modifier, int) or not 0 <= modifier <= rules.MAX_MODIFIER:
        raise RulesError(f"a modifier of {modifier!r} is not +0 to +{rules.MAX_MODIFIER}.")
    extra = len(faces) - rules.BASE_DICE
    if not 0 <= extra <= rules.MAX_EXTRA_DICE:
        raise RulesError(f"a roll of {len(faces)} dice is not one the rules make.")
    # Only the dice and the modifier decide the result; the rest of a plan is the
    # sheet's change, which the token replay checks.
    plan = rules.TokenRollPlan(
        extra_dice=extra,
        modifier=modifier,
        modifier_from=(),
        depleted=(),
        assists=(),
        check_marks=(),
        shared_mark=None,
    )
    return rules.resolve_token_roll(plan, list(faces))


def replay_drifting_rolls(rows: Sequence[dict[str, Any]]) -> None:
    """Refuse the first roll row whose stored result its faces do not give."""
    for row in rows:
        fields = row.get("fields") or {}
        if fields.get("kind") != LogKind.ROLL:
            continue
        sequence = int(row["sequence"])
        stored = fields.get("details")
        details: dict[str, Any] = stored if isinstance(stored, dict) else {}
        faces = list(fields.get("faces") or [])
        try:
            result = _replayed(faces, details.get("modifier"))
        except RulesError as error:
            raise _refused(sequence, f"the roll does not follow the rules: {error}") from None
        if fields.get("total") != result.total:
            raise _refused(
                sequence, f"the file says {fields.get('total')}, the dice give {result.total}."
            )
        kept = list(result.kept_positions)
        if details.get("kept_positions") != kept:
            raise _refused(
                sequence,
                f"the file keeps dice {details.get('kept_positions')}, the rules keep {kept}.",
            )
        summary = f"Rolled {len(faces)} dice +{result.plan.modifier}: total {result.total}."
        if fields.get("summary") != summary:
            raise _refused(sequence, f"the file says “{fields.get('summary')}”, not “{summary}”.")
