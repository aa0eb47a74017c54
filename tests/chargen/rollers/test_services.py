"""The roller services with the books' own examples: pools, pushes, crises, mana keeps."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from chargen.rollers import services
from chargen.rollers.models import (
    ManaCharacter,
    ManaRollEntry,
    ManaRollKind,
    UniqueCharacter,
    UniqueCrisis,
    UniqueRollEntry,
    UniqueRollKind,
)
from rules.errors import DiceError, RulesError
from rules.roll_and_keep import DicePool


def plan_for(
    character: UniqueCharacter, attribute: str, *, tools: int = 0, specials: tuple[str, ...] = ()
) -> services.UniquePlan:
    return services.unique_plan(
        attribute=character.attributes.get(name=attribute),
        tool_quality=tools,
        specials=list(character.specials.filter(name__in=specials)),
    )


def roll_typed(
    character: UniqueCharacter, plan: services.UniquePlan, faces: list[int], **extra: Any
) -> services.Saved[UniqueRollEntry]:
    return services.unique_roll(
        character=character,
        sequence=services.next_sequence(character),
        plan=plan,
        entered_faces=faces,
        **extra,
    )


def push_typed(character: UniqueCharacter, face: int) -> services.Saved[UniqueRollEntry]:
    return services.unique_push(
        character=character, sequence=services.next_sequence(character), entered_face=face
    )


def record_crisis(character: UniqueCharacter, kind: str, text: str = "A scar.") -> None:
    pending = services.pending_crisis(character)
    assert pending is not None
    services.unique_crisis_record(
        character=character, push_sequence=pending.sequence, kind=kind, description=text
    )


# --- Unique-dice pool ----------------------------------------------------------------------------


def test_a_new_sheet_has_the_books_two_universal_attributes(brian: UniqueCharacter) -> None:
    assert list(brian.attributes.values_list("name", flat=True)) == ["Strength", "Precision"]


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


# --- Roll and keep -------------------------------------------------------------------------------


def pool_for(character: ManaCharacter, attribute: str, *specialities: str) -> DicePool:
    return services.mana_pool(
        services.mana_sheet(character),
        attribute=character.attributes.get(name=attribute),
        specialities=list(character.specialities.filter(name__in=specialities)),
    )


@pytest.mark.parametrize(
    ("attribute", "specialities", "rolled", "kept"),
    [
        ("Cunning", ("Deceit",), 4, 4),  # a lie: 3 black mana + 1 for Deceit
        ("Intelligence", (), 3, 2),  # a text on enchantments: 2 blue mana
        ("Endurance", ("Elemental Damage",), 3, 2),  # 5 ÷ 3 lacking = 1, + 1
        ("Strength", (), 2, 1),  # the staff in broad daylight: keep 1
    ],
)
def test_the_four_mana_examples(
    mage: ManaCharacter,
    attribute: str,
    specialities: tuple[str, ...],
    rolled: int,
    kept: int,
) -> None:
    pool = pool_for(mage, attribute, *specialities)
    assert (pool.rolled, pool.kept) == (rolled, kept)


def test_a_new_mana_sheet_has_five_colours_and_the_house_links(player: User) -> None:
    character = services.mana_character_create(owner=player, name="Erin")
    assert list(character.colours.values_list("name", flat=True)) == [
        "white",
        "blue",
        "black",
        "red",
        "green",
    ]
    links = dict(character.attributes.values_list("name", "colour"))
    assert links["Cunning"] == "black"
    assert links["Intelligence"] == "blue"


def test_a_typed_roll_counts_kept_successes_and_names_the_degree(mage: ManaCharacter) -> None:
    entry = services.mana_roll(
        character=mage,
        sequence=1,
        pool=pool_for(mage, "Cunning", "Deceit"),
        difficulty=services.named_difficulty("STANDARD"),
        entered_faces=[9, 6, 2, 7],
    ).entry
    assert entry.kind == ManaRollKind.ROLL
    assert entry.successes == 3
    assert entry.details["degree"] == "Complete"
    assert [die["face"] for die in entry.details["kept"]] == [9, 7, 6, 2]
    assert entry.entered


def test_a_1_with_no_successes_is_a_botch(mage: ManaCharacter) -> None:
    entry = services.mana_roll(
        character=mage,
        sequence=1,
        pool=pool_for(mage, "Intelligence"),
        difficulty=services.named_difficulty("DIFFICULT"),
        entered_faces=[7, 1, 3],
    ).entry
    assert entry.details["not_kept"] == [1]
    assert entry.details["botch"]
    assert entry.details["degree"] == "Botch"


def test_indirectly_opposed_difficulty_is_the_passive_attribute_plus_specialities() -> None:
    assert services.passive_difficulty(attribute_score=2, specialities=0).value == 2
    assert services.passive_difficulty(attribute_score=4, specialities=1).value == 5


def test_the_race_the_second_character_wins_by_one(
    first_racer: ManaCharacter, second_racer: ManaCharacter
) -> None:
    mine = pool_for(first_racer, "Endurance")
    theirs = pool_for(second_racer, "Endurance", "Long-distance running")
    assert (mine.rolled, theirs.rolled) == (3, 6)
    opponent = services.opponent_from_sheet(
        second_racer,
        attribute=second_racer.attributes.get(name="Endurance"),
        specialities=list(second_racer.specialities.all()),
    )
    entry = services.mana_contest(
        character=first_racer,
        sequence=1,
        pool=mine,
        opponent=opponent,
        difficulty=services.named_difficulty("CHALLENGING"),
        entered_faces=[8, 7, 2],
        opponent_faces=[9, 7, 10, 3, 2, 1],
    ).entry
    assert entry.successes == 2
    assert entry.details["opponent"]["successes"] == 3
    assert entry.details["margin"] == -1
    assert entry.details["winner"] == "Second racer"
    assert "Second racer wins with 1 success remaining" in entry.summary


def test_an_npc_contest_rolls_both_sides_on_the_server(mage: ManaCharacter) -> None:
    entry = services.mana_contest(
        character=mage,
        sequence=1,
        pool=pool_for(mage, "Cunning"),
        opponent=services.opponent_npc(name="Merchant", rolled=4, kept=2),
        difficulty=services.named_difficulty("STANDARD"),
    ).entry
    assert len(entry.faces) == 3
    assert len(entry.details["opponent"]["faces"]) == 4
    assert not entry.entered


def test_typed_dice_for_one_side_only_are_refused(mage: ManaCharacter) -> None:
    with pytest.raises(RulesError, match="both sides"):
        services.mana_contest(
            character=mage,
            sequence=1,
            pool=pool_for(mage, "Cunning"),
            opponent=services.opponent_npc(name="Merchant", rolled=4, kept=2),
            difficulty=services.named_difficulty("STANDARD"),
            entered_faces=[1, 2, 3],
        )
    assert not ManaRollEntry.objects.exists()


def test_the_opponents_wrong_dice_are_named_as_theirs(mage: ManaCharacter) -> None:
    with pytest.raises(services.OpponentDiceError, match="Merchant's dice"):
        services.mana_contest(
            character=mage,
            sequence=1,
            pool=pool_for(mage, "Cunning"),
            opponent=services.opponent_npc(name="Merchant", rolled=4, kept=2),
            difficulty=services.named_difficulty("STANDARD"),
            entered_faces=[1, 2, 3],
            opponent_faces=[1, 2],
        )


def test_mana_odds_name_each_degree_and_the_botch(mage: ManaCharacter) -> None:
    odds = services.mana_odds(
        pool_for(mage, "Cunning", "Deceit"), services.named_difficulty("CHALLENGING")
    )
    names = [degree.name for degree in odds.degrees]
    assert names[:3] == ["Botch", "Failure", "Marginal"]
    assert "Phenomenal" not in names  # four kept dice cannot make five successes
    assert odds.botch.endswith("%")


def test_a_pool_adding_to_nothing_still_rolls_one_die(brian: UniqueCharacter) -> None:
    brian.attributes.filter(name="Strength").update(score=0)
    plan = plan_for(brian, "Strength")
    assert plan.dice == 1
    assert "a pool is at least 1, so roll 1" in plan.what()


def test_closing_an_account_takes_its_sheets_and_logs_with_it(
    player: User, leanne: UniqueCharacter, mage: ManaCharacter
) -> None:
    roll_typed(leanne, plan_for(leanne, "Precision"), [2, 4, 5])
    push_typed(leanne, 4)
    record_crisis(leanne, "physical")
    services.mana_roll(
        character=mage,
        sequence=1,
        pool=pool_for(mage, "Cunning"),
        difficulty=services.named_difficulty("EASY"),
    )
    player.delete()
    assert not UniqueRollEntry.objects.exists()
    assert not UniqueCrisis.objects.exists()
    assert not ManaRollEntry.objects.exists()
