"""The unique-dice pool's pushes and crises in the services: Leanne's tornado, what a crisis
blocks, recording it once, and the third crisis that kills or retires."""

from __future__ import annotations

import pytest

from chargen.rollers import services
from chargen.rollers.models import UniqueCharacter, UniqueCrisis, UniqueRollKind
from rules.errors import RulesError
from tests.chargen.rollers.services_helpers import plan_for, push_typed, record_crisis, roll_typed


def test_leanne_outruns_the_tornado_then_pushes_into_a_crisis(leanne: UniqueCharacter) -> None:
    plan = plan_for(leanne, "Precision", tools=1, specials=("delivery driver",))
    assert plan.dice == 5
    assert "attribute 3 + tools 1 + 1 special attribute (+1) = 5" in plan.what()

    rolled = roll_typed(leanne, plan, [2, 4, 4, 4, 5], needed=13).entry
    assert rolled.total == 11
    assert rolled.details["kept"] == [2, 4, 5]
    assert rolled.details["discarded"] == [4, 4]
    assert "not reached" in rolled.summary

    state = services.push_state(leanne)
    assert state is not None
    assert state.chance_new == "50.0%"  # 1, 3 and 6 are new; 2, 4 and 5 are held

    first_push = push_typed(leanne, 1).entry
    assert first_push.kind == UniqueRollKind.PUSH
    assert first_push.total == 12
    assert not first_push.crisis
    assert first_push.pool_roll == rolled

    second_push = push_typed(leanne, 5).entry
    assert second_push.crisis
    assert second_push.total == 12
    assert services.pending_crisis(leanne) == second_push

    record_crisis(leanne, "physical", "A badly broken leg; a limp for the rest of her life.")
    track = services.crisis_track(leanne)
    assert (track.physical, track.mental) == (1, 0)
    assert services.pending_crisis(leanne) is None
    assert leanne.rolls.count() == 3  # the roll and each push are their own rows


def test_no_push_after_a_crisis_and_no_roll_until_it_is_described(
    leanne: UniqueCharacter,
) -> None:
    plan = plan_for(leanne, "Precision")
    roll_typed(leanne, plan, [2, 4, 5])
    push_typed(leanne, 4)
    with pytest.raises(RulesError, match="crisis"):
        push_typed(leanne, 6)
    with pytest.raises(RulesError, match="Describe the crisis"):
        roll_typed(leanne, plan, [1, 2, 3])
    record_crisis(leanne, "mental")
    assert roll_typed(leanne, plan, [1, 2, 3]).entry.total == 6


def test_a_push_needs_a_roll_first(leanne: UniqueCharacter) -> None:
    with pytest.raises(RulesError, match="Roll the pool"):
        push_typed(leanne, 3)
    assert not leanne.rolls.exists()


def suffer(character: UniqueCharacter, kind: str, times: int) -> None:
    plan = plan_for(character, "Strength")
    for _ in range(times):
        roll_typed(character, plan, [6, 6])
        push_typed(character, 6)
        record_crisis(character, kind)


def test_the_third_physical_crisis_kills_and_nothing_more_is_rolled(
    brian: UniqueCharacter,
) -> None:
    suffer(brian, "physical", 3)
    track = services.crisis_track(brian)
    assert track.dead
    with pytest.raises(RulesError, match="dead"):
        roll_typed(brian, plan_for(brian, "Strength"), [1, 2])


def test_the_third_mental_crisis_retires(brian: UniqueCharacter) -> None:
    suffer(brian, "mental", 3)
    assert services.crisis_track(brian).retired
    with pytest.raises(RulesError, match="retired"):
        roll_typed(brian, plan_for(brian, "Strength"), [1, 2])


def test_a_crisis_is_recorded_once_per_push(leanne: UniqueCharacter) -> None:
    roll_typed(leanne, plan_for(leanne, "Precision"), [2, 4, 5])
    push = push_typed(leanne, 2).entry
    first, created = services.unique_crisis_record(
        character=leanne, push_sequence=push.sequence, kind="physical", description="A limp."
    )
    again, created_again = services.unique_crisis_record(
        character=leanne, push_sequence=push.sequence, kind="mental", description="Other."
    )
    assert created
    assert not created_again
    assert again == first
    assert UniqueCrisis.objects.filter(character=leanne).count() == 1


def test_a_crisis_needs_a_description_and_a_push_that_matched(leanne: UniqueCharacter) -> None:
    roll_typed(leanne, plan_for(leanne, "Precision"), [2, 4, 5])
    fine = push_typed(leanne, 1).entry
    with pytest.raises(RulesError, match="no crisis"):
        services.unique_crisis_record(
            character=leanne, push_sequence=fine.sequence, kind="physical", description="x"
        )
    crisis = push_typed(leanne, 1).entry
    with pytest.raises(RulesError, match="Describe"):
        services.unique_crisis_record(
            character=leanne, push_sequence=crisis.sequence, kind="physical", description="  "
        )
