"""A sheet's rows read through prepared statements are the related managers' rows."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from chargen.core.sheet_rows import rows_of
from chargen.rollers import services
from chargen.rollers.models import UniqueAttribute, UniqueCharacter, UniqueRollEntry, UniqueRollKind
from tests.chargen.rollers.services_helpers import plan_for, push_typed, roll_typed

pytestmark = pytest.mark.django_db


def _sequence(row: UniqueRollEntry | None) -> int | None:
    return row.sequence if row is not None else None


def test_rows_order_limit_constants_and_related_rows_as_the_managers_give_them(
    leanne: UniqueCharacter,
) -> None:
    plan = plan_for(leanne, "Precision")
    roll_typed(leanne, plan, [2, 4, 5])
    push_typed(leanne, 4)  # a crisis: 4 is held already
    services.unique_crisis_record(
        character=leanne, push_sequence=2, kind="physical", description="A scar."
    )
    roll_typed(leanne, plan, [1, 3, 6])
    push_typed(leanne, 2)
    assert rows_of(UniqueAttribute, leanne) == list(leanne.attributes.all())
    newest = rows_of(UniqueRollEntry, leanne, order_by=("-sequence",), limit=3)
    assert newest == list(leanne.rolls.order_by("-sequence")[:3])
    assert [row.sequence for row in newest] == [4, 3, 2]
    rolls = rows_of(UniqueRollEntry, leanne, exact=(("kind", UniqueRollKind.ROLL.value),))
    assert [row.sequence for row in rolls] == [1, 3]
    with CaptureQueriesContext(connection) as queries:
        pushes = rows_of(
            UniqueRollEntry, rolls[0], parent_field="pool_roll", related=("crisis_record",)
        )
        # The sheet and the crisis came with the row: no query for either.
        shown = [(_sequence(push.pool_roll), push.crisis_record.description) for push in pushes]
        assert [row.character for row in newest] == [leanne] * 3
    assert (shown, len(queries)) == ([(1, "A scar.")], 1)
    # The pending crisis and the latest pool roll, as the sheet reads them.
    assert services.pending_crisis(leanne) is None
    state = services.push_state(leanne)
    assert state is not None
    assert (state.pool_roll.sequence, [p.sequence for p in state.pushes]) == (3, [4])
