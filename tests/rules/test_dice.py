from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import (
    DiceSpec,
    GivenFaces,
    SecureDice,
    SeededDice,
    check_faces,
    entered_roll,
    roll,
)
from rules.errors import DiceError, RulesError


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2d6", DiceSpec(2, 6)),
        ("d4", DiceSpec(1, 4)),
        ("2d6+2", DiceSpec(2, 6, 2)),
        ("3D6 - 1", DiceSpec(3, 6, -1)),
    ],
)
def test_parse_reads_the_books_notation(text: str, expected: DiceSpec) -> None:
    assert DiceSpec.parse(text) == expected


@pytest.mark.parametrize("text", ["", "2x6", "d", "two d six", "2d"])
def test_parse_rejects_what_is_not_dice(text: str) -> None:
    with pytest.raises(DiceError, match="not a dice expression"):
        DiceSpec.parse(text)


def test_spec_bounds_include_the_bonus() -> None:
    heroic = DiceSpec.parse("2d6+2")
    assert (heroic.minimum, heroic.maximum) == (4, 14)
    assert str(heroic) == "2d6+2"


def test_wrong_face_names_the_die() -> None:
    with pytest.raises(DiceError, match=r"The 2nd d6 shows 7; a d6 shows 1 to 6\."):
        check_faces(DiceSpec(2, 6), [3, 7])
    with pytest.raises(DiceError, match=r"The d4 shows 0"):
        check_faces(DiceSpec(1, 4), [0])


def test_wrong_count_says_how_many() -> None:
    with pytest.raises(DiceError, match="2d6 needs 2 dice; 3 were given"):
        check_faces(DiceSpec(2, 6), [1, 2, 3])


def test_dice_errors_are_rules_errors() -> None:
    assert issubclass(DiceError, RulesError)


def test_given_faces_are_used_in_order_and_marked_entered() -> None:
    source = GivenFaces([3, 4, 6])
    first = roll("2d6", source)
    assert first.faces == (3, 4)
    assert first.entered
    assert first.total == 7
    assert roll("1d6", source).faces == (6,)
    with pytest.raises(DiceError):
        roll("1d6", source)


def test_server_rolls_are_not_marked_entered() -> None:
    assert not roll("2d6").entered


def test_seeded_dice_repeat_with_the_same_seed() -> None:
    first = [roll("2d6", SeededDice(42)).faces for _ in range(1)]
    again = [roll("2d6", SeededDice(42)).faces for _ in range(1)]
    assert first == again
    source_a, source_b = SeededDice("npc-7"), SeededDice("npc-7")
    assert [source_a.faces(DiceSpec(3, 6)) for _ in range(20)] == [
        source_b.faces(DiceSpec(3, 6)) for _ in range(20)
    ]


def test_secure_dice_cover_every_face() -> None:
    seen = {face for _ in range(400) for face in SecureDice().faces(DiceSpec(1, 6))}
    assert seen == {1, 2, 3, 4, 5, 6}


def test_entered_roll_describes_itself() -> None:
    assert entered_roll("2d6+2", [5, 6]).describe() == "2d6+2: 5 + 6 + 2 = 13 (entered)"


@given(st.integers(1, 8), st.integers(1, 20), st.integers(-5, 5), st.integers(0, 2**32))
def test_rolled_totals_lie_between_minimum_and_maximum(
    count: int, sides: int, bonus: int, seed: int
) -> None:
    spec = DiceSpec(count, sides, bonus)
    rolled = roll(spec, SeededDice(seed))
    assert spec.minimum <= rolled.total <= spec.maximum
