"""The unique-dice pool's rolls in the services: Brian's climb, replayed and stale sequences,
server and typed dice, the odds, and a pool that adds to nothing."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from chargen.rollers import services
from chargen.rollers.models import UniqueCharacter, UniqueRollEntry
from rules.errors import DiceError
from tests.chargen.rollers.services_helpers import plan_for, roll_typed


def test_brian_climbs_the_wall_with_two_dice_totalling_seven(brian: UniqueCharacter) -> None:
    plan = plan_for(brian, "Strength")
    assert plan.dice == 2
    saved = roll_typed(brian, plan, [3, 4])
    assert saved.created
    assert saved.entry.total == 7
    assert saved.entry.faces == [3, 4]
    assert saved.entry.entered
    assert saved.entry.sequence == 1
    assert "Strength 2" in saved.entry.what


def test_a_repeated_sequence_returns_the_saved_roll(brian: UniqueCharacter) -> None:
    plan = plan_for(brian, "Strength")
    first = services.unique_roll(character=brian, sequence=1, plan=plan)
    again = services.unique_roll(character=brian, sequence=1, plan=plan, entered_faces=[1, 1])
    assert first.created
    assert not again.created
    assert again.entry.pk == first.entry.pk
    assert again.entry.faces == first.entry.faces
    assert brian.rolls.count() == 1


def test_a_stale_sequence_rolls_nothing(brian: UniqueCharacter) -> None:
    plan = plan_for(brian, "Strength")
    with pytest.raises(services.StaleForm):
        services.unique_roll(character=brian, sequence=5, plan=plan)
    services.unique_roll(character=brian, sequence=1, plan=plan)
    with pytest.raises(services.StaleForm):
        # Sequence 1 holds a pool roll, not a push: a push form for it is out of date.
        services.unique_push(character=brian, sequence=1)
    assert brian.rolls.count() == 1


def test_server_dice_are_d6s_and_not_marked_entered(leanne: UniqueCharacter) -> None:
    plan = plan_for(leanne, "Precision", tools=6, specials=("delivery driver",))
    assert plan.dice == 8  # 3 + 6 + 1 = 10, held at the book's 8
    entry = services.unique_roll(character=leanne, sequence=1, plan=plan).entry
    assert len(entry.faces) == 8
    assert all(1 <= face <= 6 for face in entry.faces)
    assert not entry.entered


def test_typed_faces_must_match_the_pool(brian: UniqueCharacter) -> None:
    with pytest.raises(DiceError, match="2d6 needs 2 dice"):
        roll_typed(brian, plan_for(brian, "Strength"), [3, 4, 5])
    assert not brian.rolls.exists()


def test_the_database_refuses_a_second_row_at_one_sequence(brian: UniqueCharacter) -> None:
    roll_typed(brian, plan_for(brian, "Strength"), [3, 4])
    with pytest.raises(IntegrityError), transaction.atomic():
        UniqueRollEntry.objects.create(
            character=brian, sequence=1, kind="roll", what="", summary="", total=1
        )


def test_the_odds_are_shown_for_the_pool_and_the_number_needed(leanne: UniqueCharacter) -> None:
    plan = plan_for(leanne, "Precision", tools=1, specials=("delivery driver",))
    odds = services.unique_odds(plan, needed=12)
    assert odds.needed_chance is not None
    assert odds.needed_chance.endswith("%")
    assert odds.totals[0].total == 1
    assert odds.totals[-1].total == 20  # 6 + 5 + 4 + 3 + 2: five dice, all different
    assert odds.totals[0].at_least == "100%"


def test_a_pool_adding_to_nothing_still_rolls_one_die(brian: UniqueCharacter) -> None:
    brian.attributes.filter(name="Strength").update(score=0)
    plan = plan_for(brian, "Strength")
    assert plan.dice == 1
    assert "a pool is at least 1, so roll 1" in plan.what()
