"""`counts_by_name` (rules/inputs.py) hands back a right mapping as it is, and refuses a
wrong pair by name, in the same words whether it checks every pair at once or one by one."""

from __future__ import annotations

from enum import IntEnum

import pytest

from rules.errors import MalformedInput
from rules.inputs import counts_by_name


class Level(IntEnum):
    HIGH = 9


def test_a_right_mapping_comes_back_as_a_dict_of_its_pairs() -> None:
    given = {"Mus": 7, "Grc": 0, "Psy": Level.HIGH}
    counts = counts_by_name(given, "The characteristics", minimum=0, maximum=15)
    assert counts == given
    assert counts is not given  # a copy: the caller's mapping is never handed on


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"Mus": True}, "Mus must be a whole number."),
        ({"Mus": 7.0}, "Mus must be a whole number."),
        ({"Mus": "7"}, "Mus must be a whole number."),
        ({"Mus": -1}, "Mus cannot be less than 0."),
        ({"Mus": 16}, "Mus cannot be more than 15."),
        ({7: 7}, "Each name in the characteristics must be written as text."),
        ([("Mus", 7)], "The characteristics must be given name by name."),
    ],
)
def test_a_wrong_pair_is_refused_by_name(given: object, message: str) -> None:
    with pytest.raises(MalformedInput) as refused:
        counts_by_name(
            {"Int": 8, **given} if isinstance(given, dict) else given,
            "The characteristics",
            minimum=0,
            maximum=15,
        )
    assert str(refused.value) == message
