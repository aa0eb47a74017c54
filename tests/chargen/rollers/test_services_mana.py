"""The roll-and-keep (mana) services with the books' examples: pools and keeps, degrees and
botches, indirect difficulty, contests against sheets and NPCs, and the odds."""

from __future__ import annotations

import pytest

from chargen.rollers import services
from chargen.rollers.models import ManaCharacter, ManaRollEntry, ManaRollKind
from rules.errors import RulesError
from tests.chargen.rollers.services_helpers import pool_for


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
