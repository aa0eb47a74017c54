"""What a refused wizard form shows again: the values the player typed, and the reason
beside the field it concerns (views.py's `step_post` calls these as its `keep_typed`).

A form that comes back reset to its defaults with the reason at the top of the page
makes the player type everything again and hunt for what was wrong; these draw the
form as it was sent, with the reason where the mistake is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import QueryDict

from chargen.infinity_drive.progress import Kind, Progress
from chargen.infinity_drive.wizard.page_context import (
    point_fields,
    proposal_fields,
    proposal_on_page,
)
from rules.infinity_drive import creation
from rules.infinity_drive.characteristics import POINT_BUY_MAXIMUM, POINT_BUY_MINIMUM
from rules.infinity_drive.codes import CHARACTERISTIC_NAMES
from rules.infinity_drive.creation import Expect

# (progress as it is now, what was posted, the reason, the field it names or "") → context
KeepTyped = Callable[[Progress, QueryDict, str, str], dict[str, Any]]

# Where a race proposal's rules refusal is drawn: beside the adjustments, which is what
# the book's four rules on alien humanoids are about (the name and reason are required
# fields, refused by the form before the rules read them).
ADJUSTMENTS = "adjustments"


def typed_points(progress: Progress, data: QueryDict, message: str, field: str) -> dict[str, Any]:
    """Draw the refused form again as typed, outlining each value the book does not allow;
    with no point-buy form on the page (the step not expected now), the reason on top."""
    if Kind.POINT_BUY not in progress.allowed_kinds:
        return {"field_errors": {}, "step_error": message}
    out_of_range = {}
    for code in progress.codes_in_play:
        try:
            value = int(data.get(code, ""))
        except ValueError:
            value = None
        if value is None or not POINT_BUY_MINIMUM <= value <= POINT_BUY_MAXIMUM:
            out_of_range[code] = message
    if len(out_of_range) > 1:
        # The rules name the first value they meet; every box outlined is named here.
        named = [
            f"{CHARACTERISTIC_NAMES[code]} ({data.get(code, '').strip() or 'empty'})"
            for code in out_of_range
        ]
        message = (
            f"{', '.join(named[:-1])} and {named[-1]}: each characteristic starts at "
            f"{POINT_BUY_MINIMUM} to C ({POINT_BUY_MAXIMUM})."
        )
        out_of_range = dict.fromkeys(out_of_range, message)
    return {
        "point_fields": point_fields(progress.codes_in_play, data),
        "point_buy_error": message,
        "field_errors": out_of_range,
    }


def typed_race(progress: Progress, data: QueryDict, message: str, field: str) -> dict[str, Any]:
    """A refused race proposal: what was typed, the reason at its field (a characteristic's
    box, the name, the reason, or the adjustments as a whole); on top when the form is no
    longer on the page (a race chosen meanwhile in another tab) or names no field."""
    drawn = {"name", "reason", ADJUSTMENTS} | {
        f"adjust_{code}" for code, _ in progress.state.characteristics.values
    }
    errors = {field: message} if field in drawn and proposal_on_page(progress) else {}
    kept: dict[str, Any] = {
        "proposal": proposal_fields(progress, data, errors),
        "field_errors": errors,
    }
    if not errors:
        kept["step_error"] = message
    return kept


def reroll_tables(progress: Progress) -> frozenset[str]:
    """The tables whose entry the pending skill roll may be rerolled for (rule 7)."""
    state = progress.state
    if state.expecting != Expect.TABLE_CHOICE or state.pending is None:
        return frozenset()
    options = creation.skill_roll_options(state, progress.rulebook)
    return frozenset(option.table_slug for option in options if option.reroll_offered)


def typed_reroll(progress: Progress, data: QueryDict, message: str, field: str) -> dict[str, Any]:
    """Wrong typed dice on the one reroll: the reason beside that reroll's faces field, the
    faces kept. Any other reason (the table needs no reroll) concerns no field: on top."""
    table = data.get("table", "")
    if field != "faces" or table not in reroll_tables(progress):
        return {"field_errors": {}, "step_error": message}
    return {
        "field_errors": {},
        "reroll_error": {"table": table, "faces": data.get("faces", ""), "message": message},
    }


def offered_tables(progress: Progress) -> tuple[str, ...]:
    """The tables the skill step offers for the pending roll (legal or not: an illegal
    one is the rules' to refuse, with their reason); with no roll pending, any of the
    book's, so the order check (the service's) says why not now."""
    state = progress.state
    if state.expecting == Expect.TABLE_CHOICE and state.pending is not None:
        options = creation.skill_roll_options(state, progress.rulebook)
        return tuple(option.table_slug for option in options)
    return tuple(table.slug for table in progress.rulebook.tables)


def _table_boxes(progress: Progress, table: str) -> frozenset[str]:
    """The text boxes step_skills.html draws in this table's form ("" for no such form)."""
    state = progress.state
    if state.expecting != Expect.TABLE_CHOICE or state.pending is None:
        return frozenset()
    for option in creation.skill_roll_options(state, progress.rulebook):
        if option.table_slug == table and option.legal:
            boxes = {""}
            if option.needs_specialty or option.specialty_choices:
                boxes.add("specialty")
            if option.needs_history_reason:
                boxes.add("history_reason")
            return frozenset(boxes)
    return frozenset()


def typed_table(progress: Progress, data: QueryDict, message: str, field: str) -> dict[str, Any]:
    """A refused table choice: that table's form drawn again as typed, the reason beside
    the box it names (a specialty or a history reason too long). Any other reason (the
    rules', a table no longer offered, a box that form does not draw) goes on top."""
    table = data.get("table", "")
    boxes = _table_boxes(progress, table)
    kept = {"table": table, "message": message, "field": field if field in boxes else ""}
    kept.update({box: data.get(box, "") for box in boxes if box})
    drawn: dict[str, Any] = {"field_errors": {}, "table_error": kept if boxes else {}}
    if not kept["field"]:
        drawn["step_error"] = message
    return drawn
