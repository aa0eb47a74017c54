"""Typed dice as the table speaks: “3 4”, “3,4”, “3, 4” and, for d6s, “34”."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import DiceSpec
from rules.errors import DiceError, RulesError
from rules.typed_dice import (
    expected_faces,
    faces_help,
    faces_help_per_die,
    faces_placeholder,
    read_faces,
    reads_digit_runs,
    typed_roll,
)

TWO_D6 = DiceSpec(2, 6)
EXPECTED_2D6 = "Type 2 faces from 1 to 6, like “3 4”, “3,4” or “34”."


@pytest.mark.parametrize("typed", ["3 4", "3,4", "3, 4", " 3 ,4 ", "34", "3  4", "3;4", "3+4"])
def test_two_d6_are_read_however_the_table_writes_them(typed: str) -> None:
    assert read_faces(typed, TWO_D6) == (3, 4)


def test_the_refusal_names_the_count_the_sides_and_the_forms() -> None:
    assert expected_faces(TWO_D6) == EXPECTED_2D6
    with pytest.raises(DiceError) as refused:
        read_faces("3", TWO_D6)
    assert str(refused.value) == f"You typed 1 face; 2d6 has 2 dice. {EXPECTED_2D6}"


# --- Both sides of each boundary ----------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "allowed"),
    [("3", False), ("3 4", True), ("3 4 5", False), ("4", False), ("34", True), ("345", False)],
)
def test_as_many_faces_as_dice(typed: str, allowed: bool) -> None:
    if allowed:
        assert len(read_faces(typed, TWO_D6)) == 2
    else:
        with pytest.raises(DiceError, match=r"2d6 has 2 dice\. Type 2 faces from 1 to 6"):
            read_faces(typed, TWO_D6)


@pytest.mark.parametrize(
    ("typed", "allowed"),
    [("0 4", False), ("1 4", True), ("6 4", True), ("7 4", False), ("04", False), ("74", False)],
)
def test_a_d6_face_is_one_to_six(typed: str, allowed: bool) -> None:
    if allowed:
        assert read_faces(typed, TWO_D6)[1] == 4
    else:
        with pytest.raises(DiceError, match=r"1st d6 shows [07]; a d6 shows 1 to 6\. Type 2 faces"):
            read_faces(typed, TWO_D6)


@pytest.mark.parametrize("typed", ["", "   ", ",", " , ;"])
def test_nothing_typed_is_refused_with_the_expected_form(typed: str) -> None:
    with pytest.raises(DiceError, match=f"^No dice were typed\\. {re.escape(EXPECTED_2D6)}$"):
        read_faces(typed, TWO_D6)


@pytest.mark.parametrize("typed", ["three four", "3 x", "3a", "3.5 4", "-3 4", "３４", "٣ ٤"])
def test_letters_and_other_numbers_are_refused(typed: str) -> None:
    with pytest.raises(DiceError, match=r"is not a number from 1 to 6\. Type 2 faces"):
        read_faces(typed, TWO_D6)


# --- Dice whose faces can have two digits ---------------------------------------------------


@pytest.mark.parametrize("sides", [10, 12, 20, 100])
def test_a_run_of_digits_is_one_face_where_a_face_can_have_two_digits(sides: int) -> None:
    spec = DiceSpec(2, sides)
    assert read_faces("3 4", spec) == (3, 4)
    assert read_faces("3,10", spec) == (3, 10)
    with pytest.raises(DiceError, match=f"You typed 1 face; 2d{sides} has 2 dice"):
        read_faces("34", spec)
    assert "“34”" not in expected_faces(spec)


def test_one_d10_face_of_ten_and_not_eleven() -> None:
    assert read_faces("10", DiceSpec(1, 10)) == (10,)
    with pytest.raises(DiceError, match="shows 11; a d10 shows 1 to 10"):
        read_faces("11", DiceSpec(1, 10))


@pytest.mark.parametrize(("sides", "reads"), [(1, True), (9, True), (10, False), (100, False)])
def test_digit_runs_only_where_every_face_is_one_digit(sides: int, reads: bool) -> None:
    assert reads_digit_runs(sides) is reads


def test_a_very_long_number_is_refused_without_being_read() -> None:
    with pytest.raises(DiceError, match="is not a face of a d10"):
        read_faces("9" * 5000, DiceSpec(1, 10))


# --- The help shown before anything is typed ------------------------------------------------


def test_the_help_before_typing_shows_each_form() -> None:
    assert faces_help(TWO_D6) == "Two d6: type “3 4”, “3,4” or “34”."
    assert faces_help(DiceSpec(1, 6)) == "One d6: type “3”."
    assert faces_help(DiceSpec(3, 10)) == "Three d10: type “3 10 4” or “3,10,4”."
    assert faces_help(DiceSpec(12, 6)).startswith("12 d6: type “3 4 1 …”")
    assert faces_help_per_die(6) == (
        "One face per d6, from 1 to 6; for two dice, type “3 4”, “3,4” or “34”."
    )


def test_a_typed_roll_is_marked_entered() -> None:
    rolled = typed_roll("2d6+1", "52")
    assert (rolled.faces, rolled.total, rolled.entered) == ((5, 2), 8, True)


# --- Properties --------------------------------------------------------------------------------

SPECS = st.builds(DiceSpec, count=st.integers(1, 8), sides=st.sampled_from([4, 6, 8, 10, 20, 100]))


@given(data=st.data(), spec=SPECS, separator=st.sampled_from([" ", ",", ", ", " , ", "  "]))
def test_any_faces_written_with_separators_read_back(
    data: st.DataObject, spec: DiceSpec, separator: str
) -> None:
    one_per_die = st.lists(st.integers(1, spec.sides), min_size=spec.count, max_size=spec.count)
    faces = data.draw(one_per_die)
    assert read_faces(separator.join(map(str, faces)), spec) == tuple(faces)


@given(faces=st.lists(st.integers(1, 6), min_size=1, max_size=8))
def test_any_d6_faces_written_as_one_run_read_back(faces: list[int]) -> None:
    spec = DiceSpec(len(faces), 6)
    assert read_faces("".join(map(str, faces)), spec) == tuple(faces)


@given(text=st.text(max_size=20), spec=SPECS)
def test_whatever_is_typed_is_read_or_refused_with_the_expected_form(
    text: str, spec: DiceSpec
) -> None:
    refusal = ""
    faces: tuple[int, ...] = ()
    try:
        faces = read_faces(text, spec)
    except RulesError as refused:
        refusal = str(refused)
    if refusal:
        assert refusal.endswith(expected_faces(spec))
    else:
        assert len(faces) == spec.count
        assert all(1 <= face <= spec.sides for face in faces)


@pytest.mark.parametrize(
    ("dice", "placeholder"),
    [
        ("1d6", "e.g. 3"),
        ("2d6", "e.g. 3 4"),
        ("3d6", "e.g. 3 4 1"),
        ("2d10", "e.g. 3 10"),
        ("8d6", "e.g. 3 4 1 …"),
    ],
)
def test_the_placeholder_shows_as_many_faces_as_the_roll_has_dice(
    dice: str, placeholder: str
) -> None:
    assert faces_placeholder(DiceSpec.parse(dice)) == placeholder
