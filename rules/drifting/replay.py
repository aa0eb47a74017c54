"""A token sheet as a pure function of its log: fold what each row recorded, in order.

Every row that changes a sheet records what it changed, in plain JSON values (its
`kind` and `details`): the finished sheet's tokens, a roll's depleted tokens and
check marks, an assist's token, a gain's token, the tokens a loss took, a shared
mark's token and kind, a refresh, an undo's restored tokens. Replaying applies each
with the same rule the action used, so the sheet it gives is the one the action
saw. A row that does not fit the sheet so far (a token the sheet lacks, more lost
than held) raises DriftingError: a log that cannot be replayed is never papered over.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, replace
from typing import Any, cast

from rules.drifting.gaining import gain_token
from rules.drifting.losing import undo_loss
from rules.drifting.refresh import refresh_tokens
from rules.drifting.sharing import receive_shared_mark
from rules.drifting.tokens import DriftingError, Sheet, TokenKind, TokenState, checked_sheet
from rules.drifting.using import DEPLETION_CHECKS
from rules.inputs import counts_by_name, listed, mapping, one_of, text, whole

__all__ = [
    "SHEET_KINDS",
    "apply_change",
    "apply_loss",
    "apply_roll_marks",
    "replay_onto",
    "replay_sheet",
    "sheet_from_payload",
    "sheet_payload",
]

# The log kinds (chargen.drifting.models.LogKind values) that change a sheet.
FINISHED = "finished"
ROLL = "roll"
ASSIST = "assist"
SHARED_MARK = "shared_mark"
GAIN = "gain"
LOSS = "loss"
REFRESH = "refresh"
UNDO = "undo"
SHEET_KINDS = frozenset({FINISHED, ROLL, ASSIST, SHARED_MARK, GAIN, LOSS, REFRESH, UNDO})


def sheet_payload(sheet: Sheet) -> list[dict[str, Any]]:
    """A sheet as JSON values, in its order (a finished row records this)."""
    return [{**asdict(state), "kind": state.kind.value} for state in checked_sheet(sheet).values()]


def sheet_from_payload(payload: object) -> dict[str, TokenState]:
    """The sheet `sheet_payload` wrote (counts left out are 0)."""
    sheet: dict[str, TokenState] = {}
    for row in listed(payload, "The tokens recorded"):
        values = mapping(row, "A token recorded")
        name = text(values.get("name"), "A token's name")
        if name in sheet:
            raise DriftingError(f"{name} is recorded twice.")
        sheet[name] = TokenState(
            name=name,
            kind=one_of(values.get("kind"), TokenKind, "a kind of token"),
            held=whole(values.get("held", 0), f"{name}: held"),
            depleted=whole(values.get("depleted", 0), f"{name}: depleted"),
            lost=whole(values.get("lost", 0), f"{name}: lost"),
            checks=whole(values.get("checks", 0), f"{name}: checks"),
            shared_marks=whole(values.get("shared_marks", 0), f"{name}: shared marks"),
        )
    return sheet


def apply_roll_marks(
    sheet: Sheet, *, depleted: Mapping[str, int], check_marks: Mapping[str, int]
) -> dict[str, TokenState]:
    """The roller's sheet after a roll: its depleted tokens and check marks (as
    `apply_token_roll` applies a plan's)."""
    updated = checked_sheet(sheet)
    depleted = counts_by_name(depleted, "The tokens depleted", minimum=0)
    check_marks = counts_by_name(check_marks, "The check marks", minimum=0)
    for name in dict.fromkeys([*depleted, *check_marks]):
        token = updated.get(name)
        if token is None:
            raise DriftingError(f"The roll used {name}, which is not on this sheet.")
        updated[name] = replace(
            token,
            depleted=token.depleted + depleted.get(name, 0),
            checks=token.checks + check_marks.get(name, 0),
        )
    return updated


def apply_loss(sheet: Sheet, lost: Iterable[Mapping[object, object]]) -> dict[str, TokenState]:
    """The sheet after a loss: each token taken moves to lost (from depleted if it was)."""
    updated = checked_sheet(sheet)
    for row in listed(lost, "The loss"):
        taken = mapping(row, "A lost token")
        name = text(taken.get("token"), "A lost token")
        token = updated.get(name)
        if token is None:
            raise DriftingError(f"The loss took {name}, which is not on this sheet.")
        was_depleted = bool(taken.get("depleted"))
        updated[name] = replace(
            token,
            depleted=token.depleted - 1 if was_depleted else token.depleted,
            lost=token.lost + 1,
        )
    return updated


def _assist(sheet: Sheet, token: str) -> dict[str, TokenState]:
    # As `assist_deplete`: one token depleted, two check marks.
    updated = checked_sheet(sheet)
    state = updated.get(token)
    if state is None or state.fresh == 0:
        raise DriftingError(f"The assist depleted {token}, which had no fresh token.")
    updated[token] = replace(
        state, depleted=state.depleted + 1, checks=state.checks + DEPLETION_CHECKS
    )
    return updated


def _counts(details: Mapping[str, Any], key: str) -> dict[str, int]:
    return counts_by_name(details.get(key) or {}, f"The row's {key}", minimum=0)


def apply_change(sheet: Sheet, kind: str, details: Mapping[str, Any]) -> dict[str, TokenState]:
    """One logged row's change to the sheet (a kind that changes none leaves it as it is)."""
    sheet = checked_sheet(sheet)
    kind = text(kind, "A row's kind")
    details = cast("Mapping[str, Any]", mapping(details, "A row"))
    if kind == FINISHED:
        return sheet_from_payload(details.get("tokens"))
    if kind == ROLL:
        return apply_roll_marks(
            sheet,
            depleted=_counts(details, "depleted"),
            check_marks=_counts(details, "check_marks"),
        )
    if kind == ASSIST:
        return _assist(sheet, text(details.get("token"), "The assist's token"))
    if kind == SHARED_MARK:
        token = text(details.get("token"), "The shared mark's token")
        kind_of = one_of(details.get("token_kind"), TokenKind, "a kind of token")
        return receive_shared_mark(sheet, token=token, kind=kind_of)[0]
    if kind == GAIN:
        return gain_token(sheet, token=text(details.get("token"), "The gained token"))
    if kind == LOSS:
        lost = [mapping(row, "A lost token") for row in listed(details.get("lost"), "The loss")]
        return apply_loss(sheet, lost)
    if kind == REFRESH:
        return refresh_tokens(sheet)[0]
    if kind == UNDO:
        if details.get("lifepath") is not None:
            # A lifepath taken back during creation: the sheet begins at the finish.
            return dict(sheet)
        restored = cast("Mapping[str, Any]", mapping(details.get("restored"), "The undo"))
        return undo_loss(
            sheet, fresh=_counts(restored, "fresh"), depleted=_counts(restored, "depleted")
        )
    return dict(sheet)


def replay_sheet(rows: Iterable[tuple[str, Mapping[str, Any]]]) -> dict[str, TokenState]:
    """The sheet after these (kind, details) rows, in log order, from an empty sheet."""
    return replay_onto({}, rows)


def replay_onto(
    sheet: Sheet, rows: Iterable[tuple[str, Mapping[str, Any]]]
) -> dict[str, TokenState]:
    """The sheet after these (kind, details) rows, in log order, from `sheet`: a replay
    is a fold, so the sheet of a log's first rows and a replay of the rest onto it is
    the replay of the whole log. `sheet` itself is left as it was."""
    sheet = checked_sheet(sheet)
    for row in listed(rows, "The log rows"):
        if not isinstance(row, tuple) or len(row) != 2:
            raise DriftingError("Each log row is read as (kind, details).")
        kind, details = row
        sheet = apply_change(sheet, kind, details)
    return sheet
