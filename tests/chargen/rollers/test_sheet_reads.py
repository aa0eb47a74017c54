"""What a unique-dice sheet reads of its own rows: the latest pool roll with its pushes
(and their crisis records) in one query each, and the crisis still to be described."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from chargen.rollers import services
from chargen.rollers.models import UniqueCharacter
from tests.chargen.rollers.services_helpers import plan_for, push_typed, roll_typed

pytestmark = pytest.mark.django_db


def test_the_latest_pool_roll_comes_with_its_pushes_and_crises(leanne: UniqueCharacter) -> None:
    plan = plan_for(leanne, "Precision")
    roll_typed(leanne, plan, [2, 4, 5])
    push_typed(leanne, 4)  # a crisis: 4 is held already
    assert services.pending_crisis(leanne) is not None
    services.unique_crisis_record(
        character=leanne, push_sequence=2, kind="physical", description="A scar."
    )
    assert services.pending_crisis(leanne) is None
    roll_typed(leanne, plan, [1, 3, 6])
    push_typed(leanne, 2)
    with CaptureQueriesContext(connection) as queries:
        state = services.push_state(leanne)
        assert state is not None
        # Each push with its pool roll and crisis record: no query for either.
        shown = [
            (push.pool_roll and push.pool_roll.sequence, hasattr(push, "crisis_record"))
            for push in state.pushes
        ]
    assert (state.pool_roll.sequence, [p.sequence for p in state.pushes]) == (3, [4])
    assert shown == [(3, False)]
    assert len(queries) == 2  # the latest pool roll, then its pushes
    first = leanne.rolls.get(sequence=1)
    assert [push.crisis_record.description for push in first.pushes.all()] == ["A scar."]
